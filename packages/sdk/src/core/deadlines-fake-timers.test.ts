import { afterEach, describe, expect, it, vi } from 'vitest';
import { hangingFetch } from '../../test/support/recording-fetch.js';
import { watch } from '../../test/support/watch.js';
import { AgentPlatform } from '../client.js';
import { APITimeoutError } from './errors.js';

// A test suite installs fake timers and removes them between tests (vi.useFakeTimers /
// useRealTimers): a timer set before the switch never fires in the time kept after it, so an
// attempt's deadline after the switch must not count on one. (The SDK once kept one shared
// timer for every attempt, which these tests were written for; each attempt now has its own.)

afterEach(() => {
  vi.useRealTimers();
});

function client() {
  return new AgentPlatform({
    apiKey: 'k',
    baseUrl: 'https://api.example.test',
    fetch: hangingFetch().fetch,
    maxRetries: 0,
  });
}

describe('the timeout, when fake timers come and go between tests', () => {
  it('(a test with real timers leaves a timer set)', async () => {
    const call = watch(client().agents.list({}, { timeout: 60_000 }));
    // Let the attempt start (its deadline is added), then give it up: the timer stays set.
    await new Promise((resolve) => setImmediate(resolve));
    expect(call.settled).toBe(false);
  });

  it('fires under fake timers installed since, when fake time passes it', async () => {
    vi.useFakeTimers();
    const call = watch(client().agents.list());
    await vi.advanceTimersByTimeAsync(60_000);
    expect(call.error).toBeInstanceOf(APITimeoutError);
  });

  it('(a test with fake timers set in the past leaves a timer that never fires)', async () => {
    vi.useFakeTimers({ now: new Date('2020-01-01T00:00:00.000Z') });
    watch(client().agents.list({}, { timeout: 60_000 }));
    await vi.advanceTimersByTimeAsync(0);
  });

  it('fires under new fake timers all the same', async () => {
    vi.useFakeTimers();
    const call = watch(client().agents.list({}, { timeout: 1_000 }));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(call.error).toBeInstanceOf(APITimeoutError);
  });
});
