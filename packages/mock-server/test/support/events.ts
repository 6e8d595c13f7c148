import { beforeEach } from 'vitest';
import type { DomainEvent } from '../../src/index.js';
import type { Harness } from './harness.js';

/** Records the names of the events the harness's mock emits; `take()` returns and forgets them. */
export function recordEvents(h: Harness) {
  let seen: DomainEvent[] = [];
  beforeEach(() => {
    seen = [];
    h.mock.events.on((event) => seen.push(event));
  });
  return {
    take(): string[] {
      const names = seen.map((e) => e.event);
      seen = [];
      return names;
    },
    all: () => seen,
  };
}
