#!/usr/bin/env node
// Writes every generated file from spec/openapi.yaml, or with --check fails when one is stale.
// Each target is a module in scripts/generate/ whose default export is
// { output: 'path/from/repo/root', render(spec, ctx) => string | Promise<string> }.
import { readdir, readFile, writeFile, mkdir } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parse } from 'yaml';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const specPath = join(root, 'spec/openapi.yaml');
const check = process.argv.includes('--check');

const spec = parse(await readFile(specPath, 'utf8'));
const targetDir = join(root, 'scripts/generate');
const modules = (await readdir(targetDir)).filter((f) => f.endsWith('.mjs')).sort();

const stale = [];
for (const file of modules) {
  const { default: target } = await import(pathToFileURL(join(targetDir, file)).href);
  const outPath = join(root, target.output);
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

if (stale.length > 0) {
  console.error('Generated files are out of date with spec/openapi.yaml:');
  for (const f of stale) console.error(`  ${f}`);
  console.error('Run `pnpm generate` and commit the result.');
  process.exit(1);
}
if (check) console.log(`generated files are fresh (${modules.length} targets)`);
