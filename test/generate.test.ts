import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = fileURLToPath(new URL('..', import.meta.url));
const script = join(root, 'scripts/generate.mjs');
const dirs: string[] = [];

afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

/** How `pnpm generate --check` (with `args`) failed: its exit code and stderr; null if it passed. */
function checkFailure(args: string[] = []): Promise<{ code: number; stderr: string } | null> {
  return run(process.execPath, [script, '--check', ...args], { cwd: root }).then(
    () => null,
    (error: { code: number; stderr: string }) => error,
  );
}

describe('pnpm generate --check', { timeout: 60_000 }, () => {
  it('passes when the generated files match the spec', async () => {
    const { stdout } = await run(process.execPath, [script, '--check'], { cwd: root });
    expect(stdout).toMatch(/generated files are fresh/);
  });

  it('fails on an edited spec, naming the stale files and `pnpm generate`', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'spec-'));
    dirs.push(dir);
    const edited = (await readFile(join(root, 'spec/openapi.yaml'), 'utf8')).replace(
      'summary: List agents',
      'summary: List every agent',
    );
    const specCopy = join(dir, 'openapi.yaml');
    await writeFile(specCopy, edited);
    const failure = await checkFailure(['--spec', specCopy]);
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toContain('packages/sdk/src/generated/schema.ts');
    expect(failure?.stderr).toContain('run `pnpm generate`');
  });

  it("fails on a response keyed by a range or default, which the proxy's validateResponse cannot match", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'spec-'));
    dirs.push(dir);
    const spec = await readFile(join(root, 'spec/openapi.yaml'), 'utf8');
    const at = spec.indexOf('responses:', spec.indexOf('operationId: agentsList'));
    const indent = /\n( *)responses:/.exec(spec.slice(at - 40, at + 10))?.[1] ?? '';
    const edited = `${spec.slice(0, at)}responses:\n${indent}  default: {description: Any other answer}${spec.slice(at + 'responses:'.length)}`;
    const specCopy = join(dir, 'openapi.yaml');
    await writeFile(specCopy, edited);
    const failure = await checkFailure(['--spec', specCopy]);
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toContain(
      "mock-responses: agentsList declares the response 'default'; only exact status codes are supported",
    );
  });

  it('fails on a file in a generated directory that no target writes', async () => {
    // Not .ts: no type-check or test running meanwhile picks it up.
    const stray = join(root, `packages/sdk/src/generated/stray-${process.pid}.txt`);
    await writeFile(stray, 'by hand');
    try {
      const failure = await checkFailure();
      expect(failure?.code).toBe(1);
      expect(failure?.stderr).toContain(`packages/sdk/src/generated/stray-${process.pid}.txt`);
      expect(failure?.stderr).toContain('no target in scripts/generate/ writes');
    } finally {
      await unlink(stray);
    }
  });
});
