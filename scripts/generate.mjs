#!/usr/bin/env node
// Writes every generated file from spec/openapi.yaml, or with --check fails when one is stale.
// Usage: node scripts/generate.mjs [--check] [--spec PATH]
// Each target is a module in scripts/generate/ whose default export is
// { output: 'path/from/repo/root', render(spec, ctx) => string | Promise<string> }.
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parse } from 'yaml';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const check = args.includes('--check');
// --spec PATH reads another copy of the spec (the freshness test uses it to prove that a stale file fails).
const specArg = args.indexOf('--spec');
const specPath = specArg >= 0 ? resolve(args[specArg + 1] ?? '') : join(root, 'spec/openapi.yaml');

const spec = parse(await readFile(specPath, 'utf8'));
const targetDir = join(root, 'scripts/generate');
const modules = (await readdir(targetDir)).filter((f) => f.endsWith('.mjs')).sort();

const stale = [];
const outputs = new Set();
for (const file of modules) {
  const { default: target } = await import(pathToFileURL(join(targetDir, file)).href);
  const outPath = join(root, target.output);
  outputs.add(outPath);
  const text = await target.render(spec, { root, specPath });
  if (check) {
    const current = await readFile(outPath, 'utf8').catch(() => null);
    if (current !== text) stale.push(relative(root, outPath));
    continue;
  }
  await mkdir(dirname(outPath), { recursive: true });
  await writeFile(outPath, text);
  console.log(`wrote ${relative(root, outPath)}`);
}

// A file in a generated directory that no target writes (left from a removed target, or added by
// hand) would be imported as if it were generated.
const stray = [];
for (const dir of new Set([...outputs].map((f) => dirname(f)))) {
  for (const name of await readdir(dir)) {
    // Dotfiles (.DS_Store) are the file system's, not code.
    if (!name.startsWith('.') && !outputs.has(join(dir, name)))
      stray.push(relative(root, join(dir, name)));
  }
}
if (stray.length > 0) {
  console.error('Files in generated directories that no target in scripts/generate/ writes:');
  for (const f of stray) console.error(`  ${f}`);
  console.error('Delete them, or add a target that generates them.');
}
if (stale.length > 0) {
  console.error(
    'Generated files differ from what spec/openapi.yaml generates (the spec changed, or they were edited by hand):',
  );
  for (const f of stale) console.error(`  ${f}`);
  console.error(
    'Edit the spec or the targets in scripts/generate/, never the output; then run `pnpm generate` and commit the result.',
  );
}
if (stale.length > 0 || (check && stray.length > 0)) process.exit(1);
if (check) console.log(`generated files are fresh (${modules.length} targets)`);
