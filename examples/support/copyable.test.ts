import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

// What a user copies must work outside this repository, where tsconfig.base.json's `paths` (which map
// any `@agent-platform/webhook-verify/*` to the package's sources) do not apply.
const examples = fileURLToPath(new URL('..', import.meta.url));
const packages = fileURLToPath(new URL('../../packages', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules') return [];
    const path = join(dir, entry.name);
    return entry.isDirectory() ? sources(path) : entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** The module specifiers a file imports (static `import ... from`). */
function imports(path: string): string[] {
  return [
    ...readFileSync(path, 'utf8').matchAll(/^(?:import|export)[^;]*? from '([^']+)';/gms),
  ].map((match) => match[1] as string);
}

it('imports each package through an entry point its package.json exports', () => {
  const exported = new Map<string, string[]>();
  for (const name of ['sdk', 'mock-server', 'webhook-verify']) {
    const manifest = JSON.parse(readFileSync(join(packages, name, 'package.json'), 'utf8')) as {
      name: string;
      exports: Record<string, unknown>;
    };
    exported.set(manifest.name, Object.keys(manifest.exports));
  }
  const wrong: string[] = [];
  let seen = 0;
  for (const file of sources(examples)) {
    for (const specifier of imports(file)) {
      const name = specifier.split('/').slice(0, 2).join('/');
      const entries = exported.get(name);
      if (!entries) continue;
      seen++;
      const entry = `.${specifier.slice(name.length)}`;
      if (!entries.includes(entry)) wrong.push(`${relative(examples, file)}: ${specifier}`);
    }
  }
  expect(seen).toBeGreaterThan(10);
  expect(wrong).toEqual([]);
});

it("keeps the receivers' shared part free of this directory's runner (support/)", () => {
  const local = imports(join(examples, 'webhook-receiver.ts')).filter((s) => s.startsWith('.'));
  expect(local).toEqual([]);
});
