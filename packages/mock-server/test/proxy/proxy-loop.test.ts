import { describe, expect, it, onTestFinished } from 'vitest';
import {
  type UpstreamFailure,
  watchedValidationProxy,
} from '../../src/proxy/create-validation-proxy.js';
import { createValidationProxy, type ValidationProxy } from '../../src/proxy.js';

// A proxy whose upstream leads back to it (its host name, another address of the machine, or a
// second proxy forwarding to the first) forwarded each request to itself until memory ran out; the
// CLI refuses only its own address at start. Each request it forwards carries a Via entry of its
// own (RFC 9110 §7.6.3); one that comes back with it is answered 508 PROXY_LOOP, which the hop that
// sent it turns into the client's answer, naming the upstream.

const GET = { headers: { 'x-api-key': 'sk-test' } };

describe('a proxy whose upstream leads back to it', () => {
  it('answers 508 PROXY_LOOP after one hop, naming the upstream, and records no violation', async () => {
    let forwards = 0;
    let proxy: ValidationProxy | undefined;
    proxy = createValidationProxy({
      upstream: 'http://loop.test/base',
      // The loop, in process; stopped after a few hops for the test's sake (without the fix it
      // would not stop), with an answer the test does not expect.
      fetch: (request) =>
        ++forwards > 3 || !proxy
          ? Promise.resolve(new Response('still looping', { status: 599 }))
          : proxy.fetch(request),
    });
    const res = await proxy.fetch('/v1/agents', GET);
    expect(forwards).toBe(1);
    expect(res.status).toBe(508);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error).toMatchObject({ code: 'PROXY_LOOP', status: 508 });
    expect(body.error.message).toBe(
      'upstream http://loop.test/base: GET /v1/agents came back to this proxy (its upstream forwards to it: a loop)',
    );
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(proxy.violations()).toEqual([]);
  });

  it('is caught over HTTP through a second proxy, which passes the first its own 508', async () => {
    const heard: (UpstreamFailure | null)[] = [];
    let secondUrl = '';
    // The first forwards to the second (reached at its address once it listens), which forwards back.
    const first = watchedValidationProxy(
      {
        upstream: 'http://second.test',
        fetch: (request) => fetch(request.url.replace('http://second.test', secondUrl), request),
      },
      (failure) => heard.push(failure),
    );
    const firstServer = await first.listen();
    onTestFinished(() => firstServer.close());
    const second = createValidationProxy({ upstream: firstServer.url });
    const secondServer = await second.listen();
    onTestFinished(() => secondServer.close());
    secondUrl = secondServer.url;

    const res = await fetch(`${firstServer.url}/v1/agents`, GET);
    expect(res.status).toBe(508);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('PROXY_LOOP');
    // Said to the CLI as an upstream failure (its stderr line), not as an answer.
    expect(heard.map((failure) => failure?.code ?? null)).toEqual(['PROXY_LOOP']);
    expect(first.violations()).toEqual([]);
  });

  it('sends a Via entry of its own to the upstream, after the ones the request had', async () => {
    let via: string | null = null;
    const proxy = createValidationProxy({
      upstream: 'http://api.test',
      fetch: async (request) => {
        via = request.headers.get('via');
        return new Response(null, { status: 599 });
      },
    });
    await proxy.fetch('/v1/agents', { headers: { ...GET.headers, via: '1.1 gateway' } });
    expect(via).toMatch(/^1\.1 gateway, 1\.1 agent-platform-mock-[0-9a-f]{8}$/);
  });
});
