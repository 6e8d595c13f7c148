// A webhook's health is one of its fields: each change of it (Variant A turning it off, Variant B
// marking it failing, a success clearing that) moves its `updated_at` to when it happened, so a
// client that reads webhooks changed since a time sees the change either way.
import { describe, expect, it } from 'vitest';
import { useWebhooks } from '../support/webhook-harness.js';

describe.each(['A', 'B'] as const)('Variant %s', (variant) => {
  const h = useWebhooks({ variant });

  it("moves updated_at when a webhook's health changes, and only then", async () => {
    const { id } = await h.webhook();
    const read = async () => (await h.call('GET', `/v1/webhooks/${id}`)).body.data;
    const created = (await read()).updated_at;
    h.receiver.fallback = 500;
    for (let i = 0; i < 4; i++) await h.trigger();
    // Four failures in a row: nothing visible changed yet.
    expect((await read()).updated_at).toBe(created);
    await h.advance(1_000);
    await h.trigger();
    const broken = await read();
    expect(broken).toMatchObject(
      variant === 'A' ? { active: false } : { active: true, health: 'failing' },
    );
    expect(broken.updated_at).toBe('2026-11-20T10:00:01.000Z');

    h.receiver.fallback = 200;
    if (variant === 'A') {
      await h.advance(1_000);
      await h.call('PUT', `/v1/webhooks/${id}`, { body: { active: true } });
      expect((await read()).updated_at).toBe('2026-11-20T10:00:02.000Z');
      return;
    }
    // Variant B: the retries at +5 s succeed; the first success clears `failing`, at its time.
    await h.advance(5_000);
    const healed = await read();
    expect(healed.health).toBe('healthy');
    expect(healed.updated_at).toBe('2026-11-20T10:00:05.000Z');
  });
});
