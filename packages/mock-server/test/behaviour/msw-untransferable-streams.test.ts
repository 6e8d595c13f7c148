import { setupServer } from 'msw/node';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMockServer } from '../../src/index.js';
import { mswHandlers } from '../../src/msw.js';

// WebKit (Safari's engine) cannot transfer a ReadableStream to MSW's service worker, so msw reads each
// mocked answer whole before it sends it; a `drop: 'body'` fault's body, which fails halfway, then
// failed that read, and msw left the page's request pending until the client's own timeout (60 s for
// the SDK). Where streams cannot be transferred, the handlers answer such a cut as a network error,
// which the page's fetch rejects with at once, as a cut before the answer is.

/** A MessageChannel as WebKit has it: a ReadableStream in the transfer list is a DataCloneError. */
class WebKitMessageChannel extends MessageChannel {
  constructor() {
    super();
    const post = this.port1.postMessage.bind(this.port1);
    this.port1.postMessage = (message: unknown, transfer?: unknown) => {
      if (Array.isArray(transfer) && transfer.some((item) => item instanceof ReadableStream)) {
        throw new DOMException('The object can not be cloned.', 'DataCloneError');
      }
      post(message, transfer as Transferable[]);
    };
  }
}

afterEach(() => vi.unstubAllGlobals());

/** A GET /v1/agents whose body a fault cuts, through MSW's handlers made after `setup`. */
async function cutBodyFetch(setup: () => void) {
  setup();
  const mock = createMockServer({ clock: 'manual' });
  const server = setupServer(...mswHandlers(mock));
  server.listen({ onUnhandledRequest: 'error' });
  try {
    mock.faults.add({ method: 'GET', path: '/v1/agents', drop: 'body' });
    const { key } = mock.createApiKey({ scopes: 'all' });
    const response = await fetch(`${mock.baseUrl}/v1/agents`, { headers: { 'x-api-key': key } });
    return await response.text();
  } finally {
    server.close();
    mock.dispose();
  }
}

describe("a drop: 'body' fault through MSW", () => {
  it('is a network error at once where streams cannot be transferred (WebKit)', async () => {
    await expect(
      cutBodyFetch(() => vi.stubGlobal('MessageChannel', WebKitMessageChannel)),
    ).rejects.toThrow(expect.objectContaining({ name: 'TypeError', message: 'Failed to fetch' }));
  });

  it('is still a body cut halfway where they can (Chromium, Firefox, Node)', async () => {
    await expect(cutBodyFetch(() => undefined)).rejects.toThrow('terminated');
  });
});
