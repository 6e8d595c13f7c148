import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = fileURLToPath(new URL('..', import.meta.url));
const script = join(root, 'scripts/run-steps.mjs');

describe('scripts/run-steps.mjs (the steps of `pnpm test`)', { timeout: 60_000 }, () => {
  it('stops at the first failing step and names it last, with the command that runs it alone', async () => {
    const failure = await run(process.execPath, [script, 'no-such-script', 'lint'], {
      cwd: join(root, 'packages/sdk'),
    }).then(
      () => null,
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stdout).toContain('=== [1/2] pnpm run no-such-script');
    expect(failure?.stdout).not.toContain('[2/2]');
    expect(failure?.stderr).toMatch(
      /=== step 1\/2 failed: `pnpm run no-such-script` \(exit code 1, [\d.]+ s\)\nRun it alone with `pnpm run no-such-script`; the steps after it did not run\.\n$/,
    );
  });
});
