import { describe, expect, it, onTestFinished } from 'vitest';
import { holdPort } from '../../../../test/support/hold-port.js';
import { hangingFetch } from '../../test/support/recording-fetch.js';
import { AgentPlatform } from '../client.js';
import { attemptFailure } from './attempt-failure.js';
import { APIConnectionError, APITimeoutError, APIUserAbortError } from './errors.js';

describe('attemptFailure', () => {
  it('names the request and the refused connection when no server listens (a wrong port, a server not started)', async () => {
    // Held throughout, not bound and released: no other test's server may take it between.
    const held = await holdPort();
    onTestFinished(() => held.release());
    const { port } = held;
    const client = new AgentPlatform({
      apiKey: 'k',
      baseUrl: `http://127.0.0.1:${port}`,
      maxRetries: 0,
    });
    const error: unknown = await client.contacts.list({ q: 'ada@example.com' }).catch((e) => e);
    if (!(error instanceof APIConnectionError)) throw error;
    // Without the query, which may hold a search for a person.
    expect(error.message).toBe(
      `Connection error: GET http://127.0.0.1:${port}/v1/contacts (ECONNREFUSED)`,
    );
    expect(error.cause).toBeInstanceOf(TypeError);
  });

  it("names the cause's message when it has no code (a port fetch refuses to call: bad port)", async () => {
    // Port 1 is on fetch's list of bad ports: undici throws TypeError('fetch failed') with
    // Error('bad port') as its cause, and no code; nothing is connected to.
    const client = new AgentPlatform({ apiKey: 'k', baseUrl: 'http://127.0.0.1:1', maxRetries: 0 });
    const error: unknown = await client.agents.list().catch((e) => e);
    if (!(error instanceof APIConnectionError)) throw error;
    expect(error.message).toBe('Connection error: GET http://127.0.0.1:1/v1/agents (bad port)');
  });

  it("skips a cause's empty message and its code 0, which say nothing", () => {
    const request = new Request('http://api.test/v1/agents');
    // undici's network error without a reason (makeNetworkError()) is Error(undefined): message ''.
    const empty = attemptFailure(
      new TypeError('fetch failed', { cause: new Error() }),
      undefined,
      false,
      request,
    );
    expect(empty.message).toBe('Connection error: GET http://api.test/v1/agents (fetch failed)');
    // Its cancellation is a DOMException named Error, whose legacy code is 0.
    const cancelled = attemptFailure(
      new TypeError('fetch failed', { cause: new DOMException('Request was cancelled.') }),
      undefined,
      false,
      request,
    );
    expect(cancelled.message).toBe(
      'Connection error: GET http://api.test/v1/agents (Request was cancelled.)',
    );
  });

  it("quotes a DOMException cause's name, not its legacy numeric code (20, 23), as if it were one", async () => {
    // The call's signal and the attempt's timeout never reach this branch (APIUserAbortError,
    // APITimeoutError, neither quoting a cause); a DOMException does when a fetch of one's own
    // stops on its own (its own timeout) and wraps it as a cause, as fetch wrappers do.
    const request = new Request('http://api.test/v1/agents');
    for (const [cause, name] of [
      [new DOMException('The operation was aborted', 'AbortError'), 'AbortError'],
      [new DOMException('The operation timed out.', 'TimeoutError'), 'TimeoutError'],
      [new DOMException('', 'TimeoutError'), 'TimeoutError'],
    ] as const) {
      const error = attemptFailure(new Error('GET failed', { cause }), undefined, false, request);
      expect(error.message).toBe(`Connection error: GET http://api.test/v1/agents (${name})`);
    }
    // A number with no name to quote instead is still quoted.
    const coded = attemptFailure(
      new Error('x', { cause: { code: 42 } }),
      undefined,
      false,
      request,
    );
    expect(coded.message).toBe('Connection error: GET http://api.test/v1/agents (42)');
    // Nor is an Error's own name, which every Error has ('Error'), and which says less than its code.
    const erred = attemptFailure(
      new Error('x', { cause: Object.assign(new Error('socket'), { code: 42 }) }),
      undefined,
      false,
      request,
    );
    expect(erred.message).toBe('Connection error: GET http://api.test/v1/agents (42)');
    const fetch = async () => {
      throw new TypeError('fetch failed', {
        cause: new DOMException('The operation was aborted due to timeout', 'TimeoutError'),
      });
    };
    const client = new AgentPlatform({
      apiKey: 'k',
      baseUrl: 'http://api.test',
      fetch,
      maxRetries: 0,
    });
    const error: unknown = await client.agents.list().catch((e) => e);
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(error).not.toBeInstanceOf(APITimeoutError);
    expect((error as Error).message).toBe(
      'Connection error: GET http://api.test/v1/agents (TimeoutError)',
    );
  });

  it("leaves a query out of what a fetch of one's own said (node-fetch quotes the whole URL)", () => {
    const request = new Request('http://api.test/v1/contacts?q=ada@example.com');
    const thrown = new Error(
      'request to http://api.test/v1/contacts?q=ada@example.com&limit=5 failed, reason: connect ECONNREFUSED',
    );
    expect(attemptFailure(thrown, undefined, false, request).message).toBe(
      'Connection error: GET http://api.test/v1/contacts (request to http://api.test/v1/contacts failed, reason: connect ECONNREFUSED)',
    );
  });

  it('quotes what the fetch threw when it gives no code', () => {
    const request = new Request('http://api.test/v1/agents/a1', { method: 'DELETE' });
    const error = attemptFailure(new TypeError('Failed to fetch'), undefined, false, request);
    expect(error.message).toBe(
      'Connection error: DELETE http://api.test/v1/agents/a1 (Failed to fetch)',
    );
    // Whatever was thrown, the message is built: a string, an object with no prototype.
    for (const thrown of ['boom', Object.create(null), Symbol('x'), null]) {
      const failure = attemptFailure(thrown, undefined, false, request);
      expect(failure).toBeInstanceOf(APIConnectionError);
      expect(failure.message).toBe(
        'Connection error: DELETE http://api.test/v1/agents/a1 (no message)',
      );
    }
  });

  it('names the request, without its query, in a timeout, as in a connection error', async () => {
    const { fetch } = hangingFetch();
    // A timeout of 0 ends an attempt whose answer is not already there: no timing involved.
    const client = new AgentPlatform({
      apiKey: 'k',
      baseUrl: 'http://api.test',
      fetch,
      maxRetries: 0,
      timeout: 0,
    });
    const message = 'Request timed out: GET http://api.test/v1/contacts';
    const error: unknown = await client.contacts.list({ q: 'ada@example.com' }).catch((e) => e);
    expect(error).toBeInstanceOf(APITimeoutError);
    expect((error as Error).message).toBe(message);
    const raw = client.raw.GET('/v1/contacts', { params: { query: { q: 'ada@example.com' } } });
    await expect(raw).rejects.toThrow(new APITimeoutError(message));
    const unit = attemptFailure(
      new Error('x'),
      undefined,
      true,
      new Request('http://a.test/v1/x?q=1'),
    );
    expect(unit.message).toBe('Request timed out: GET http://a.test/v1/x');
  });

  it('keeps the default messages without a request, and for an abort', () => {
    const request = new Request('http://api.test/v1/agents');
    expect(attemptFailure(new Error('x'), undefined, false).message).toBe('Connection error.');
    const timeout = attemptFailure(new Error('x'), undefined, true);
    expect(timeout).toBeInstanceOf(APITimeoutError);
    expect(timeout.message).toBe('Request timed out.');
    const signal = AbortSignal.abort();
    const abort = attemptFailure(new Error('x'), signal, true, request);
    expect(abort).toBeInstanceOf(APIUserAbortError);
    expect(abort.message).toBe('Request was aborted.');
  });
});

describe('attemptFailure, pinned by mutation testing', () => {
  const request = new Request('http://api.test/v1/agents');

  it("quotes a DOMException cause's message, not its name, when its legacy code is 0", () => {
    // EncodingError has no legacy code (0): its name is quoted only for codes above 0.
    const failure = attemptFailure(
      new TypeError('fetch failed', { cause: new DOMException('boom', 'EncodingError') }),
      undefined,
      false,
      request,
    );
    expect(failure.message).toBe('Connection error: GET http://api.test/v1/agents (boom)');
  });

  it("keeps what ended the attempt as the abort's cause", () => {
    const error = new DOMException('stop', 'AbortError');
    const failure = attemptFailure(error, AbortSignal.abort(error), false, request);
    expect(failure).toBeInstanceOf(APIUserAbortError);
    expect(failure.cause).toBe(error);
  });
});
