// A webhook's health is its variant's (api-decisions section 6): in Variant A, 5 failures in a row
// deactivate it, it is never `failing` and no alert is sent; in Variant B, they mark it `failing`
// and send an alert, and it stays active. An import refuses a webhook, or alerts, the server's
// variant never leaves behind, as it refuses another variant's events and scopes.
import { describe, expect, it } from 'vitest';
import { useMock } from '../support/harness.js';
import { alertFor, deliveryFetch, type Edit, refusedImport } from '../support/state-fixtures.js';
import { type Transport, transports } from '../support/transports.js';

const fetchHandler = transports[0] as Transport;

/** A webhook whose deliveries all fail (deliveryFetch answers 500), after `failures` of them. */
async function failingHook(h: ReturnType<typeof useMock>, failures: number): Promise<string> {
  const hook = await h.call('POST', '/v1/webhooks', {
    body: { url: 'https://hooks.example.com/fail', events: ['contact.created'] },
  });
  expect(hook.status).toBe(201);
  for (let i = 0; i < failures; i++) {
    await h.call('POST', '/v1/contacts', { body: { name: `C${i}` } });
    await h.mock.settle();
  }
  return hook.body.data.id;
}

/** PUT /__mock/state of the current state changed by `edit`: 204, and exported again as imported. */
async function imports(h: ReturnType<typeof useMock>, edit: Edit = () => {}): Promise<void> {
  const snapshot = structuredClone(h.mock.exportState());
  edit(snapshot);
  const res = await h.call('PUT', '/__mock/state', { body: snapshot });
  expect(res.status, JSON.stringify(res.body)).toBe(204);
  expect(h.mock.exportState()).toEqual(snapshot);
}

describe('importing a webhook into a Variant A server', () => {
  const h = useMock(fetchHandler, { deliveryFetch });

  it('takes a webhook 5 failures deactivated, and refuses one still active after 5 or more', async () => {
    const id = await failingHook(h, 5);
    const [row] = h.mock.exportState().tables.webhooks;
    expect(row).toMatchObject({ active: false, health: 'healthy', _consecutive_failures: 5 });
    await imports(h);
    for (const failures of [5, 12]) {
      const edit: Edit = (s) => {
        s.tables.webhooks[0].active = true;
        s.tables.webhooks[0]._consecutive_failures = failures;
      };
      expect(await refusedImport(h, edit), String(failures)).toEqual([
        {
          field: 'tables.webhooks[0]._consecutive_failures',
          rule: 'maximum',
          message: `tables.webhooks[0]._consecutive_failures: an active webhook has at most 4 consecutive failures: the 5th deactivates it in Variant A (row id ${id})`,
        },
      ]);
    }
    // One failure short of it: the next deactivates it.
    await imports(h, (s) => {
      s.tables.webhooks[0].active = true;
      s.tables.webhooks[0]._consecutive_failures = 4;
    });
  });

  it('refuses a failing webhook, a health of Variant B only', async () => {
    const id = await failingHook(h, 1);
    for (const active of [true, false]) {
      const edit: Edit = (s) => {
        s.tables.webhooks[0].health = 'failing';
        s.tables.webhooks[0].active = active;
      };
      expect(await refusedImport(h, edit), String(active)).toEqual([
        {
          field: 'tables.webhooks[0].health',
          rule: 'variant',
          message: `tables.webhooks[0].health: "failing" is a health of Variant B: a Variant A webhook is "healthy" (5 failures in a row deactivate it) (row id ${id})`,
        },
      ]);
    }
  });

  it('refuses alerts, which Variant B records, with one detail; takes an empty list', async () => {
    const id = await failingHook(h, 5);
    const edit: Edit = (s) =>
      (s.alerts = [alertFor(h.workspaceId, id), alertFor(h.workspaceId, id)]);
    expect(await refusedImport(h, edit)).toEqual([
      {
        field: 'alerts',
        rule: 'variant',
        message:
          'alerts: Variant A records no alerts (a failing Variant B webhook sends them): must be empty',
      },
    ]);
    await imports(h, (s) => (s.alerts = []));
  });
});

describe('importing a webhook into a Variant B server', () => {
  const h = useMock(fetchHandler, { variant: 'B', deliveryFetch });

  it('takes a failing webhook and its alert, also deactivated since', async () => {
    await failingHook(h, 5);
    const { tables, alerts } = h.mock.exportState();
    expect(tables.webhooks[0]).toMatchObject({
      active: true,
      health: 'failing',
      _consecutive_failures: 5,
    });
    expect(alerts).toHaveLength(1);
    await imports(h);
    // Deactivated through the API, which fails what it had pending (an import takes nothing else).
    const id = tables.webhooks[0]?.id;
    expect((await h.call('PUT', `/v1/webhooks/${id}`, { body: { active: false } })).status).toBe(
      200,
    );
    expect(h.mock.exportState().tables.webhooks[0]).toMatchObject({
      active: false,
      health: 'failing',
    });
    await imports(h);
  });

  it('refuses a healthy webhook after 5 failures, and a failing one after fewer', async () => {
    const id = await failingHook(h, 5);
    expect(await refusedImport(h, (s) => (s.tables.webhooks[0].health = 'healthy'))).toEqual([
      {
        field: 'tables.webhooks[0]._consecutive_failures',
        rule: 'maximum',
        message: `tables.webhooks[0]._consecutive_failures: a healthy webhook has at most 4 consecutive failures: the 5th marks it failing in Variant B (row id ${id})`,
      },
    ]);
    for (const failures of [0, 4]) {
      const edit: Edit = (s) => (s.tables.webhooks[0]._consecutive_failures = failures);
      expect(await refusedImport(h, edit), String(failures)).toEqual([
        {
          field: 'tables.webhooks[0]._consecutive_failures',
          rule: 'minimum',
          message: `tables.webhooks[0]._consecutive_failures: a failing webhook has at least 5 consecutive failures: the 5th marks it failing, and a success or its reactivation clears both (row id ${id})`,
        },
      ]);
    }
    // A healthy one short of it, and one past it still failing (its deliveries go on failing).
    await imports(h, (s) => (s.tables.webhooks[0]._consecutive_failures = 9));
    await imports(h, (s) => {
      s.tables.webhooks[0].health = 'healthy';
      s.tables.webhooks[0]._consecutive_failures = 4;
    });
  });
});
