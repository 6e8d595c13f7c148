import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createHash, createHmac } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { createMockServer, DEMO_API_KEY, DEMO_IDS } from '@agent-platform/mock-server';
import { isWebhookVerificationError } from '@agent-platform/webhook-verify';
import { verifyWebhookSync } from '@agent-platform/webhook-verify/node';
import { afterEach, describe, expect, it } from 'vitest';
import { type CapturedDelivery, captureDeliveries } from '../support/capture-deliveries.js';

// The Python receiver (standard library only) against the mock's real deliveries over loopback, on
// the mock's manual clock: the receiver reads the time from GET /__mock/clock (--clock-url).
const script = fileURLToPath(new URL('./receiver.py', import.meta.url));

/** Why python3 cannot run receiver.py here (none, or older than 3.11), or undefined when it can. */
function pythonProblem(): string | undefined {
  try {
    const ok = execFileSync('python3', ['-c', 'import sys; print(sys.version_info >= (3, 11))'], {
      encoding: 'utf8',
    });
    return ok.trim() === 'True' ? undefined : 'python3 is older than 3.11';
  } catch {
    return 'python3 not found';
  }
}
const problem = pythonProblem();
// CI must run these, as webhook-verify's Redis and openssl tests: there a missing python3 fails them.
const skip = problem !== undefined && process.env.CI !== 'true';
if (skip) {
  console.warn(
    `receiver.test.ts: skipped, ${problem} (Debian/Ubuntu: sudo apt-get install -y python3; macOS: brew install python)`,
  );
}

interface Verdict {
  verdict: string;
  code?: string;
  event?: string;
  variant?: string;
  signed_by?: number;
  key?: string;
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Starts receiver.py on a free port with a secrets file; its verdicts, one JSON line each, in order. */
async function startReceiver(
  clockUrl: string,
  extra: string[] = [],
  env: Record<string, string> = {},
) {
  const dir = await mkdtemp(join(tmpdir(), 'python-receiver-'));
  const secretsFile = join(dir, 'secrets');
  await writeFile(secretsFile, '');
  const child: ChildProcess = spawn(
    'python3',
    [script, '--port', '0', '--secrets-file', secretsFile, '--clock-url', clockUrl, ...extra],
    { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...env } },
  );
  cleanups.push(async () => {
    child.kill();
    await rm(dir, { recursive: true, force: true });
  });
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const queued: string[] = [];
  const waiting: ((line: string) => void)[] = [];
  lines.on('line', (line) => {
    const waiter = waiting.shift();
    if (waiter) waiter(line);
    else queued.push(line);
  });
  const nextLine = () =>
    new Promise<string>((resolve, reject) => {
      const line = queued.shift();
      if (line !== undefined) return resolve(line);
      waiting.push(resolve);
      child.once('exit', (code) => reject(new Error(`receiver.py exited (${code})`)));
    });
  const banner = await nextLine();
  const url = /^receiver listening on (\S+)$/.exec(banner)?.[1];
  if (!url) throw new Error(`unexpected banner: ${banner}`);
  return {
    url,
    /** The next verdict the receiver printed. */
    verdict: async () => JSON.parse(await nextLine()) as Verdict,
    /** The verdicts of the next n deliveries. */
    verdicts: async (n: number) => {
      const all: Verdict[] = [];
      for (let i = 0; i < n; i++) all.push(JSON.parse(await nextLine()) as Verdict);
      return all;
    },
    secrets: (secrets: string[]) => writeFile(secretsFile, `${secrets.join('\n')}\n`),
  };
}

/**
 * Runs `lines` (Python, after `from receiver import VerificationError, verify`) with `input` as JSON
 * on stdin; what it printed.
 */
async function runPython(lines: string[], input: unknown): Promise<string> {
  const program = [
    'import base64, json, sys',
    'from datetime import datetime',
    `sys.path.insert(0, ${JSON.stringify(fileURLToPath(new URL('.', import.meta.url)))})`,
    'from receiver import VerificationError, verify',
    ...lines,
  ].join('\n');
  const child = spawn('python3', ['-c', program], { stdio: ['pipe', 'pipe', 'inherit'] });
  child.stdin?.end(JSON.stringify(input));
  let out = '';
  child.stdout?.on('data', (chunk) => {
    out += chunk;
  });
  // 'close', not 'exit': stdout may still hold output when the process has exited.
  const code = await new Promise((resolve) => child.on('close', resolve));
  if (code !== 0) throw new Error(`python3 exited ${code}`);
  return out;
}

/** A demo-workspace mock on a manual clock, listening on loopback; its deliveries recorded. */
async function startMock(variant: 'A' | 'B', adminToken?: string) {
  const { captured, deliveryFetch } = captureDeliveries();
  const mock = createMockServer({
    variant,
    seed: 'demo',
    clock: 'manual',
    startTime: '2024-01-01T00:00:00Z',
    // The most an advance waits for the receiver to answer: it returns as soon as it has.
    deliveryGraceMs: 60_000,
    deliveryFetch,
    adminToken,
  });
  const server = await mock.listen({ port: 0 });
  cleanups.push(async () => {
    await server.close();
    mock.dispose();
  });
  const api = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: { 'x-api-key': DEMO_API_KEY, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = response.status === 204 ? undefined : await response.json();
    if (!response.ok)
      throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
    return json?.data;
  };
  return { mock, api, captured, clockUrl: `${server.url}/__mock/clock` };
}

/** Starts the mock and the receiver, and registers the receiver as a webhook of every event. */
async function setUp(variant: 'A' | 'B', extra: string[] = []) {
  const { mock, api, captured, clockUrl } = await startMock(variant);
  const receiver = await startReceiver(clockUrl, extra);
  // With a query, as a URL that carries a routing token would: the receiver routes on the path.
  const url = `${receiver.url}?source=agent-platform`;
  const webhook = await api('POST', '/v1/webhooks', { url, events: ['*'] });
  await receiver.secrets([webhook.secret]);
  const attempts = () => mock.webhookAttempts().map((a) => [a.event, a.http_status]);
  return { mock, api, captured, receiver, webhook, attempts };
}

/** POSTs a captured delivery to the receiver again, changed by `change`: [status, body]. */
async function replay(
  delivery: CapturedDelivery,
  change: (d: CapturedDelivery) => CapturedDelivery = (d) => d,
) {
  const { url, body, headers } = change(delivery);
  const response = await fetch(url, { method: 'POST', body, headers });
  return [response.status, await response.text()];
}

const contact = { name: 'Ada Py', email: 'ada.py@example.com' };

describe.skipIf(skip)('--clock-url on a mock with an admin token', () => {
  /** A receiver reading the clock of a mock started with `--admin-token s3cret`, with `env`. */
  async function guarded(env: Record<string, string>) {
    const { mock, api, clockUrl } = await startMock('A', 's3cret');
    const receiver = await startReceiver(clockUrl, [], env);
    const webhook = await api('POST', '/v1/webhooks', { url: receiver.url, events: ['*'] });
    await receiver.secrets([webhook.secret]);
    await api('POST', '/v1/contacts', contact);
    await mock.settle();
    return { receiver, attempts: () => mock.webhookAttempts().map((a) => a.http_status) };
  }

  it('sends AGENT_PLATFORM_MOCK_ADMIN_TOKEN, as the other examples do', async () => {
    const { receiver, attempts } = await guarded({ AGENT_PLATFORM_MOCK_ADMIN_TOKEN: 's3cret' });
    expect(await receiver.verdict()).toMatchObject({ event: 'contact.created', verdict: 'ok' });
    expect(attempts()).toEqual([200]);
  });

  it('without it, answers 500 "misconfigured", saying what to set', async () => {
    const { receiver, attempts } = await guarded({ AGENT_PLATFORM_MOCK_ADMIN_TOKEN: '' });
    const verdict = (await receiver.verdict()) as Verdict & { error?: string };
    expect(verdict.verdict).toBe('misconfigured');
    expect(verdict.error).toMatch(/401.*AGENT_PLATFORM_MOCK_ADMIN_TOKEN/);
    expect(attempts()).toEqual([500]);
  });
});

describe.skipIf(skip).each(['A', 'B'] as const)('Variant %s', (variant) => {
  it('verifies a test event, a contact created and a chat message, each once', async () => {
    const { mock, api, receiver, webhook, attempts } = await setUp(variant);
    const test = await api('POST', `/v1/webhooks/${webhook.id}/test`);
    expect(test).toMatchObject({ http_status: 200, succeeded: true });
    expect(await receiver.verdict()).toMatchObject({
      variant,
      event: 'webhook.test',
      signed_by: 0,
      verdict: 'ok',
    });
    await api('POST', '/v1/contacts', contact);
    await api('POST', `/v1/agents/${DEMO_IDS.supportAgent}/conversation`, {
      contact_id: DEMO_IDS.adaContact,
      message: 'Où est ma commande ? 📦', // UTF-8 bytes as sent, never re-encoded
    });
    await mock.settle();
    const events = ['contact.created', 'conversation.created', 'message.received', 'message.sent'];
    expect(await receiver.verdicts(4)).toMatchObject(
      events.map((event) => ({ variant, event, signed_by: 0, verdict: 'ok' })),
    );
    expect(attempts()).toEqual([['webhook.test', 200], ...events.map((e) => [e, 200])]);
  });

  it('answers a replay "duplicate", and 401 or 400 to a changed byte or a header of another delivery', async () => {
    const { mock, api, captured, receiver } = await setUp(variant);
    await api('POST', '/v1/contacts', contact);
    await api('POST', '/v1/contacts', { name: 'Grace Py' });
    await mock.settle();
    expect((await receiver.verdicts(2)).map((v) => v.verdict)).toEqual(['ok', 'ok']);
    const [first, second] = captured;
    if (!first || !second) throw new Error('the mock sent fewer than 2 deliveries');

    expect(await replay(first)).toEqual([200, 'duplicate']);
    expect(await receiver.verdict()).toMatchObject({ verdict: 'duplicate' });

    const tampered: [string, (d: CapturedDelivery) => CapturedDelivery, number, string][] = [
      [
        'a byte of the body',
        (d) => ({ ...d, body: d.body.replace('Ada Py', 'Ada Pz') }),
        401,
        'signature_mismatch',
      ],
      [
        "the other delivery's signature",
        (d) => ({ ...d, headers: { ...second.headers, 'content-length': String(d.body.length) } }),
        401,
        'signature_mismatch',
      ],
      [
        'no signature',
        (d) => ({ ...d, headers: { 'content-type': 'application/json' } }),
        400,
        'missing_header',
      ],
    ];
    if (variant === 'A') {
      const ts = Number(first.headers['x-webhook-timestamp']);
      tampered.push(
        // The signing time is signed: a replay cannot move it into the window.
        [
          'X-Webhook-Timestamp moved',
          (d) => ({ ...d, headers: { ...d.headers, 'x-webhook-timestamp': String(ts + 1) } }),
          401,
          'signature_mismatch',
        ],
        // X-Webhook-ID is not signed: it must agree with the body's webhook_id.
        [
          'X-Webhook-ID of another webhook',
          (d) => ({ ...d, headers: { ...d.headers, 'x-webhook-id': DEMO_IDS.workspace } }),
          400,
          'invalid_body',
        ],
        // Compared exactly, as @agent-platform/webhook-verify does: the sender writes both alike.
        [
          'X-Webhook-ID in upper case',
          (d) => ({
            ...d,
            headers: {
              ...d.headers,
              'x-webhook-id': String(d.headers['x-webhook-id']).toUpperCase(),
            },
          }),
          400,
          'invalid_body',
        ],
      );
    }
    for (const [what, change, status, code] of tampered) {
      expect([what, ...(await replay(first, change))]).toEqual([what, status, code]);
      expect(await receiver.verdict()).toEqual({ verdict: 'rejected', code });
    }
  });

  it(`handles an event two webhooks send it ${variant === 'B' ? 'once (its event_id)' : 'once per webhook (the body names it)'}, as webhook-verify's deduper does`, async () => {
    const { mock, api, receiver, webhook } = await setUp(variant);
    const other = await api('POST', '/v1/webhooks', {
      url: `${receiver.url}?source=second`,
      events: ['contact.created'],
    });
    await receiver.secrets([webhook.secret, other.secret]);
    await api('POST', '/v1/contacts', contact);
    await mock.settle();
    const verdicts = (await receiver.verdicts(2)).map((v) => v.verdict);
    // The two deliveries go out at once: in B the second may come while the first is handled, and is
    // answered 409 (in_progress) and retried, to be a duplicate then.
    if (verdicts.includes('in_progress')) {
      await mock.clock.advance(variant === 'A' ? 60_000 : 5_000);
      await mock.settle();
      verdicts.push((await receiver.verdict()).verdict);
    }
    expect(verdicts.filter((v) => v !== 'in_progress').sort()).toEqual(
      variant === 'B' ? ['duplicate', 'ok'] : ['ok', 'ok'],
    );
    // Each webhook's last attempt succeeded.
    const last = new Map(mock.webhookAttempts().map((a) => [a.webhook_id, a.http_status]));
    expect(Object.fromEntries(last)).toEqual({ [webhook.id]: 200, [other.id]: 200 });
  });

  it('retries a delivery its handler failed (500) when the mock clock reaches it, and handles it once', async () => {
    const { mock, api, captured, receiver, webhook } = await setUp(variant, ['--fail-first', '1']);
    await api('POST', '/v1/contacts', contact);
    await mock.settle();
    const failed = await receiver.verdict();
    expect(failed).toMatchObject({ event: 'contact.created', verdict: 'failed' });
    await mock.clock.advance(variant === 'A' ? 60_000 : 5_000);
    const retried = await receiver.verdict();
    expect(retried).toMatchObject({ event: 'contact.created', verdict: 'ok' });
    // The retry's dedupe key is the first attempt's: the same body bytes (A), the same event_id (B).
    const [first, second] = captured;
    if (!first || !second) throw new Error('the mock sent fewer than 2 attempts');
    expect(second.body).toBe(first.body);
    if (variant === 'A') {
      expect(second.headers['x-webhook-timestamp']).toBe('1704067260'); // signed again, a minute later
      expect(retried.key).toBe(`A:${createHash('sha256').update(first.body).digest('hex')}`);
    }
    expect(retried.key).toBe(failed.key);
    // Handled, but say its 200 was lost on the way back: the sender's next attempt is a duplicate.
    expect(await replay(second)).toEqual([200, 'duplicate']);
    const [delivery] = await api('GET', `/v1/webhooks/${webhook.id}/deliveries`);
    expect(delivery.status).toBe('succeeded');
    expect(delivery.attempts.map((a: { http_status: number }) => a.http_status)).toEqual([
      500, 200,
    ]);
  });

  it('fails a delivery signed with a secret it lacks (401) and verifies its retry once given it', async () => {
    const { mock, api, receiver, webhook, attempts } = await setUp(variant);
    // Rotated without grace: the new secret signs at once, and the receiver does not have it yet.
    const rotated = await api('POST', `/v1/webhooks/${webhook.id}/rotate-secret`);
    await api('POST', '/v1/contacts', contact);
    await mock.settle();
    expect(await receiver.verdict()).toEqual({ verdict: 'rejected', code: 'signature_mismatch' });
    await receiver.secrets([rotated.secret, webhook.secret]);
    await mock.clock.advance(variant === 'A' ? 60_000 : 5_000);
    expect(await receiver.verdict()).toMatchObject({
      variant,
      event: 'contact.created',
      signed_by: 0,
      verdict: 'ok',
    });
    expect(attempts()).toEqual([
      ['contact.created', 401],
      ['contact.created', 200],
    ]);
  });

  it('rotates with a grace period without a failed delivery: the previous secret signs until it ends', async () => {
    const { mock, api, receiver, webhook, attempts } = await setUp(variant);
    const rotated = await api('POST', `/v1/webhooks/${webhook.id}/rotate-secret`, {
      grace_seconds: 3600,
    });
    // The receiver has not got the new secret yet: deliveries are still signed with the previous one.
    await api('POST', '/v1/contacts', contact);
    await mock.settle();
    expect(await receiver.verdict()).toMatchObject({ signed_by: 0, verdict: 'ok' });
    // Within the hour it is given the new one and keeps the previous one.
    await receiver.secrets([rotated.secret, webhook.secret]);
    await mock.clock.advance(3_599_000);
    await api('POST', '/v1/contacts', { name: 'Still previous' });
    await mock.settle();
    expect(await receiver.verdict()).toMatchObject({ signed_by: 1, verdict: 'ok' });
    await mock.clock.advance(1_000);
    await api('POST', '/v1/contacts', { name: 'Now the new one' });
    await mock.settle();
    expect(await receiver.verdict()).toMatchObject({ signed_by: 0, verdict: 'ok' });
    // After it, the previous secret is dropped.
    await receiver.secrets([rotated.secret]);
    await api('POST', `/v1/webhooks/${webhook.id}/test`);
    expect(await receiver.verdict()).toMatchObject({ signed_by: 0, verdict: 'ok' });
    expect(attempts().every(([, status]) => status === 200)).toBe(true);
  });
});

describe.skipIf(skip)('Variant A signing time', () => {
  it('accepts a delivery up to 300 s old on the mock clock and refuses it after (a retry is signed again)', async () => {
    const { mock, api, captured, receiver } = await setUp('A');
    await api('POST', '/v1/contacts', contact);
    await mock.settle();
    expect(await receiver.verdict()).toMatchObject({ verdict: 'ok' });
    const [delivery] = captured;
    if (!delivery) throw new Error('the mock sent nothing');
    await mock.clock.advance(300_000);
    expect(await replay(delivery)).toEqual([200, 'duplicate']);
    await receiver.verdict();
    await mock.clock.advance(1_000);
    expect(await replay(delivery)).toEqual([401, 'timestamp_too_old']);
    expect(await receiver.verdict()).toEqual({ verdict: 'rejected', code: 'timestamp_too_old' });
  });
});

describe.skipIf(skip)('Variant B replay window (the body timestamp)', () => {
  it('answers a replay "duplicate" for a day, then "too old" (200, not handled), never "ok" again', async () => {
    const { mock, api, captured, receiver } = await setUp('B');
    await api('POST', '/v1/contacts', contact);
    await mock.settle();
    expect(await receiver.verdict()).toMatchObject({ verdict: 'ok' });
    const [delivery] = captured;
    if (!delivery) throw new Error('the mock sent nothing');
    // Variant B signs no time: the captured delivery verifies for ever. The event happened at the
    // mock's start time, and was handled then; a second short of a day later, still a duplicate.
    await mock.clock.advance(86_399_000);
    expect(await replay(delivery)).toEqual([200, 'duplicate']);
    expect(await receiver.verdict()).toMatchObject({ verdict: 'duplicate' });
    // A day: the dedupe mark lapses now, and the event is too old from now on (acknowledged, 2xx,
    // so that nobody retries it). Had the limit been let through, this replay was handled again.
    await mock.clock.advance(1_000);
    expect(await replay(delivery)).toEqual([200, 'too old']);
    expect(await receiver.verdict()).toMatchObject({
      verdict: 'too_old',
      event: 'contact.created',
    });
    await mock.clock.advance(365 * 86_400_000);
    expect(await replay(delivery)).toEqual([200, 'too old']);
    expect(await receiver.verdict()).toMatchObject({
      verdict: 'too_old',
      event: 'contact.created',
    });
  });

  it('refuses a signed body whose timestamp is no date (400 invalid_body)', async () => {
    const { captured, api, mock, receiver, webhook } = await setUp('B');
    await api('POST', '/v1/contacts', contact);
    await mock.settle();
    await receiver.verdict();
    const [delivery] = captured;
    if (!delivery) throw new Error('the mock sent nothing');
    const body = delivery.body.replace(/"timestamp":"[^"]+"/, '"timestamp":"yesterday"');
    const signature = `sha256=${createHmac('sha256', webhook.secret).update(body).digest('hex')}`;
    const headers = { ...delivery.headers, 'x-service-signature': signature };
    expect(await replay(delivery, (d) => ({ ...d, body, headers }))).toEqual([400, 'invalid_body']);
    expect(await receiver.verdict()).toEqual({ verdict: 'rejected', code: 'invalid_body' });
  });
});

describe.skipIf(skip).each(['A', 'B'] as const)(
  'verify() on what the mock kept, Variant %s',
  (variant) => {
    /**
     * Runs receiver.py's verify() on each attempt's headers and body, as a Python suite with no
     * receiver of its own reads them from GET /__mock/webhook-attempts: its verdict for each.
     */
    async function verifyInPython(attempts: unknown[], secret: string) {
      const out = await runPython(
        [
          'for attempt in json.load(sys.stdin):',
          '    headers = {name: [value] for name, value in attempt["headers"].items()}',
          '    now = datetime.fromisoformat(attempt["attempted_at"].replace("Z", "+00:00")).timestamp()',
          '    try:',
          `        delivery = verify(headers, attempt["body"].encode("utf-8"), [${JSON.stringify(secret)}], now)`,
          '        print(json.dumps({"verdict": "ok", "event": delivery.event["event"]}))',
          '    except VerificationError as error:',
          '        print(json.dumps({"verdict": "rejected", "code": error.code}))',
        ],
        attempts,
      );
      return out
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Verdict);
    }

    it('accepts each attempt from its headers and body alone, and refuses one whose body changed', async () => {
      const { mock, api } = await startMock(variant);
      // A receiver that is down (nothing listens on loopback's port 1): the attempt is made all the
      // same, and kept with what it sent.
      const webhook = await api('POST', '/v1/webhooks', {
        url: 'http://127.0.0.1:1/down',
        events: ['contact.created'],
      });
      await api('POST', '/v1/contacts', { name: 'Zoë Py 📦' });
      await mock.settle();
      const attempts = mock.webhookAttempts();
      expect(attempts).toHaveLength(1);
      const [sent] = attempts;
      if (!sent) throw new Error('the mock made no attempt');
      const changed = { ...sent, body: sent.body.replace('Zoë', 'Zoe') };
      expect(changed.body).not.toBe(sent.body);
      expect(await verifyInPython([sent, changed], webhook.secret)).toEqual([
        { verdict: 'ok', event: 'contact.created' },
        { verdict: 'rejected', code: 'signature_mismatch' },
      ]);
    });
  },
);

describe.skipIf(skip)('verify() and @agent-platform/webhook-verify', () => {
  const secret = 'whsec_parity';
  const now = 1_767_225_600; // 2026-01-01T00:00:00Z, the bodies' time
  const envelope = {
    event_id: '5f0c2a9e-8d3b-4c71-a6e4-2b9d7f1c3e58',
    event: 'contact.created',
    timestamp: '2026-01-01T00:00:00.000Z',
    webhook_id: '0b6f8e3c-3b8e-4d0a-9c55-6a1f2e7d9b01',
    data: { id: 'c1' },
  };
  const json = (change: Record<string, unknown>) => JSON.stringify({ ...envelope, ...change });
  const hex = (bytes: Buffer) => createHmac('sha256', secret).update(bytes).digest('hex');
  const b = (body: string | Buffer, prefix = 'sha256=') => {
    const bytes = Buffer.from(body);
    return { body: bytes, headers: { 'x-service-signature': `${prefix}${hex(bytes)}` } };
  };
  const a = (body: string) => {
    const bytes = Buffer.from(body);
    const signed = Buffer.concat([Buffer.from(`${now}.`), bytes]);
    return {
      body: bytes,
      headers: {
        'x-webhook-signature': `sha256=${hex(signed)}`,
        'x-webhook-timestamp': String(now),
        'x-webhook-id': envelope.webhook_id,
      },
    };
  };
  const cases: Record<string, { body: Buffer; headers: Record<string, string> }> = {
    'B: valid': b(json({})),
    'B: the prefix in upper case': b(json({}), 'SHA256='),
    'B: the prefix with a long s (U+017F)': b(json({}), '\u017fha256='),
    'B: a byte order mark before the JSON': b(`\ufeff${json({})}`),
    'B: bytes that are not UTF-8 in a string': b(
      Buffer.concat([
        Buffer.from(json({ data: { id: 'c' } }).slice(0, -3)),
        Buffer.from([0xff]),
        Buffer.from('"}}'),
      ]),
    ),
    'B: data null': b(json({ data: null })),
    'B: data an array': b(json({ data: [] })),
    'B: event empty': b(json({ event: '' })),
    'B: event_id missing': b(json({ event_id: undefined })),
    'B: webhook_id a number': b(json({ webhook_id: 7 })),
    'B: an array, not an object': b('[1]'),
    'B: not JSON': b('not json'),
    'A: valid': a(json({ event_id: undefined })),
    'A: data null': a(json({ event_id: undefined, data: null })),
    'A: timestamp a number': a(json({ event_id: undefined, timestamp: 5 })),
  };

  /** The code webhook-verify answers each case with, or "ok". */
  function inTypeScript(): Record<string, string> {
    return Object.fromEntries(
      Object.entries(cases).map(([name, { body, headers }]) => {
        try {
          verifyWebhookSync({
            variant: 'auto',
            rawBody: body,
            headers,
            secret,
            now: new Date(now * 1000),
          });
          return [name, 'ok'];
        } catch (error) {
          if (!isWebhookVerificationError(error)) throw error;
          return [name, error.code];
        }
      }),
    );
  }

  /** The code receiver.py's verify() raises for each case, or "ok". */
  async function inPython(): Promise<Record<string, string>> {
    const input = Object.fromEntries(
      Object.entries(cases).map(([name, { body, headers }]) => [
        name,
        { body: body.toString('base64'), headers },
      ]),
    );
    const out = await runPython(
      [
        'verdicts = {}',
        'for name, case in json.load(sys.stdin).items():',
        '    headers = {k: [v] for k, v in case["headers"].items()}',
        '    try:',
        `        verify(headers, base64.b64decode(case["body"]), [${JSON.stringify(secret)}], ${now})`,
        '        verdicts[name] = "ok"',
        '    except VerificationError as error:',
        '        verdicts[name] = error.code',
        'print(json.dumps(verdicts))',
      ],
      input,
    );
    return JSON.parse(out) as Record<string, string>;
  }

  it('answer the same code on the edge cases of a signed delivery', async () => {
    const expected = {
      'B: valid': 'ok',
      'B: the prefix in upper case': 'ok',
      'B: the prefix with a long s (U+017F)': 'malformed_signature',
      'B: a byte order mark before the JSON': 'ok',
      'B: bytes that are not UTF-8 in a string': 'ok',
      'B: data null': 'invalid_body',
      'B: data an array': 'invalid_body',
      'B: event empty': 'invalid_body',
      'B: event_id missing': 'invalid_body',
      'B: webhook_id a number': 'invalid_body',
      'B: an array, not an object': 'invalid_body',
      'B: not JSON': 'invalid_json',
      'A: valid': 'ok',
      'A: data null': 'invalid_body',
      'A: timestamp a number': 'invalid_body',
    };
    expect(inTypeScript()).toEqual(expected);
    expect(await inPython()).toEqual(expected);
  });
});

describe.skipIf(skip)('the receiver on a body it cannot read', () => {
  /** Sends `head` and `rest`, then ends its side: the receiver's status line. */
  function raw(url: string, head: string, rest = ''): Promise<string> {
    const { port } = new URL(url);
    return new Promise((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1');
      let answer = '';
      socket.on('data', (chunk) => {
        answer += chunk;
      });
      socket.on('error', reject);
      socket.on('close', () => resolve(answer.split('\r\n')[0] ?? ''));
      socket.end(`${head}\r\n\r\n${rest}`);
    });
  }

  it('answers 400 to a Content-Length that is no count, 413 to one too long, without reading the body', async () => {
    const { clockUrl } = await startMock('B');
    const receiver = await startReceiver(clockUrl);
    const post = (framing: string) =>
      raw(receiver.url, `POST /webhooks HTTP/1.1\r\nHost: 127.0.0.1\r\n${framing}`, '{"a":1}');
    // "-1" read the body to its end, with no limit, before verifying anything.
    expect(await post('Content-Length: -1')).toBe('HTTP/1.1 400 Bad Request');
    expect(await post('Content-Length: seven')).toBe('HTTP/1.1 400 Bad Request');
    expect(await post('Content-Length: 7\r\nContent-Length: 7')).toBe('HTTP/1.1 400 Bad Request');
    expect(await post(`Content-Length: ${'9'.repeat(5000)}`)).toBe(
      'HTTP/1.1 413 Request Entity Too Large',
    );
    expect(await post('Transfer-Encoding: chunked')).toBe('HTTP/1.1 400 Bad Request');
  });
});
