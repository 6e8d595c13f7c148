import { describe, expect, it } from 'vitest';
import { useMock } from '../support/harness.js';
import { transports } from '../support/transports.js';

describe.each(transports)('channels over $name', (transport) => {
  const h = useMock(transport);

  it('creates widget channels active and messaging channels pending until paired', async () => {
    const widget = await h.call('POST', '/v1/channels', { body: { name: 'Web' } });
    expect(widget.body.data).toMatchObject({ type: 'widget', status: 'active', agent_id: null });
    const wa = await h.call('POST', '/v1/channels', { body: { name: 'WA', type: 'whatsapp' } });
    expect(wa.body.data.status).toBe('pending');
    const qr = await h.call('GET', `/v1/channels/${wa.body.data.id}/qr-code`);
    expect(qr.status).toBe(200);
    expect(qr.body.data.expires_at).toBe('2026-11-20T10:05:00.000Z');
    const paired = await h.call('POST', `/__mock/channels/${wa.body.data.id}/pair`);
    expect(paired.body.data.status).toBe('active');
    expect((await h.call('GET', `/v1/channels/${wa.body.data.id}`)).body.data.status).toBe(
      'active',
    );
  });

  it('answers 409 for a QR code of a widget channel and a widget of a messaging channel', async () => {
    const widget = (await h.call('POST', '/v1/channels', { body: { name: 'Web' } })).body.data.id;
    const ig = (await h.call('POST', '/v1/channels', { body: { name: 'IG', type: 'instagram' } }))
      .body.data.id;
    const qr = await h.call('GET', `/v1/channels/${widget}/qr-code`);
    expect(qr.status).toBe(409);
    expect(qr.body.error.message).toMatch(/type widget/);
    expect((await h.call('GET', `/v1/channels/${ig}/widget`)).status).toBe(409);
    const embed = await h.call('GET', `/v1/channels/${widget}/widget`);
    expect(embed.body.data.embed_script).toContain(embed.body.data.widget_key);
  });

  it('checks the bound agent exists and filters by agent, type and status', async () => {
    expect(
      (await h.call('POST', '/v1/channels', { body: { name: 'x', agent_id: crypto.randomUUID() } }))
        .status,
    ).toBe(404);
    const agent = (await h.call('POST', '/v1/agents', { body: { name: 'A' } })).body.data.id;
    await h.call('POST', '/v1/channels', { body: { name: 'Web', agent_id: agent } });
    await h.call('POST', '/v1/channels', { body: { name: 'Mail', type: 'email' } });
    await h.call('POST', '/v1/channels', {
      body: { name: 'WA', type: 'whatsapp', agent_id: agent },
    });
    expect((await h.call('GET', `/v1/channels?agent_id=${agent}`)).body.pagination.total).toBe(2);
    expect((await h.call('GET', '/v1/channels?type=email')).body.pagination.total).toBe(1);
    expect((await h.call('GET', '/v1/channels?status=pending')).body.pagination.total).toBe(1);
  });

  it('reads and partially updates settings', async () => {
    const id = (await h.call('POST', '/v1/channels', { body: { name: 'Web' } })).body.data.id;
    const initial = await h.call('GET', `/v1/channels/${id}/settings`);
    expect(initial.body.data).toMatchObject({
      channel_id: id,
      language: 'en',
      welcome_message: null,
      business_hours: null,
    });
    const hours = {
      timezone: 'Europe/Madrid',
      schedule: [{ day: 'mon', open: '09:00', close: '18:00' }],
    };
    const updated = await h.call('PUT', `/v1/channels/${id}/settings`, {
      body: { welcome_message: 'Hi', business_hours: hours },
    });
    expect(updated.body.data).toMatchObject({
      welcome_message: 'Hi',
      language: 'en',
      business_hours: hours,
    });
    const bad = await h.call('PUT', `/v1/channels/${id}/settings`, {
      body: {
        business_hours: { timezone: 'UTC', schedule: [{ day: 'mon', open: '9', close: '18:00' }] },
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0].field).toBe('business_hours.schedule[0].open');
    const zone = await h.call('PUT', `/v1/channels/${id}/settings`, {
      body: { business_hours: { timezone: 'Nowhere/Land', schedule: [] } },
    });
    expect(zone.status).toBe(400);
    expect(zone.body.error.details).toEqual([
      {
        field: 'business_hours.timezone',
        rule: 'format',
        message:
          'business_hours.timezone: must be an IANA time zone such as Europe/Madrid or UTC, not "Nowhere/Land"',
      },
    ]);
    // Refused before the channel is looked up (400 before 404), and nothing was changed.
    const unknown = `/v1/channels/${crypto.randomUUID()}/settings`;
    const early = await h.call('PUT', unknown, {
      body: { business_hours: { timezone: 'X', schedule: [] } },
    });
    expect(early.status).toBe(400);
    expect((await h.call('GET', `/v1/channels/${id}/settings`)).body.data.business_hours).toEqual(
      hours,
    );
    // Hours past midnight (close before open) are a night shift, not a mistake.
    const night = {
      timezone: 'America/New_York',
      schedule: [{ day: 'fri', open: '22:00', close: '06:00' }],
    };
    const ok = await h.call('PUT', `/v1/channels/${id}/settings`, {
      body: { business_hours: night },
    });
    expect(ok.body.data.business_hours).toEqual(night);
    // A zone in another case is the same zone, stored as the platform names it.
    const lower = await h.call('PUT', `/v1/channels/${id}/settings`, {
      body: { business_hours: { timezone: 'europe/madrid', schedule: [] } },
    });
    expect(lower.body.data.business_hours.timezone).toBe('Europe/Madrid');
    const utc = await h.call('PUT', `/v1/channels/${id}/settings`, {
      body: { business_hours: { timezone: 'utc', schedule: [] } },
    });
    expect(utc.body.data.business_hours.timezone).toBe('UTC');
    // An alias is accepted and kept as sent: its canonical case is not known.
    const alias = await h.call('PUT', `/v1/channels/${id}/settings`, {
      body: { business_hours: { timezone: 'us/pacific', schedule: [] } },
    });
    expect(alias.body.data.business_hours.timezone).toBe('us/pacific');
  });

  it('takes a language tag in any case and stores it in the case BCP 47 recommends', async () => {
    const id = (await h.call('POST', '/v1/channels', { body: { name: 'Web' } })).body.data.id;
    for (const [sent, stored] of [
      ['EN', 'en'],
      ['en-us', 'en-US'],
      ['PT-br', 'pt-BR'],
      ['zh-hant-tw', 'zh-Hant-TW'],
      ['SR-LATN', 'sr-Latn'],
      ['es-419', 'es-419'],
      ['DE-CH-1996', 'de-CH-1996'],
      ['sl-ROZAJ', 'sl-rozaj'],
      ['en-US', 'en-US'],
    ]) {
      const res = await h.call('PUT', `/v1/channels/${id}/settings`, { body: { language: sent } });
      expect(res.status, sent).toBe(200);
      expect(res.body.data.language, sent).toBe(stored);
      expect((await h.call('GET', `/v1/channels/${id}/settings`)).body.data.language).toBe(stored);
    }
  });

  it('names every mistake inside business_hours, not "must be null", when the object has several', async () => {
    const id = (await h.call('POST', '/v1/channels', { body: { name: 'Web' } })).body.data.id;
    const res = await h.call('PUT', `/v1/channels/${id}/settings`, {
      body: {
        business_hours: {
          timezone: 'Europe/Madrid',
          schedule: [{ day: 'mon', open: '9:00', close: '5pm' }],
        },
      },
    });
    expect(res.status).toBe(400);
    const hhmm = 'must be a time of day as HH:MM, 24 h (e.g. 09:00)';
    expect(res.body.error.message).toBe(`business_hours.schedule[0].open: ${hhmm} (and 1 more)`);
    expect(res.body.error.details).toEqual([
      {
        field: 'business_hours.schedule[0].open',
        rule: 'pattern',
        message: `business_hours.schedule[0].open: ${hhmm}`,
      },
      {
        field: 'business_hours.schedule[0].close',
        rule: 'pattern',
        message:
          'business_hours.schedule[0].close: must be a time of day as HH:MM, 24 h (e.g. 18:00), or 24:00 for the end of the day',
      },
    ]);
    expect((await h.call('GET', `/v1/channels/${id}/settings`)).body.data.business_hours).toBe(
      null,
    );
  });

  it('refuses business hours that overlap or open and close at once, naming the interval', async () => {
    const id = (await h.call('POST', '/v1/channels', { body: { name: 'Web' } })).body.data.id;
    const put = (schedule: { day: string; open: string; close: string }[]) =>
      h.call('PUT', `/v1/channels/${id}/settings`, {
        body: { business_hours: { timezone: 'UTC', schedule } },
      });
    const mon = (open: string, close: string) => ({ day: 'mon', open, close });
    const refused = async (
      schedule: { day: string; open: string; close: string }[],
      field: string,
      rule: string,
      message: string,
    ) => {
      const res = await put(schedule);
      expect(res.status, JSON.stringify(schedule)).toBe(400);
      expect(res.body.error.details).toEqual([{ field, rule, message: `${field}: ${message}` }]);
    };
    await refused(
      [mon('09:00', '13:00'), mon('12:00', '18:00')],
      'business_hours.schedule[1]',
      'overlap',
      'overlaps business_hours.schedule[0] (mon 09:00-13:00)',
    );
    // The same interval twice.
    await refused(
      [mon('09:00', '18:00'), { day: 'tue', open: '09:00', close: '18:00' }, mon('09:00', '18:00')],
      'business_hours.schedule[2]',
      'overlap',
      'overlaps business_hours.schedule[0] (mon 09:00-18:00)',
    );
    // Hours past midnight run into the next day, Sunday's into Monday.
    await refused(
      [
        { day: 'sat', open: '05:00', close: '10:00' },
        { day: 'fri', open: '22:00', close: '06:00' },
      ],
      'business_hours.schedule[1]',
      'overlap',
      'overlaps business_hours.schedule[0] (sat 05:00-10:00)',
    );
    await refused(
      [mon('01:00', '05:00'), { day: 'sun', open: '22:00', close: '02:00' }],
      'business_hours.schedule[1]',
      'overlap',
      'overlaps business_hours.schedule[0] (mon 01:00-05:00)',
    );
    await refused(
      [mon('09:00', '09:00')],
      'business_hours.schedule[0].close',
      'invalid',
      'must differ from open (09:00): 00:00 or 24:00 closes at midnight, 00:00 to 24:00 is the whole day',
    );
    expect((await h.call('GET', `/v1/channels/${id}/settings`)).body.data.business_hours).toBe(
      null,
    );
    // Intervals that touch do not overlap; 24:00 is the end of the day.
    const split = [
      mon('09:00', '13:00'),
      mon('13:00', '18:00'),
      { day: 'fri', open: '22:00', close: '06:00' },
      { day: 'sat', open: '06:00', close: '24:00' },
      { day: 'sun', open: '00:00', close: '24:00' },
    ];
    const ok = await put(split);
    expect(ok.status).toBe(200);
    expect(ok.body.data.business_hours.schedule).toEqual(split);
    await refused(
      [{ day: 'tue', open: '24:00', close: '09:00' }],
      'business_hours.schedule[0].open',
      'pattern',
      'must be a time of day as HH:MM, 24 h (e.g. 09:00)',
    );
  });

  it('updates name and binding and deletes', async () => {
    const id = (await h.call('POST', '/v1/channels', { body: { name: 'Web' } })).body.data.id;
    expect(
      (await h.call('PUT', `/v1/channels/${id}`, { body: { name: 'Site' } })).body.data.name,
    ).toBe('Site');
    expect(
      (await h.call('PUT', `/v1/channels/${id}`, { body: { type: 'email' } })).body.error.details[0]
        .rule,
    ).toBe('unknown');
    expect((await h.call('DELETE', `/v1/channels/${id}`)).status).toBe(204);
    expect((await h.call('GET', `/v1/channels/${id}/settings`)).status).toBe(404);
  });
});

describe.each(transports)('channel connection changes (control API) over $name', (transport) => {
  const h = useMock(transport, { variant: 'B' });

  it('unpairs, fails and reconnects a channel, each with its event, reachable by the status filter', async () => {
    const events: { event: string; status: unknown }[] = [];
    h.mock.events.on((e) =>
      events.push({ event: e.event, status: (e.data as { status?: unknown }).status }),
    );
    const wa = await h.call('POST', '/v1/channels', { body: { name: 'WA', type: 'whatsapp' } });
    const id = wa.body.data.id;
    await h.call('POST', `/__mock/channels/${id}/pair`);
    const status = (value: string) =>
      h.call('PUT', `/__mock/channels/${id}/status`, { body: { status: value } });

    const failed = await status('error');
    expect(failed.status).toBe(200);
    expect(failed.body.data).toMatchObject({ id, status: 'error' });
    const listed = await h.call('GET', '/v1/channels?status=error');
    expect(listed.body.data.map((c: { id: string }) => c.id)).toEqual([id]);
    // The same status again changes nothing and emits nothing.
    expect((await status('error')).body.data.status).toBe('error');
    expect((await status('disconnected')).body.data.status).toBe('disconnected');
    expect((await h.call('GET', `/v1/channels/${id}`)).body.data.status).toBe('disconnected');
    // Pairing again (or status active) reconnects it.
    expect((await h.call('POST', `/__mock/channels/${id}/pair`)).body.data.status).toBe('active');
    expect(events.filter((e) => e.event.startsWith('channel.'))).toEqual([
      { event: 'channel.connected', status: 'active' },
      { event: 'channel.error', status: 'error' },
      { event: 'channel.disconnected', status: 'disconnected' },
      { event: 'channel.connected', status: 'active' },
    ]);

    // In-process, the same method.
    expect(h.mock.setChannelStatus(id, { status: 'error' }).status).toBe('error');
    const pending = await status('pending');
    expect(pending.status).toBe(400);
    expect(pending.body.error.details[0]).toMatchObject({ field: 'status', rule: 'enum' });
    const missing = await h.call('PUT', `/__mock/channels/${crypto.randomUUID()}/status`, {
      body: { status: 'error' },
    });
    expect(missing.status).toBe(404);
  });
});
