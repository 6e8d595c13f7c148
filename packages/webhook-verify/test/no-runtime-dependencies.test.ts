import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// Issue #5: "The core has no runtime dependencies." The package declares none, and what each entry
// imports, followed file by file from its source, is the package's own code, plus node:crypto for
// /node alone (zod, an optional peer, for /zod alone).
const src = new URL('../src/', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

/** The modules outside src/ that `entry` reaches through its static and dynamic imports. */
function externalImports(entry: string): string[] {
  const seen = new Set<string>();
  const external = new Set<string>();
  const visit = (url: URL) => {
    if (seen.has(url.href)) return;
    seen.add(url.href);
    const code = readFileSync(url, 'utf8');
    for (const match of code.matchAll(
      /(?:^|\n)\s*(?:import|export)\b[^'"]*?\sfrom\s+'([^']+)'|import\(\s*'([^']+)'\s*\)|(?:^|\n)import\s+'([^']+)'/g,
    )) {
      const specifier = match[1] ?? match[2] ?? match[3];
      if (specifier === undefined) continue;
      if (specifier.startsWith('.')) visit(new URL(specifier.replace(/\.js$/, '.ts'), url));
      else external.add(specifier);
    }
  };
  visit(new URL(entry, src));
  return [...external].sort();
}

describe('runtime dependencies', () => {
  it('the package declares none (zod is an optional peer)', () => {
    expect(manifest.dependencies ?? {}).toEqual({});
    expect(manifest.peerDependenciesMeta).toEqual({ zod: { optional: true } });
  });

  it.each([
    ['index.ts', []],
    ['dedupe.ts', []],
    ['events.ts', []],
    ['node.ts', ['node:crypto']],
    ['zod.ts', ['zod']],
  ])('%s imports nothing from outside the package but %j', (entry, allowed) => {
    expect(externalImports(entry)).toEqual(allowed);
  });
});
