// A state snapshot may be written by hand (`--seed FILE`, the `seed` option) or edited: the import
// refuses, before anything changes, every record the mock could not have made, naming its path and
// the rule, instead of storing it and failing (500) or breaking the spec on a later request.
import { describe, expect, it } from 'vitest';
import { type ErrorDetail, isMockApiError, type StateSnapshot } from '../../src/index.js';
import { useMock } from '../support/harness.js';
import { type Transport, transports } from '../support/transports.js';

// biome-ignore lint/suspicious/noExplicitAny: a hand-edited snapshot is any JSON.
type Edit = (snapshot: any) => void;

const fetchHandler = transports[0] as Transport;

describe('importing a state', () => {
  const h = useMock(fetchHandler);

  /** The snapshot as it is now, changed by `edit`. */
  function edited(edit: Edit): StateSnapshot {
    const snapshot = structuredClone(h.mock.exportState());
    edit(snapshot);
    return snapshot;
  }

  /** PUT /__mock/state of the edited snapshot: refused (400), the state as it was; the details. */
  async function refused(edit: Edit): Promise<ErrorDetail[]> {
    const before = h.mock.exportState();
    const res = await h.call('PUT', '/__mock/state', { body: edited(edit) });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(h.mock.exportState()).toEqual(before);
    return res.body.error.details;
  }

  describe('API keys', () => {
    it('refuses a key without scopes (every request with it failed with 500)', async () => {
      expect(await refused((s) => delete s.api_keys[0].scopes)).toEqual([
        {
          field: 'api_keys[0].scopes',
          rule: 'required',
          message: 'api_keys[0].scopes: is required',
        },
      ]);
      // The key in use is still the one exported, and works.
      expect((await h.call('GET', '/v1/me')).status).toBe(200);
    });

    it("refuses scopes that are not a list of the variant's scopes, as createApiKey does", async () => {
      expect(await refused((s) => (s.api_keys[0].scopes = 'all'))).toEqual([
        {
          field: 'api_keys[0].scopes',
          rule: 'type',
          message: 'api_keys[0].scopes: must be an array',
        },
      ]);
      expect(await refused((s) => (s.api_keys[0].scopes = ['agents:read', 'agents:fly']))).toEqual([
        {
          field: 'api_keys[0].scopes[1]',
          rule: 'enum',
          message: 'api_keys[0].scopes[1]: "agents:fly" is not a scope of Variant A',
        },
      ]);
      // A scope of Variant B only.
      const [other] = await refused((s) => (s.api_keys[0].scopes = ['chats:manage']));
      expect(other).toMatchObject({ field: 'api_keys[0].scopes[0]', rule: 'enum' });
      const [twice] = await refused((s) => (s.api_keys[0].scopes = ['agents:read', 'agents:read']));
      expect(twice).toMatchObject({ field: 'api_keys[0].scopes', rule: 'uniqueItems' });
      const [number] = await refused((s) => (s.api_keys[0].scopes = [1]));
      expect(number).toMatchObject({ field: 'api_keys[0].scopes[0]', rule: 'type' });
    });

    it('refuses a key string createApiKey would refuse, and a wrong revoked_at or created_at', async () => {
      const cases: [Edit, string, string][] = [
        [(s) => (s.api_keys[0].key = 'short'), 'api_keys[0].key', 'minLength'],
        [(s) => (s.api_keys[0].key = 12345678), 'api_keys[0].key', 'type'],
        [(s) => (s.api_keys[0].revoked_at = 'yesterday'), 'api_keys[0].revoked_at', 'format'],
        [(s) => delete s.api_keys[0].revoked_at, 'api_keys[0].revoked_at', 'required'],
        [(s) => (s.api_keys[0].created_at = null), 'api_keys[0].created_at', 'type'],
        [(s) => (s.api_keys[0].name = '  '), 'api_keys[0].name', 'blank'],
        [(s) => (s.api_keys[0].company_id = 'acme'), 'api_keys[0].company_id', 'format'],
        [(s) => (s.api_keys[0].id = ''), 'api_keys[0].id', 'minLength'],
        [(s) => (s.api_keys[0].role = 'admin'), 'api_keys[0].role', 'unknown'],
      ];
      for (const [edit, field, rule] of cases) {
        expect(await refused(edit)).toEqual([expect.objectContaining({ field, rule })]);
      }
    });

    it('refuses two keys with one id or one key string, naming both', async () => {
      const copy =
        (change: object): Edit =>
        (s) =>
          s.api_keys.push({ ...s.api_keys[0], ...change });
      expect(await refused(copy({ key: 'another-key-string' }))).toEqual([
        {
          field: 'api_keys[1].id',
          rule: 'unique',
          message: 'api_keys[1].id: is also the id of api_keys[0]',
        },
      ]);
      expect(await refused(copy({ id: crypto.randomUUID() }))).toEqual([
        {
          field: 'api_keys[1].key',
          rule: 'unique',
          message: 'api_keys[1].key: is also the key of api_keys[0]',
        },
      ]);
      // Ids are compared as the API reads them, in lower case.
      const upper: Edit = (s) =>
        s.api_keys.push({ ...s.api_keys[0], id: s.api_keys[0].id.toUpperCase(), key: 'k2-string' });
      expect(await refused(upper)).toEqual([expect.objectContaining({ field: 'api_keys[1].id' })]);
    });

    it('refuses a key of an unknown workspace', async () => {
      const [issue] = await refused((s) => (s.api_keys[0].workspace_id = crypto.randomUUID()));
      expect(issue).toMatchObject({ field: 'api_keys[0].workspace_id', rule: 'exists' });
    });
  });

  describe('workspaces', () => {
    it('refuses a workspace without a valid id, company or name, or with unknown fields', async () => {
      const cases: [Edit, string, string][] = [
        [(s) => delete s.workspaces[0].name, 'workspaces[0].name', 'required'],
        [(s) => (s.workspaces[0].name = ''), 'workspaces[0].name', 'minLength'],
        [(s) => (s.workspaces[0].company_id = 7), 'workspaces[0].company_id', 'type'],
        [(s) => (s.workspaces[0].owner = 'me'), 'workspaces[0].owner', 'unknown'],
      ];
      for (const [edit, field, rule] of cases) {
        expect(await refused(edit)).toEqual([expect.objectContaining({ field, rule })]);
      }
      // A workspace id that is no UUID: the workspace is refused, and so its key's reference.
      const details = await refused((s) => {
        s.workspaces[0].workspace_id = 'ws-1';
        s.api_keys[0].workspace_id = 'ws-1';
      });
      expect(details).toEqual([
        expect.objectContaining({ field: 'workspaces[0].workspace_id', rule: 'format' }),
      ]);
    });

    it('refuses the same workspace twice, naming both', async () => {
      expect(
        await refused((s) => s.workspaces.push({ ...s.workspaces[0], name: 'Other' })),
      ).toEqual([
        {
          field: 'workspaces[1].workspace_id',
          rule: 'unique',
          message: 'workspaces[1].workspace_id: is also the workspace_id of workspaces[0]',
        },
      ]);
    });
  });

  it('refuses an alert that is not one the mock records', async () => {
    const alert = {
      id: crypto.randomUUID(),
      workspace_id: h.workspaceId,
      webhook_id: crypto.randomUUID(),
      to: 'owner@example.com',
      subject: 'Webhook failing',
      body: 'The last 5 deliveries failed.',
      sent_at: '2026-11-20T10:00:00.000Z',
    };
    const res = await h.call('PUT', '/__mock/state', { body: edited((s) => (s.alerts = [alert])) });
    expect(res.status).toBe(204);
    const [issue] = await refused((s) => (s.alerts = [{ ...alert, sent_at: undefined }]));
    expect(issue).toMatchObject({ field: 'alerts[0].sent_at', rule: 'required' });
  });

  it('lists every problem, and throws them in-process as a MockApiError', async () => {
    const bad = edited((s) => {
      delete s.api_keys[0].scopes;
      s.api_keys[0].revoked_at = 'never';
      s.workspaces[0].name = '';
    });
    let thrown: unknown;
    try {
      h.mock.importState(bad);
    } catch (error) {
      thrown = error;
    }
    expect(isMockApiError(thrown)).toBe(true);
    expect(thrown).toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'workspaces[0].name: must not be empty (and 2 more)',
      details: [
        { field: 'workspaces[0].name', rule: 'minLength' },
        { field: 'api_keys[0].scopes', rule: 'required' },
        { field: 'api_keys[0].revoked_at', rule: 'format' },
      ],
    });
    expect((await h.call('GET', '/v1/me')).status).toBe(200);
  });
});
