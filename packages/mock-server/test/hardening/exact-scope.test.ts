import { describe, expect, it } from 'vitest';
import { createMockServer, operations } from '../../src/index.js';
import { apiClient } from '../support/api.js';
import { concretePath, createFixtures, validBody } from '../support/fixtures.js';
import { inProcess } from '../support/transports.js';

// The authorization matrix proves that a key without the scope is refused; this proves the other
// half: each scope that x-scopes lists grants the operation on its own, with no other scope beside it.
const authenticated = operations.filter((op) => op.scopes !== null);

describe.each(['A', 'B'] as const)(
  'a key with exactly one granting scope, Variant %s',
  (variant) => {
    const cases = authenticated.flatMap((op) => {
      const needed = op.scopes?.[variant] ?? [];
      return (needed.length === 0 ? [null] : needed).map(
        (scope) => [`${op.method} ${op.path} with ${scope ?? 'no scope'}`, op, scope] as const,
      );
    });

    it.each(cases)('%s', async (_name, op, scope) => {
      const mock = createMockServer({ variant, clock: 'manual' });
      const owner = mock.createApiKey({ scopes: 'all' });
      const connection = inProcess(mock);
      const call = apiClient(connection, owner.key);
      const f = await createFixtures(call);
      let path = concretePath(op.path, f);
      // The state each action needs, so that only the scope can stand in the way of its success.
      const conversation = `/v1/conversations/${f.conversation}`;
      if (op.operationId === 'conversationsReopen') await call('POST', `${conversation}/close`);
      if (op.operationId === 'chatsSendMessage' || op.operationId === 'chatsStopHuman') {
        await call('POST', `/v1/chats/${f.conversation}/start-human`, { body: {} });
      }
      if (op.operationId === 'channelsRetrieveQrCode') {
        const created = await call('POST', '/v1/channels', {
          body: { name: 'WA', type: 'whatsapp' },
        });
        path = path.replace(f.channel, created.body.data.id);
      }
      const only = mock.createApiKey({
        scopes: scope ? [scope] : [],
        workspace_id: owner.workspace_id,
      });
      const res = await call(op.method, path, {
        key: only.key,
        body: validBody(op.operationId, f),
      });
      expect(res.status, JSON.stringify(res.body)).toBe(op.successStatus);
      mock.dispose();
    });
  },
);
