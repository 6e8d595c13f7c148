import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The code between `// README:start <name>` and `// README:end <name>` in a recipe file here, which
// the recipe tests run, is in the README word for word: what users copy is what is tested.
const dir = new URL('./', import.meta.url);
const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const regions = readdirSync(dir)
  .filter((file) => file.endsWith('.ts'))
  .flatMap((file) =>
    [
      ...readFileSync(new URL(file, dir), 'utf8').matchAll(
        /^\/\/ README:start (\S+)\n([\s\S]*?)^\/\/ README:end \1\n/gm,
      ),
    ].map((match) => ({ file, name: match[1], code: match[2] as string })),
  );

describe("the README's recipes", () => {
  it('are found in the recipe files', () => {
    expect(regions.map((r) => r.name).sort()).toEqual(['aws-lambda', 'next-pages']);
  });

  it.each(regions)('hold $file ($name) word for word', ({ code }) => {
    expect(readme).toContain(code);
  });
});
