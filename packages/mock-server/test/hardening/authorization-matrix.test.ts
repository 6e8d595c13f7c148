import { afterAll, describe, expect, it } from 'vitest';
import { createMockServer, operations } from '../../src/index.js';
import { apiClient } from '../support/api.js';
import { concretePath, createFixtures, keyWithout, validBody } from '../support/fixtures.js';
import { inProcess } from '../support/transports.js';

const authenticated = operations.filter((op) => op.scopes !== null);
const tally = { cells: 0, operations: new Set<string>() };

afterAll(() => {
  // The matrix's size, printed so that CI logs show it covered every operation.
  console.log(
    `authorization matrix: ${tally.operations.size} of ${authenticated.length * 2} (operation, variant) pairs, ${tally.cells} cells checked (5 cases each; no 403 case for GET /v1/me, which needs no scope)`,
  );
});

describe.each(['A', 'B'] as const)('authorization matrix, Variant %s', (variant) => {
  const mock = createMockServer({ variant, rateLimit: { limit: 1_000_000, windowMs: 60_000 } });
  const owner = mock.createApiKey({ scopes: 'all' });
  const connection = inProcess(mock);
  const call = apiClient(connection, owner.key);
  const revoked = mock.createApiKey({ scopes: 'all', workspace_id: owner.workspace_id });
  mock.revokeApiKey(revoked.id);
  const stranger = mock.createApiKey({ scopes: 'all' });
  const fixtures = createFixtures(call);

  it.each(authenticated.map((op) => [`${op.method} ${op.path}`, op] as const))(
    '%s',
    async (_name, op) => {
      const f = await fixtures;
      const path = concretePath(op.path, f);
      const body = validBody(op.operationId, f);
      const send = (key: string | null) => call(op.method, path, { key, body });

      expect((await send(null)).status, 'no key').toBe(401);
      expect((await send('ap_test_unknown')).status, 'unknown key').toBe(401);
      expect((await send(revoked.key)).status, 'revoked key').toBe(401);
      tally.cells += 3;

      const needed = op.scopes?.[variant] ?? [];
      if (needed.length > 0) {
        const res = await send(keyWithout(mock, owner.workspace_id, needed).key);
        expect(res.status, 'every scope but the needed one').toBe(403);
        expect(res.body.error.message).toContain(needed[0]);
        tally.cells++;
      }

      const other = await send(stranger.key);
      // The sample body of appointmentsCreate names a contact of the first workspace: not found either.
      if (op.path.includes('{') || op.operationId === 'appointmentsCreate') {
        expect(other.status, `a key of another workspace: ${JSON.stringify(other.body)}`).toBe(404);
      } else {
        // No id in the path: the other workspace sees its own (empty) data, never this one's.
        expect(other.status, JSON.stringify(other.body)).toBeLessThan(300);
        if (Array.isArray(other.body?.data)) expect(other.body.data).toEqual([]);
      }
      tally.cells++;
      tally.operations.add(`${variant} ${op.operationId}`);
    },
  );
});
