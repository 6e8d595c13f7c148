import { afterEach, describe, expect, it } from 'vitest';
import { connectMock } from '../../src/client.js';
import { createMockServer, type MockServer } from '../../src/index.js';
import { apiClient } from '../support/api.js';
import { inProcess } from '../support/transports.js';

// A shared mock holds every test file's webhooks: webhookAttempts() and alerts() take a filter so
// that a file reads its own (in-process, over HTTP and through connectMock alike).

/** Two workspaces, each with a webhook that got one contact.created delivery (answered 204). */
async function twoWorkspaces(variant: 'A' | 'B' = 'A') {
  const mock = createMockServer({
    clock: 'manual',
    variant,
    startTime: '2026-11-20T10:00:00.000Z',
    deliveryFetch: async () => new Response(null, { status: 204 }),
  });
  const made = [];
  for (const name of ['a', 'b']) {
    const key = mock.createApiKey({ scopes: 'all' });
    const call = apiClient(inProcess(mock), key.key);
    const hook = await call('POST', '/v1/webhooks', {
      body: { url: `https://hooks.example.com/${name}`, events: ['contact.created'] },
    });
    await call('POST', '/v1/contacts', { body: { name } });
    made.push({ call, workspaceId: key.workspace_id, webhookId: hook.body.data.id as string });
  }
  await mock.settle();
  const [a, b] = made as [(typeof made)[0], (typeof made)[0]];
  return { mock, a, b };
}

/** The 400's details of a refused call, or the value it gave. */
const refusal = async (act: () => unknown) => {
  try {
    return { gave: await act() };
  } catch (error) {
    return (error as { status: number; details: unknown }).details;
  }
};

describe('webhookAttempts() and alerts() filtered by webhook or workspace', () => {
  let mock: MockServer | undefined;
  afterEach(() => mock?.dispose());

  it("take one webhook's or one workspace's attempts, ids in any case; every workspace's without a filter", async () => {
    const t = await twoWorkspaces();
    mock = t.mock;
    const hooksOf = (attempts: { webhook_id: string }[]) => attempts.map((x) => x.webhook_id);
    expect(hooksOf(t.mock.webhookAttempts())).toEqual([t.a.webhookId, t.b.webhookId]);
    expect(hooksOf(t.mock.webhookAttempts({ webhook_id: t.a.webhookId }))).toEqual([t.a.webhookId]);
    expect(
      hooksOf(t.mock.webhookAttempts({ workspace_id: t.b.workspaceId.toUpperCase() })),
    ).toEqual([t.b.webhookId]);
    // Both filters: the attempts that match both (none here).
    expect(
      t.mock.webhookAttempts({ webhook_id: t.a.webhookId, workspace_id: t.b.workspaceId }),
    ).toEqual([]);
  });

  it("keep a deleted webhook's attempts", async () => {
    const t = await twoWorkspaces();
    mock = t.mock;
    await t.a.call('DELETE', `/v1/webhooks/${t.a.webhookId}`);
    expect(t.mock.webhookAttempts({ webhook_id: t.a.webhookId })).toHaveLength(1);
  });

  it('refuse an id nothing has (a typo would pass "no attempt was made"), a malformed one and an unknown field', async () => {
    const t = await twoWorkspaces();
    mock = t.mock;
    const nobody = '00000000-0000-4000-8000-000000000000';
    expect(await refusal(() => t.mock.webhookAttempts({ webhook_id: nobody }))).toEqual([
      {
        field: 'webhook_id',
        rule: 'exists',
        message: `webhook_id: no webhook has the id ${nobody}`,
      },
    ]);
    expect(await refusal(() => t.mock.alerts({ workspace_id: nobody }))).toEqual([
      {
        field: 'workspace_id',
        rule: 'exists',
        message: `workspace_id: no workspace has the id ${nobody}`,
      },
    ]);
    expect(await refusal(() => t.mock.webhookAttempts({ webhook_id: 'hook-a' }))).toEqual([
      expect.objectContaining({ field: 'webhook_id', rule: 'format' }),
    ]);
    expect(
      await refusal(() => t.mock.webhookAttempts({ webhookId: t.a.webhookId } as never)),
    ).toEqual([expect.objectContaining({ field: 'webhookId', rule: 'unknown' })]);
  });

  it("take one webhook's or one workspace's alerts", async () => {
    const t = await twoWorkspaces('B');
    mock = t.mock;
    const alert = (ws: string, hook: string, n: number) => ({
      id: `00000000-0000-4000-8000-00000000a1e${n}`,
      workspace_id: ws,
      webhook_id: hook,
      to: 'owner@example.com',
      subject: 'Webhook is failing',
      body: 'The last 5 attempts failed.',
      sent_at: '2026-11-20T10:00:00.000Z',
    });
    const alerts = [
      alert(t.a.workspaceId, t.a.webhookId, 1),
      alert(t.b.workspaceId, t.b.webhookId, 2),
    ];
    t.mock.importState({ ...t.mock.exportState(), alerts });
    expect(t.mock.alerts()).toEqual(alerts);
    expect(t.mock.alerts({ webhook_id: t.b.webhookId })).toEqual([alerts[1]]);
    expect(t.mock.alerts({ workspace_id: t.a.workspaceId })).toEqual([alerts[0]]);
  });

  it('take a webhook that only an alert still names (its deliveries gone from the history)', async () => {
    const t = await twoWorkspaces('B');
    mock = t.mock;
    const gone = '00000000-0000-4000-8000-00000000900d';
    const alert = {
      id: '00000000-0000-4000-8000-00000000a1e1',
      workspace_id: t.a.workspaceId,
      webhook_id: gone,
      to: 'owner@example.com',
      subject: 'Webhook is failing',
      body: 'The last 5 attempts failed.',
      sent_at: '2026-11-20T10:00:00.000Z',
    };
    t.mock.importState({ ...t.mock.exportState(), alerts: [alert] });
    expect(t.mock.alerts({ webhook_id: gone })).toEqual([alert]);
    expect(t.mock.webhookAttempts({ webhook_id: gone })).toEqual([]);
    // Another id is still refused: an alert names its own webhook only.
    const nobody = '00000000-0000-4000-8000-000000000000';
    expect(() => t.mock.webhookAttempts({ webhook_id: nobody })).toThrow(
      `no webhook has the id ${nobody}`,
    );
  });

  it('answer the same over HTTP and through connectMock', async () => {
    const t = await twoWorkspaces();
    mock = t.mock;
    const http = async (path: string) => {
      const res = await t.mock.fetch(`/__mock${path}`);
      return {
        status: res.status,
        body: (await res.json()) as { data?: unknown; error?: unknown },
      };
    };
    const own = await http(`/webhook-attempts?webhook_id=${t.a.webhookId}`);
    expect(own.status).toBe(200);
    expect(own.body.data).toEqual(t.mock.webhookAttempts({ webhook_id: t.a.webhookId }));
    expect((await http(`/alerts?workspace_id=${t.a.workspaceId}`)).body.data).toEqual([]);
    const typo = await http('/webhook-attempts?webhook_id=00000000-0000-4000-8000-000000000000');
    expect(typo.status).toBe(400);
    expect(typo.body.error).toMatchObject({ details: [{ field: 'webhook_id', rule: 'exists' }] });
    expect((await http('/webhook-attempts?webhook_id=hook-a')).status).toBe(400);

    const client = connectMock(t.mock.baseUrl, { fetch: t.mock.fetch });
    expect(await client.webhookAttempts({ workspace_id: t.b.workspaceId })).toEqual(
      t.mock.webhookAttempts({ workspace_id: t.b.workspaceId }),
    );
    expect(await client.webhookAttempts()).toHaveLength(2);
    expect(await client.alerts({ webhook_id: t.a.webhookId })).toEqual([]);
  });
});
