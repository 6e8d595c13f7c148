import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { AgentPlatform } from '../client.js';
import { attemptFailure } from './attempt-failure.js';
import { APIConnectionError, APITimeoutError, APIUserAbortError } from './errors.js';

/** A loopback port nothing listens on: taken, then freed. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('attemptFailure', () => {
  it('names the request and the refused connection when no server listens (a wrong port, a server not started)', async () => {
    const port = await closedPort();
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

  it('keeps the default messages without a request, and for a timeout or an abort', () => {
    const request = new Request('http://api.test/v1/agents');
    expect(attemptFailure(new Error('x'), undefined, false).message).toBe('Connection error.');
    const timeout = attemptFailure(new Error('x'), undefined, true, request);
    expect(timeout).toBeInstanceOf(APITimeoutError);
    expect(timeout.message).toBe('Request timed out.');
    const signal = AbortSignal.abort();
    const abort = attemptFailure(new Error('x'), signal, true, request);
    expect(abort).toBeInstanceOf(APIUserAbortError);
  });
});
