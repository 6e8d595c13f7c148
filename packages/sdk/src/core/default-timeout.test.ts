import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hangingFetch } from '../../test/support/recording-fetch.js';
import { watch } from '../../test/support/watch.js';
import { AgentPlatform } from '../client.js';
import { APITimeoutError } from './errors.js';

// A file of its own: every attempt's deadline is a timer, set under the fake timers from the start.
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the default timeout', () => {
  it('gives up on an attempt after 60 s, not before, when no timeout is set', async () => {
    const hanging = hangingFetch();
    const client = new AgentPlatform({
      apiKey: 'key',
      baseUrl: 'http://api.test',
      fetch: hanging.fetch,
      maxRetries: 0,
    });
    const outcome = watch(client.agents.retrieve('7d0c3b1e-0000-4000-8000-000000000001'));
    await vi.advanceTimersByTimeAsync(59_999);
    expect(outcome.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome.error).toBeInstanceOf(APITimeoutError);
    expect(hanging.calls()).toBe(1);
  });

  it('gives each retry of a GET its own 60 s', async () => {
    const hanging = hangingFetch();
    const client = new AgentPlatform({
      apiKey: 'key',
      baseUrl: 'http://api.test',
      fetch: hanging.fetch,
      // No sleep between attempts: only the attempts' deadlines take time.
      clock: { now: () => Date.now(), sleep: async () => {} },
    });
    const outcome = watch(client.agents.retrieve('7d0c3b1e-0000-4000-8000-000000000001'));
    for (const calls of [1, 2, 3]) {
      await vi.advanceTimersByTimeAsync(59_999);
      expect(hanging.calls()).toBe(calls);
      expect(outcome.settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
    }
    expect(outcome.error).toBeInstanceOf(APITimeoutError);
    expect(hanging.calls()).toBe(3);
  });
});
