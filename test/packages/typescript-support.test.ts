// The TypeScript support each README states is what pnpm test:packages checks: the oldest version
// it compiles the consumer with (the root's typescript-5-0 devDependency) is the one they name.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
const root = JSON.parse(read('package.json')) as { devDependencies: Record<string, string> };
const check = read('test/packages/check-packages.mjs');

describe('the TypeScript versions the READMEs support', () => {
  it('are checked from the oldest the root pins for test:packages', () => {
    expect(root.devDependencies['typescript-5-0']).toMatch(/^npm:typescript@5\.0\.\d+$/);
    expect(check).toContain("'node_modules/typescript-5-0/bin/tsc'");
    expect(check).toContain("'tsconfig.oldest.json': tsconfig('types.ts'");
  });

  it.each([
    'packages/sdk/README.md',
    'packages/mock-server/README.md',
    'packages/webhook-verify/README.md',
  ])('%s names that version and the settings checked', (path) => {
    const section = /^## TypeScript\n([\s\S]*?)\n## /m.exec(read(path))?.[1] ?? '';
    expect(section).toContain('TypeScript 5.0 or later');
    for (const setting of [
      'exactOptionalPropertyTypes',
      'verbatimModuleSyntax',
      'node10',
      'bundler',
    ]) {
      expect(section).toContain(setting);
    }
    expect(section).toContain('`pnpm test:packages` compiles a program using every entry point');
  });
});
