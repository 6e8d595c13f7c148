import { describe, expect, it } from 'vitest';
import { useWebhooks } from '../support/webhook-harness.js';

describe.each(['A', 'B'] as const)('Variant %s delivery order', (variant) => {
  const h = useWebhooks({ variant });

  it('sends a webhook one request at a time, in the order the events happened', async () => {
    await h.webhook(['contacts']);
    // The first answer waits until a second request arrives, or 200 ms: sent in order, none can
    // arrive meanwhile. The wait only bounds how long the test takes, never its outcome.
    let arrivedBeforeFirstAnswer = 0;
    const secondOrTimeout = new Promise<void>((resolve) => {
      const started = Date.now();
      const poll = () => {
        if (h.receiver.received.length >= 2 || Date.now() - started > 200) resolve();
        else setTimeout(poll, 5);
      };
      poll();
    });
    h.receiver.answers = [
      {
        status: 200,
        after: secondOrTimeout,
        closed: () => {
          arrivedBeforeFirstAnswer = h.receiver.received.length;
        },
      },
    ];
    const names = ['C1', 'C2', 'C3', 'C4'];
    for (const name of names) await h.call('POST', '/v1/contacts', { body: { name } });
    await h.mock.settle();
    expect(h.receiver.received.map((r) => r.json.data.name)).toEqual(names);
    expect(arrivedBeforeFirstAnswer).toBe(1);
  });

  it('still sends to another webhook while one webhook waits on its receiver', async () => {
    await h.webhook(['contacts']);
    await h.webhook(['contacts'], `${h.receiver.url}?other`);
    h.receiver.answers = ['hang'];
    await h.call('POST', '/v1/contacts', { body: { name: 'Ada' } });
    // The hanging receiver holds only its own webhook's lane: the other's request arrives.
    const started = Date.now();
    while (h.receiver.received.length < 2 && Date.now() - started < 5000) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(h.receiver.received.map((r) => r.path).sort()).toEqual(['/hooks', '/hooks?other']);
  });
});
