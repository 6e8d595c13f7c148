// Variant B sends appointment.reminder_sent 24 hours before a scheduled appointment starts, on the
// mock's clock; Variant A has no such event. The harness's clock starts at 2026-11-20T10:00:00Z.
import { describe, expect, it } from 'vitest';
import { createMockServer } from '../../src/index.js';
import { recordEvents } from '../support/events.js';
import { useMock } from '../support/harness.js';
import { domainEventProblems } from '../support/spec-contract.js';
import { transports } from '../support/transports.js';

const HOUR = 3_600_000;
const inProcess = transports[0] as (typeof transports)[number];

describe('appointment reminders, Variant B', () => {
  const h = useMock(inProcess, { variant: 'B' });
  const events = recordEvents(h);

  async function appointment(startsAt: string): Promise<string> {
    const contact = (await h.call('POST', '/v1/contacts', { body: { name: 'Ada' } })).body.data.id;
    const created = await h.call('POST', '/v1/appointments', {
      body: { contact_id: contact, title: 'Call', starts_at: startsAt },
    });
    expect(created.status).toBe(201);
    events.take();
    return created.body.data.id;
  }

  const advance = (ms: number) => h.mock.clock.advance(ms);
  const reminders = () => events.all().filter((e) => e.event === 'appointment.reminder_sent');

  it('sends one reminder when the clock reaches 24 hours before starts_at', async () => {
    const id = await appointment('2026-11-22T10:00:00Z'); // 48 h ahead
    await advance(24 * HOUR - 1);
    expect(events.take()).toEqual([]);
    await advance(1);
    const [reminder] = reminders();
    expect(events.take()).toEqual(['appointment.reminder_sent']);
    expect(reminder?.timestamp).toBe('2026-11-21T10:00:00.000Z');
    expect(reminder?.data).toMatchObject({ id, status: 'scheduled', title: 'Call' });
    expect(domainEventProblems(reminder as NonNullable<typeof reminder>)).toEqual([]);
    await advance(48 * HOUR);
    expect(events.take()).toEqual([]);
  });

  it('sends it to the webhooks subscribed to appointments, signed like any other event', async () => {
    const received: unknown[] = [];
    const mock = createMockServer({
      variant: 'B',
      clock: 'manual',
      startTime: '2026-11-20T10:00:00Z',
      deliveryFetch: async (_url, init) => {
        received.push(JSON.parse(String(init?.body)));
        return new Response(null, { status: 204 });
      },
    });
    const { key } = mock.createApiKey({ scopes: 'all' });
    const call = (method: string, path: string, body?: unknown) =>
      mock
        .fetch(path, {
          method,
          headers: { 'x-api-key': key, 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        })
        .then(async (r) => ({ status: r.status, body: await r.json() }));
    await call('POST', '/v1/webhooks', { url: 'https://hooks.test/in', events: ['appointments'] });
    const contact = (await call('POST', '/v1/contacts', { name: 'Ada' })).body.data.id;
    await call('POST', '/v1/appointments', {
      contact_id: contact,
      title: 'Call',
      starts_at: '2026-11-21T12:00:00Z',
    });
    await mock.clock.advance(2 * HOUR);
    await mock.settle();
    expect(received.map((b) => (b as { event: string }).event)).toEqual([
      'appointment.scheduled',
      'appointment.reminder_sent',
    ]);
    mock.dispose();
  });

  it('sends none for an appointment made less than 24 hours before it starts', async () => {
    await appointment('2026-11-21T09:59:59Z');
    await advance(48 * HOUR);
    expect(events.take()).toEqual([]);
  });

  it('moves the reminder with a reschedule, and sends a new one for a later time', async () => {
    const id = await appointment('2026-11-23T10:00:00Z');
    await h.call('PUT', `/v1/appointments/${id}`, { body: { starts_at: '2026-11-24T10:00:00Z' } });
    events.take();
    await advance(2 * 24 * HOUR); // the old reminder time (11-22 10:00) passes
    expect(events.take()).toEqual([]);
    await advance(24 * HOUR); // 11-23 10:00, the new one
    expect(events.take()).toEqual(['appointment.reminder_sent']);
    // Reminded already, then moved two days later: a reminder for the new time.
    await h.call('PUT', `/v1/appointments/${id}`, { body: { starts_at: '2026-11-26T10:00:00Z' } });
    events.take();
    await advance(2 * 24 * HOUR);
    expect(reminders().map((e) => e.data)).toMatchObject([
      { id, starts_at: '2026-11-26T10:00:00.000Z' },
    ]);
    expect(events.take()).toEqual(['appointment.reminder_sent']);
  });

  it('keeps the reminder when only the title or notes change', async () => {
    const id = await appointment('2026-11-22T10:00:00Z');
    await h.call('PUT', `/v1/appointments/${id}`, { body: { title: 'Renamed' } });
    events.take();
    await advance(24 * HOUR);
    expect(reminders().map((e) => e.data)).toMatchObject([{ id, title: 'Renamed' }]);
  });

  it.each([
    ['cancelled', (id: string) => h.call('POST', `/v1/appointments/${id}/cancel`)],
    ['completed', (id: string) => h.call('POST', `/v1/appointments/${id}/complete`)],
  ])('sends none once the appointment is %s', async (_status, finish) => {
    const id = await appointment('2026-11-22T10:00:00Z');
    expect(h.mock.clock.pending()).toBe(1);
    expect((await finish(id)).status).toBe(200);
    expect(h.mock.clock.pending()).toBe(0); // its timer went with it
    events.take();
    await advance(48 * HOUR);
    expect(events.take()).toEqual([]);
  });

  it('sends none once its contact is deleted (the appointment is cancelled)', async () => {
    const id = await appointment('2026-11-22T10:00:00Z');
    const contact = (await h.call('GET', `/v1/appointments/${id}`)).body.data.contact_id;
    await h.call('DELETE', `/v1/contacts/${contact}`);
    events.take();
    await advance(48 * HOUR);
    expect(events.take()).toEqual([]);
  });

  it('forgets pending reminders on a reset', async () => {
    await appointment('2026-11-22T10:00:00Z');
    h.mock.reset();
    expect(h.mock.clock.pending()).toBe(0);
    await advance(48 * HOUR);
    expect(events.take()).toEqual([]);
  });

  it('takes an imported starts_at with an offset, written again in UTC, as the same time', async () => {
    const id = await appointment('2026-11-22T10:00:00Z');
    const snapshot = h.mock.exportState();
    const row = snapshot.tables.appointments.find((a) => a.id === id);
    if (row) row.starts_at = '2026-11-22T12:00:00+02:00';
    h.mock.importState(snapshot);
    const put = await h.call('PUT', `/v1/appointments/${id}`, {
      body: { starts_at: '2026-11-22T10:00:00.000Z' },
    });
    expect(put.status).toBe(200);
    expect(events.take()).toEqual([]); // not rescheduled
    await advance(24 * HOUR);
    expect(events.take()).toEqual(['appointment.reminder_sent']);
  });

  it('re-arms an imported state: a reminder still ahead is sent once, one already due is not', async () => {
    await appointment('2026-11-22T10:00:00Z'); // reminder at 11-21 10:00
    await appointment('2026-11-20T20:00:00Z'); // made inside the 24 hours: none
    const later = await appointment('2026-11-25T10:00:00Z'); // reminder at 11-24 10:00
    await advance(24 * HOUR); // the first is reminded before the export
    expect(events.take()).toEqual(['appointment.reminder_sent']);
    const snapshot = h.mock.exportState();
    h.mock.importState(snapshot);
    await advance(5 * 24 * HOUR);
    expect(reminders().map((e) => (e.data as { id: string }).id)).toEqual([later]);
  });

  it('sends none for an imported scheduled appointment without a contact: there is no one to remind', async () => {
    // The API cancels a contact's scheduled appointments when it deletes the contact; a hand-written
    // or edited snapshot may still hold a scheduled one whose contact_id is null.
    const id = await appointment('2026-11-22T10:00:00Z');
    const snapshot = h.mock.exportState();
    const [row] = snapshot.tables.appointments as { contact_id: string | null }[];
    (row as { contact_id: string | null }).contact_id = null;
    h.mock.importState(snapshot);
    expect((await h.call('GET', `/v1/appointments/${id}`)).body.data).toMatchObject({
      status: 'scheduled',
      contact_id: null,
    });
    expect(h.mock.clock.pending()).toBe(0);
    await advance(48 * HOUR);
    expect(events.take()).toEqual([]);
  });

  it('sends the reminders of a state imported into a new server, on that server', async () => {
    const id = await appointment('2026-11-22T10:00:00Z');
    const other = createMockServer({
      variant: 'B',
      clock: 'manual',
      startTime: '2026-11-20T12:00:00Z',
      seed: h.mock.exportState(),
    });
    const seen: string[] = [];
    other.events.on((e) => seen.push(`${e.event} ${(e.data as { id: string }).id}`));
    await other.clock.advance(22 * HOUR);
    expect(seen).toEqual([`appointment.reminder_sent ${id}`]);
    other.dispose();
  });
});

describe('appointment reminders, Variant A', () => {
  const h = useMock(inProcess, { variant: 'A' });
  const events = recordEvents(h);

  it('has no reminder event: nothing is armed or sent', async () => {
    const contact = (await h.call('POST', '/v1/contacts', { body: { name: 'Ada' } })).body.data.id;
    await h.call('POST', '/v1/appointments', {
      body: { contact_id: contact, title: 'Call', starts_at: '2026-11-22T10:00:00Z' },
    });
    expect(h.mock.clock.pending()).toBe(0);
    events.take();
    await h.mock.clock.advance(48 * HOUR);
    expect(events.take()).toEqual([]);
  });
});
