import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { signWebhook } from '../src/index.js';
import { signWebhookSync } from '../src/node.js';
import { findOpenssl, INSTALL_OPENSSL } from './support/openssl.js';
import { outcomeBoth } from './support/outcome.js';
import { bodyOf, deliveryOf, type Vector, vectors } from './support/vectors.js';

// Signatures computed by openssl (fixtures/make-vectors.sh), never by the code under test.
describe('known-answer vectors', () => {
  it.each(vectors)('$name: verifies to $expect', async (v) => {
    const outcome = await outcomeBoth(deliveryOf(v));
    if (v.expect === 'ok') {
      expect(outcome).toMatchObject({ ok: true, event: { variant: v.variant } });
    } else {
      expect(outcome).toMatchObject({ ok: false, code: v.expect });
    }
  });

  it.each(vectors)('$name: signWebhook and signWebhookSync give openssl’s signature', async (v) => {
    const options = {
      variant: v.variant,
      secret: v.secret,
      rawBody: bodyOf(v),
      timestamp: Number(v.timestamp ?? 0),
      webhookId: 'unused-by-the-signature',
    };
    const headerName = v.variant === 'A' ? 'X-Webhook-Signature' : 'X-Service-Signature';
    const asyncHeaders = (await signWebhook(options)) as unknown as Record<string, string>;
    const syncHeaders = signWebhookSync(options) as unknown as Record<string, string>;
    expect(asyncHeaders[headerName]).toBe(v.signature);
    expect(syncHeaders[headerName]).toBe(v.signature);
  });

  it.each(vectors)('$name: its openssl command signs its secret, timestamp and body', (v) => {
    const { secret, timestamp, body } = commandInputs(v);
    expect(secret).toBe(v.secret);
    expect(timestamp).toBe(v.timestamp);
    expect(body).toEqual(bodyOf(v));
  });
});

const onCi = process.env.CI === 'true';
const openssl = findOpenssl();
// CI must run these: there, a missing openssl fails each test with how to install it.
const skipReason =
  openssl === undefined && !onCi ? `openssl not found (${INSTALL_OPENSSL})` : undefined;
if (skipReason) console.warn(`known-answer.test.ts: openssl commands skipped, ${skipReason}`);

describe('known-answer vectors, their commands run', () => {
  // The fixture's signature is what its stored command prints today, so neither can be edited alone.
  it.skipIf(skipReason !== undefined).each(vectors)('$name: openssl prints its signature', (v) => {
    if (openssl === undefined) throw new Error(`openssl is not on PATH: ${INSTALL_OPENSSL}`);
    // bash, as make-vectors.sh runs them; LC_ALL=C so that printf writes \xNN as bytes.
    const output = execFileSync('bash', ['-c', v.command], {
      encoding: 'utf8',
      env: { ...process.env, LC_ALL: 'C' },
    });
    // `SHA2-256(stdin)= <hex>` (OpenSSL 3) or `(stdin)= <hex>` (1.1, LibreSSL).
    expect(`sha256=${output.trim().split(' ').at(-1)}`).toBe(v.signature);
  });
});

/** What a vector's command hands openssl: `printf` formats, decoded as the shell's printf does. */
function commandInputs(v: Vector) {
  const pattern =
    v.variant === 'A'
      ? /^\{ printf '%s\.' (\d+); printf '([^']*)'; \} \| openssl dgst -sha256 -hmac '([^']*)'$/
      : /^()printf '([^']*)' \| openssl dgst -sha256 -hmac '([^']*)'$/;
  const [, timestamp, format, secret] = pattern.exec(v.command) ?? [];
  if (format === undefined) throw new Error(`${v.name}: a command of another shape: ${v.command}`);
  const bytes: number[] = [];
  for (const [, hex, escaped, char] of format.matchAll(/\\x([0-9a-f]{2})|\\(.)|([^\\]+)/gs)) {
    if (hex) bytes.push(Number.parseInt(hex, 16));
    else if (escaped) bytes.push(escaped === 'n' ? 10 : (escaped.codePointAt(0) ?? 0));
    else bytes.push(...new TextEncoder().encode(char));
  }
  return { secret, timestamp: timestamp || null, body: Uint8Array.from(bytes) };
}
