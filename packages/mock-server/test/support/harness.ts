import { afterEach, beforeEach } from 'vitest';
import { createMockServer, type MockServer, type MockServerOptions } from '../../src/index.js';
import { apiClient, type Call } from './api.js';
import type { Connection, Transport } from './transports.js';

/** The mock, the connection to it, a key with every scope, and a client using that key. */
export interface Harness {
  mock: MockServer;
  connection: Connection;
  key: string;
  workspaceId: string;
  call: Call;
}

/** A fresh mock (manual clock) per test, reached through `transport`. */
export function useMock(transport: Transport, options: MockServerOptions = {}): Harness {
  const h = {} as Harness;
  beforeEach(async () => {
    h.mock = createMockServer({
      clock: 'manual',
      startTime: '2026-11-20T10:00:00.000Z',
      ...options,
    });
    h.connection = await transport.connect(h.mock);
    const created = h.mock.createApiKey({ scopes: 'all', name: 'all scopes' });
    h.key = created.key;
    h.workspaceId = created.workspace_id;
    h.call = apiClient(h.connection, h.key);
  });
  afterEach(async () => {
    await h.connection.close();
    h.mock.dispose();
  });
  return h;
}
