// What a CI suite does with a state: export it after a rich scenario, import it into a fresh mock,
// and expect every read of the API to answer the same there. Every GET of the spec is called, for
// every id of its table and every value of each filter, on the exporting and the importing server;
// the answers (status and body) must be equal. Exporting the state again only compares the state,
// not what the views compute from it (a chat's fields, an MCP server's status and tools count, a
// delivery list's order), which is what a client sees.
import { describe, expect, it } from 'vitest';
import type { SchemaNode } from '../../src/generated/operations.js';
import { schemas } from '../../src/generated/schemas.js';
import {
  createMockServer,
  type MockServer,
  operations,
  type StateSnapshot,
} from '../../src/index.js';
import { apiClient, type Call } from '../support/api.js';
import { useMock } from '../support/harness.js';
import { deliveryFetch, fillState } from '../support/state-fixtures.js';
import { inProcess, type Transport, transports } from '../support/transports.js';

const fetchHandler = transports[0] as Transport;
const reads = operations.filter((op) => op.method === 'GET');

/** The table whose ids fill the `{id}` of a path, or a query parameter ending in `_id`. */
function tableOf(pathOrParameter: string): keyof StateSnapshot['tables'] {
  const found = (
    [
      [/^\/v1\/agents?\/\{id\}|^agent_id$/, 'agents'],
      [/^\/v1\/trainings\//, 'trainings'],
      [/^\/v1\/channels\/|^channel_id$/, 'channels'],
      [/^\/v1\/contacts\/|^contact_id$/, 'contacts'],
      [/^\/v1\/custom-fields\//, 'customFields'],
      [/^\/v1\/(conversations|chats)\//, 'conversations'],
      [/^\/v1\/messages\//, 'messages'],
      [/^\/v1\/mcp-servers\//, 'mcpServers'],
      [/^\/v1\/webhooks\//, 'webhooks'],
      [/^\/v1\/appointments\//, 'appointments'],
    ] as const
  ).find(([pattern]) => pattern.test(pathOrParameter));
  if (!found) throw new Error(`${pathOrParameter}: which table holds its ids?`);
  return found[1];
}

/** Each query a list is read with: none, pages, both orders, and every value of each filter. */
function queriesOf(op: (typeof reads)[number], snapshot: StateSnapshot): string[] {
  const queries = ['', '?order=asc', '?limit=1&page=2'];
  for (const p of op.parameters) {
    if (p.in !== 'query' || ['page', 'limit', 'order'].includes(p.name)) continue;
    const schema = p.schema as SchemaNode & { enum?: string[]; $ref?: string };
    const ref = schema.$ref?.split('/').at(-1);
    const values: string[] = p.name.endsWith('_id')
      ? snapshot.tables[tableOf(p.name)].map((row) => row.id)
      : schema.type === 'boolean'
        ? ['true', 'false']
        : p.name === 'q'
          ? ['ada', 'example.com', '+34']
          : (schema.enum ??
            ((ref === undefined ? undefined : schemas[ref]) as { enum?: string[] } | undefined)
              ?.enum ??
            []);
    if (values.length === 0) throw new Error(`${op.operationId} ${p.name}: no values to filter by`);
    for (const value of values) queries.push(`?${p.name}=${encodeURIComponent(value)}&limit=100`);
  }
  return queries;
}

/** Every concrete GET of the API on a state: each operation for each id and query. */
function everyRead(snapshot: StateSnapshot): string[] {
  const paths: string[] = [];
  for (const op of reads) {
    const ids = op.path.includes('{id}')
      ? snapshot.tables[tableOf(op.path)].map((r) => r.id)
      : [''];
    const hasList = op.parameters.some((p) => p.name === 'page');
    for (const id of ids) {
      const path = op.path.replace('{id}', id);
      for (const query of hasList ? queriesOf(op, snapshot) : ['']) paths.push(path + query);
    }
  }
  return paths;
}

function clientOf(mock: MockServer, key: string): Call {
  return apiClient(inProcess(mock), key);
}

/** The answer as a client compares it: a QR code is drawn anew on each read. */
async function read(call: Call, path: string) {
  const res = await call('GET', path);
  const body = structuredClone(res.body);
  if (path.endsWith('/qr-code') && res.status === 200) body.data.qr_code = '(drawn per read)';
  return { status: res.status, body };
}

describe.each(['A', 'B'] as const)('every read after an import, Variant %s', (variant) => {
  const h = useMock(fetchHandler, {
    variant,
    deliveryFetch,
    rateLimit: { limit: 1_000_000, windowMs: 60_000 },
  });

  it('answers the same on the exporting server and a fresh one that imported its state', async () => {
    await fillState(h, variant);
    // An open chat besides the human and closed ones, a customer's message answered by the AI.
    const [agent] = h.mock.exportState().tables.agents;
    const open = await h.call('POST', `/v1/agents/${agent?.id}/conversation`, {
      body: { message: 'Is anyone there?' },
    });
    expect(open.status).toBe(200);
    // A key with some scopes only: GET /v1/me shows its permissions.
    const narrow = h.mock.createApiKey({
      scopes: ['agents:read'],
      workspace_id: h.workspaceId,
      name: 'narrow',
    });
    await h.mock.settle();

    const snapshot = h.mock.exportState();
    expect(snapshot.tables.conversations.map((c) => c._chat_status).sort()).toEqual([
      'closed',
      'human',
      'open',
    ]);
    const fresh = createMockServer({
      variant,
      clock: 'manual',
      startTime: h.mock.clock.now(),
      deliveryFetch,
      rateLimit: { limit: 1_000_000, windowMs: 60_000 },
    });
    try {
      fresh.importState(snapshot);
      const paths = everyRead(snapshot);
      // Every GET of the spec is read at least once.
      const called = new Set(
        reads.filter((op) => {
          const pattern = new RegExp(`^${op.path.replace('{id}', '[^/]+')}(\\?|$)`);
          return paths.some((path) => pattern.test(path));
        }),
      );
      expect(reads.filter((op) => !called.has(op)).map((op) => op.operationId)).toEqual([]);
      for (const key of [h.key, narrow.key]) {
        const before = clientOf(h.mock, key);
        const after = clientOf(fresh, key);
        for (const path of key === h.key ? paths : ['/v1/me', '/v1/agents']) {
          expect(await read(after, path), path).toEqual(await read(before, path));
        }
      }
      expect(paths.length).toBeGreaterThan(100);
    } finally {
      fresh.dispose();
    }
  });
});
