import { afterEach, describe, expect, it } from 'vitest';
import { createMockServer } from '../../src/create-mock-server.js';
import { createValidationProxy } from '../../src/proxy.js';
import { DEMO_API_KEY } from '../../src/seed/demo-ids.js';
import { ANSWER_HEADERS } from '../support/proxy-answers.js';
import { proxyOverDemo } from '../support/proxy-over-demo.js';

// A suite's negative tests break the spec on purpose to check the API's own validation. Marked with
// `X-Contract-Expect-Violation: request`, such a request reaches the upstream even under `errors`,
// and what it breaks is no violation; the upstream's answer is checked as any other.

const HEADER = 'x-contract-expect-violation';
const EXPECT = { [HEADER]: 'request' };
const KEY = { 'x-api-key': DEMO_API_KEY, 'content-type': 'application/json' };

const disposers: (() => void)[] = [];
afterEach(() => {
  for (const dispose of disposers.splice(0)) dispose();
});

/** A proxy in front of the demo mock, and what reached the mock (the header's value in each). */
function throughProxy(errors: boolean) {
  const { proxy, mock, reached } = proxyOverDemo(errors, (request) => request.headers.get(HEADER));
  disposers.push(() => mock.dispose());
  return { proxy, reached };
}

/** The negative tests of a suite: each request and the mock's own answer to it. */
const NEGATIVE: { name: string; path: string; init: RequestInit; status: number; code: string }[] =
  [
    {
      name: 'a bad email',
      path: '/v1/contacts',
      init: { method: 'POST', body: JSON.stringify({ email: 'not-an-email' }) },
      status: 400,
      code: 'VALIDATION_ERROR',
    },
    {
      name: 'limit=101',
      path: '/v1/agents?limit=101',
      init: {},
      status: 400,
      code: 'VALIDATION_ERROR',
    },
    {
      name: 'an unknown field',
      path: '/v1/contacts',
      init: { method: 'POST', body: JSON.stringify({ name: 'Ann', nickname: 'A' }) },
      status: 400,
      code: 'VALIDATION_ERROR',
    },
    {
      name: 'a method the path lacks (405)',
      path: '/v1/agents',
      init: { method: 'PATCH', body: '{}' },
      status: 405,
      code: 'METHOD_NOT_ALLOWED',
    },
    {
      name: 'a body over 1 MiB (413)',
      path: '/v1/contacts',
      init: { method: 'POST', body: JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 1) }) },
      status: 413,
      code: 'PAYLOAD_TOO_LARGE',
    },
  ];

describe('X-Contract-Expect-Violation: request', () => {
  for (const errors of [false, true]) {
    for (const { name, path, init, status, code } of NEGATIVE) {
      it(`${errors ? 'under errors' : 'in plain mode'}: ${name} reaches the upstream, whose own ${status} the test sees, and is no violation`, async () => {
        const { proxy, reached } = throughProxy(errors);
        const res = await proxy.fetch(path, { ...init, headers: { ...KEY, ...EXPECT } });
        expect(res.status).toBe(status);
        expect((await res.json()).error.code).toBe(code);
        // Forwarded once, the header stripped: the upstream never hears of the proxy's header.
        expect(reached).toEqual([null]);
        expect(res.headers.get('x-contract-violations')).toBe('0');
        expect(proxy.violationCount()).toBe(0);
        expect(proxy.violations()).toEqual([]);
      });
    }
  }

  it('still counts the same requests sent without it (and refuses them under errors, unforwarded)', async () => {
    for (const errors of [false, true]) {
      const { proxy, reached } = throughProxy(errors);
      for (const { path, init } of NEGATIVE) {
        const res = await proxy.fetch(path, { ...init, headers: KEY });
        expect(Number(res.headers.get('x-contract-violations'))).toBeGreaterThan(0);
      }
      expect(proxy.violations().every((v) => v.in === 'request')).toBe(true);
      expect(proxy.violationCount()).toBeGreaterThanOrEqual(NEGATIVE.length);
      expect(reached).toEqual(errors ? [] : NEGATIVE.map(() => null));
    }
  });

  it('counts a request without it beside one with it: only the unmarked one', async () => {
    const { proxy } = throughProxy(false);
    await proxy.fetch('/v1/agents?limit=101', { headers: { ...KEY, ...EXPECT } });
    await proxy.fetch('/v1/agents?limit=102', { headers: KEY });
    expect(proxy.violations().map((v) => [v.in, v.field, v.rule])).toEqual([
      ['request', 'limit', 'maximum'],
    ]);
  });

  it('still checks the answer: an error answer that breaks the spec is a violation, and 502 under errors', async () => {
    // An upstream whose 400 lacks the envelope's code and status.
    const broken = async () =>
      new Response(JSON.stringify({ error: { message: 'bad' } }), {
        status: 400,
        headers: { ...ANSWER_HEADERS, 'content-type': 'application/json' },
      });
    const plain = createValidationProxy({ upstream: 'http://upstream.test', fetch: broken });
    const res = await plain.fetch('/v1/agents?limit=101', { headers: { ...KEY, ...EXPECT } });
    expect(res.status).toBe(400);
    const seen = plain.violations();
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((v) => v.in === 'response' && v.status === 400)).toBe(true);
    expect(res.headers.get('x-contract-violations')).toBe(String(seen.length));

    const strict = createValidationProxy({
      upstream: 'http://upstream.test',
      errors: true,
      fetch: broken,
    });
    const replaced = await strict.fetch('/v1/agents?limit=101', {
      headers: { ...KEY, ...EXPECT },
    });
    expect(replaced.status).toBe(502);
    expect((await replaced.json()).error.code).toBe('CONTRACT_VIOLATION');
    expect(strict.violations().every((v) => v.in === 'response')).toBe(true);
  });

  it('passes a conforming request with it on as any other (nothing to forgive)', async () => {
    const { proxy, reached } = throughProxy(true);
    const res = await proxy.fetch('/v1/agents', { headers: { ...KEY, ...EXPECT } });
    expect(res.status).toBe(200);
    expect(reached).toEqual([null]);
    expect(proxy.violationCount()).toBe(0);
  });
});

describe("a browser's preflight for it, through the proxy", () => {
  it('is allowed though the upstream (a real API) lists only its own headers, which never hears of it', async () => {
    const asked: (string | null)[] = [];
    const proxy = createValidationProxy({
      upstream: 'http://upstream.test',
      fetch: async (request) => {
        asked.push(request.headers.get('access-control-request-headers'));
        return new Response(null, {
          status: 204,
          headers: {
            'access-control-allow-origin': '*',
            'access-control-allow-methods': 'GET, POST',
            'access-control-allow-headers': 'x-api-key, content-type',
          },
        });
      },
    });
    const preflight = (headers: string) =>
      proxy.fetch('/v1/contacts', {
        method: 'OPTIONS',
        headers: {
          origin: 'https://app.example.test',
          'access-control-request-method': 'POST',
          'access-control-request-headers': headers,
        },
      });
    const res = await preflight(`content-type,${HEADER},x-api-key`);
    expect(res.headers.get('access-control-allow-headers')).toBe(
      `x-api-key, content-type, ${HEADER}`,
    );
    // Asked alone, the upstream hears no Access-Control-Request-Headers.
    await preflight(HEADER);
    // A preflight that does not name it passes as the upstream answered it.
    const plain = await preflight('x-api-key');
    expect(plain.headers.get('access-control-allow-headers')).toBe('x-api-key, content-type');
    expect(asked).toEqual(['content-type,x-api-key', null, 'x-api-key']);
    expect(proxy.violationCount()).toBe(0);
  });
});

describe('X-Contract-Expect-Violation with another value', () => {
  for (const value of ['true', 'response', 'Request', '1', 'request, request']) {
    it(`is the proxy's own 400 for ${JSON.stringify(value)}, naming the header and its value, unforwarded`, async () => {
      const { proxy, reached } = throughProxy(false);
      const res = await proxy.fetch('/v1/agents?limit=101', {
        headers: { ...KEY, origin: 'https://app.example.test', [HEADER]: value },
      });
      expect(res.status).toBe(400);
      const { error } = await res.json();
      expect(error.code).toBe('VALIDATION_ERROR');
      expect(error.message).toContain('X-Contract-Expect-Violation');
      expect(error.message).toContain('request');
      expect(reached).toEqual([]);
      // Marked as the proxy's other own answers are.
      expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      // Recorded, so that a step whose test took this 400 for the API's own does not pass unsaid.
      expect(proxy.violations().map((v) => [v.in, v.field, v.rule])).toEqual([
        ['request', HEADER, 'expect-violation'],
      ]);
      expect(res.headers.get('x-contract-violations')).toBe('1');
    });
  }
});

describe('the mock itself', () => {
  it('ignores the header, whatever its value', async () => {
    const mock = createMockServer({ seed: 'demo', clock: 'manual' });
    disposers.push(() => mock.dispose());
    for (const value of ['request', 'nonsense']) {
      const res = await mock.fetch('/v1/agents', {
        headers: { 'x-api-key': DEMO_API_KEY, [HEADER]: value },
      });
      expect(res.status).toBe(200);
    }
  });

  it("allows it in a browser's preflight, asked or by default", async () => {
    const mock = createMockServer();
    disposers.push(() => mock.dispose());
    const origin = 'https://app.example.test';
    const asked = await mock.fetch('/v1/agents', {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'GET',
        'access-control-request-headers': `x-api-key,${HEADER}`,
      },
    });
    expect(asked.headers.get('access-control-allow-headers')).toContain(HEADER);
    const unasked = await mock.fetch('/v1/agents', {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'GET' },
    });
    expect(unasked.headers.get('access-control-allow-headers')).toContain(HEADER);
  });
});
