import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// What users copy is what is tested: each TypeScript block of the README's Recipes section is, word
// for word, the code between `// README:start <name>` and `// README:end <name>` in the recipe files
// here, which the recipe tests run. A name's regions are joined in file order (a file's imports, then
// a function's body), each taken out of its marker's indentation. Where a test needs other code, the
// README's line is written beside it: a run of `// README: <code>` lines is what the README shows in
// place of the one line after the run, at that line's indentation (an `export`, which a receiver
// built per test cannot have; a port; the README's own store, handler and secrets, where a test passes
// its own). Nothing else differs, so a change to either side fails here until the other follows.

/** The README's recipe blocks in order, each named by its regions. */
const RECIPES = [
  'receive',
  'express',
  'express-json',
  'node-http',
  'fastify',
  'koa',
  'hono',
  'request',
  'next-pages',
  'aws-lambda',
];

const dir = new URL('./', import.meta.url);
const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

/** The README's text of each region name in `text` (the file `file`). */
function regionsOf(file: string, text: string): Map<string, string> {
  const regions = new Map<string, string>();
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const start = /^( *)\/\/ README:start (\S+)$/.exec(lines[i] ?? '');
    if (!start) continue;
    const [, indent = '', name = ''] = start;
    const shown: string[] = [];
    let run: string[] = [];
    for (i++; !new RegExp(`^ *// README:end ${name}$`).test(lines[i] ?? ''); i++) {
      if (i >= lines.length) throw new Error(`${file}: README:start ${name} has no README:end`);
      const line = lines[i] ?? '';
      const substitute = /^ *\/\/ README:(?: (.*))?$/.exec(line);
      if (substitute) {
        run.push(substitute[1] ?? '');
        continue;
      }
      const at = /^ */.exec(line)?.[0] ?? '';
      shown.push(...(run.length ? run.map((code) => (code ? at + code : '')) : [line]));
      run = [];
    }
    if (run.length)
      throw new Error(`${file}: README lines at the end of ${name}, with no line to stand for`);
    for (const line of shown) {
      if (line && !line.startsWith(indent)) {
        throw new Error(`${file}: a line of ${name} is outside its marker's indentation: ${line}`);
      }
    }
    const code = shown.map((line) => line.slice(indent.length)).join('\n');
    regions.set(name, `${regions.get(name) ?? ''}${code}\n`);
  }
  return regions;
}

const regions = new Map<string, string>();
for (const file of readdirSync(dir).filter((name) => name.endsWith('.ts'))) {
  for (const [name, code] of regionsOf(file, readFileSync(new URL(file, dir), 'utf8'))) {
    if (regions.has(name)) throw new Error(`${file}: README region ${name} is in another file too`);
    regions.set(name, code);
  }
}

const section = /^## Recipes\n([\s\S]*?)(?=^## )/m.exec(readme)?.[1] ?? '';
const blocks = [...section.matchAll(/^```ts\n([\s\S]*?)^```/gm)].map((match) => match[1]);

describe("the README's recipes", () => {
  it('are each in the recipe files, under the name listed here in README order', () => {
    expect([...regions.keys()].sort()).toEqual([...RECIPES].sort());
    expect(blocks).toHaveLength(RECIPES.length);
  });

  it.each(RECIPES.map((name, i) => ({ name, i })))(
    '$name: the README block is its code word for word',
    ({ name, i }) => {
      expect(blocks[i]).toBe(regions.get(name));
    },
  );
});
