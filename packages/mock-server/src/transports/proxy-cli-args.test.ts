import { describe, expect, it } from 'vitest';
import { UsageError } from './cli-args.js';
import { parseProxyCli } from './proxy-cli-args.js';

const UPSTREAM = 'https://staging.example.test';

describe('parseProxyCli', () => {
  it('reads --upstream-timeout-ms, default 60000, and refuses a value that is not a whole number >= 1', () => {
    expect(parseProxyCli([UPSTREAM]).upstreamTimeoutMs).toBe(60_000);
    expect(parseProxyCli([UPSTREAM, '--upstream-timeout-ms', '2500']).upstreamTimeoutMs).toBe(2500);
    for (const bad of ['0', '-1', '1.5', 'soon', '']) {
      expect(() => parseProxyCli([UPSTREAM, `--upstream-timeout-ms=${bad}`])).toThrow(
        new UsageError(
          `--upstream-timeout-ms: must be a whole number of milliseconds >= 1, not "${bad}"`,
        ),
      );
    }
  });
});
