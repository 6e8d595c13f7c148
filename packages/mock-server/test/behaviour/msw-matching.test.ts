import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterEach, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../../src/index.js';
import { mswHandlers } from '../../src/msw.js';

// What mswHandlers claim is what the mock answers under its baseUrl: every request whose path is, as
// the mock reads it, `/v1`, `/__mock` or under them. Through MSW it gets the answer mock.fetch gives
// the same URL; any other request is left to the handlers after them (or onUnhandledRequest).

/** The answer the user's own handler, placed after the mock's, gives to what the mock leaves. */
const LEFT = 299;

describe('mswHandlers', () => {
  let mock: MockServer | undefined;
  let server: ReturnType<typeof setupServer> | undefined;
  afterEach(() => {
    server?.close();
    mock?.dispose();
  });

  it('refuses what is not the mock createMockServer() returns, naming what it takes', () => {
    // Read as a mock, these were refused for a baseUrl the caller never gave ("baseUrl: must be an
    // absolute http(s) URL ..., not undefined"), or threw reading baseUrl of undefined.
    const takes = 'mswHandlers: takes the mock createMockServer() returns (its baseUrl and handle)';
    mock = createMockServer();
    for (const [value, shown] of [
      [undefined, 'undefined'],
      [null, 'null'],
      [{}, '{}'],
      [mock.fetch, 'a function'],
    ] as const) {
      expect(() => mswHandlers(value as never)).toThrow(new TypeError(`${takes}, not ${shown}`));
    }
    const shared = { url: 'http://127.0.0.1:4010', clock: {} };
    expect(() => mswHandlers(shared as never)).toThrow(
      new TypeError(
        `${takes}, not a connectMock() client: its mock answers over HTTP at http://127.0.0.1:4010, so point your code there, or make a mock in-process`,
      ),
    );
  });

  /** The status each URL gets through MSW, and the one mock.fetch gives it (LEFT if the mock left it). */
  async function answers(baseUrl: string, urls: string[]) {
    mock = createMockServer({ baseUrl });
    server = setupServer(
      ...mswHandlers(mock),
      http.all('*', () => new HttpResponse(null, { status: LEFT })),
    );
    server.listen({ onUnhandledRequest: 'error' });
    const through: Record<string, number> = {};
    const direct: Record<string, number> = {};
    for (const url of urls) {
      through[url] = (await fetch(url)).status;
      direct[url] = (await mock.fetch(url)).status;
    }
    return { through, direct };
  }

  it('answers a path the mock reads as /v1 or /__mock, escaped or not, as mock.fetch does', async () => {
    const urls = [
      'http://127.0.0.1:4010/v1/health',
      'http://127.0.0.1:4010/%76%31/health',
      'http://127.0.0.1:4010/v%31/health',
      'http://127.0.0.1:4010/v1',
      'http://127.0.0.1:4010/v1/',
      'http://127.0.0.1:4010/v1/nope',
      'http://127.0.0.1:4010/__mock',
      'http://127.0.0.1:4010/%5F%5Fmock/clock',
      'http://127.0.0.1:4010/V1/agents',
    ];
    const { through, direct } = await answers('http://127.0.0.1:4010', urls);
    expect(through).toEqual(direct);
    expect(Object.values(through)).not.toContain(LEFT);
  });

  it('leaves what is not under /v1 or /__mock, or at another origin', async () => {
    const urls = [
      'http://127.0.0.1:4010/',
      'http://127.0.0.1:4010/v2/agents',
      'http://127.0.0.1:4010/v1x/agents',
      'http://127.0.0.1:4010//v1/agents',
      'http://127.0.0.1:4010/__mockx',
      'http://127.0.0.1:4011/v1/health',
      'https://127.0.0.1:4010/v1/health',
      'http://localhost:4010/v1/health',
    ];
    const { through } = await answers('http://127.0.0.1:4010', urls);
    expect(Object.values(through)).toEqual(urls.map(() => LEFT));
  });

  it('matches the origin as a URL reads it: default port, upper-case host', async () => {
    const { through } = await answers('https://API.Example.test:443', [
      'https://api.example.test/v1/health',
      'https://API.EXAMPLE.TEST:443/v1/health',
    ]);
    expect(Object.values(through)).toEqual([200, 200]);
  });

  it('takes a path prefix as the mock does, whatever characters it holds', async () => {
    for (const [baseUrl, url] of [
      ['https://api.example.test/a+b', 'https://api.example.test/a+b/v1/health'],
      ['https://api.example.test/api(v2)', 'https://api.example.test/api(v2)/v1/health'],
      ['https://api.example.test/my api', 'https://api.example.test/my%20api/v1/health'],
      ['https://api.example.test/café', 'https://api.example.test/caf%C3%A9/v1/health'],
      ['https://api.example.test/platform', 'https://api.example.test/plat%66orm/v1/health'],
    ] as const) {
      const { through, direct } = await answers(baseUrl, [url, 'https://other.test/x']);
      expect({ baseUrl, ...through }).toEqual({
        baseUrl,
        [url]: 200,
        'https://other.test/x': LEFT,
      });
      expect(direct[url]).toBe(200);
      server?.close();
      mock?.dispose();
    }
  });

  it('does not read a prefix as MSW path syntax: `:beta` is no parameter', async () => {
    const { through } = await answers('https://api.example.test/api:beta', [
      'https://api.example.test/api:beta/v1/health',
      'https://api.example.test/apiXbeta/v1/health',
    ]);
    expect(Object.values(through)).toEqual([200, LEFT]);
  });
});
