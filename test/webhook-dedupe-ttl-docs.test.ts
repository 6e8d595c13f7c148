import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  DELIVERY_TIMEOUT_MS,
  MAX_ATTEMPTS,
  retryDelayMs,
} from '../packages/mock-server/src/webhooks/schedules.js';

// Issue #5: "Document that the TTL must cover the sender's retry horizon." webhook-verify's README
// and createDeduper's `ttlSeconds` say so with figures; those figures are the sender's schedule,
// which the mock server implements (seed 6.1 / 6.2), so a change to either side shows here.
const readme = readFileSync(
  new URL('../packages/webhook-verify/README.md', import.meta.url),
  'utf8',
).replace(/\s+/g, ' ');
const deduperSource = readFileSync(
  new URL('../packages/webhook-verify/src/dedupe/create-deduper.ts', import.meta.url),
  'utf8',
).replace(/\s*\n\s*\*?\s*/g, ' ');

/** From the first attempt to the end of the last: every retry delay, and each attempt's timeout. */
function horizonMinutes(variant: 'A' | 'B'): number {
  let ms = MAX_ATTEMPTS * DELIVERY_TIMEOUT_MS;
  for (let failed = 1; failed < MAX_ATTEMPTS; failed++) ms += retryDelayMs(variant, failed);
  return Math.round(ms / 60_000);
}

describe("the dedupe TTL and the sender's retry horizon", () => {
  it('the horizons are those of the sender’s schedule', () => {
    expect([horizonMinutes('A'), horizonMinutes('B')]).toEqual([82, 7]);
  });

  it('the README says the TTL must cover it, with those figures', () => {
    expect(readme).toContain("**The TTL must cover the sender's retry horizon**");
    expect(readme).toContain(
      `about ${horizonMinutes('A')} minutes for Variant A (retries 1, 5, 15 and 60 min after each failure, and up to ${DELIVERY_TIMEOUT_MS / 1000} s per attempt) and ${horizonMinutes('B')} minutes for Variant B (5 s, 15 s, 60 s, 5 min, and the same ${DELIVERY_TIMEOUT_MS / 1000} s)`,
    );
  });

  it('so does the doc comment of createDeduper’s ttlSeconds', () => {
    expect(deduperSource).toContain(
      `Must cover the sender's retry horizon (Variant A: about ${horizonMinutes('A')} minutes from the first attempt; Variant B: about ${horizonMinutes('B')} minutes)`,
    );
  });
});
