import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';

// Every public export carries a doc comment (STYLE.md): the entry points are read from the
// `exports` map of each package under packages/ (`.` is src/index.ts, `./msw` is src/msw.ts), so a
// new entry, or a new package, is covered.
const root = fileURLToPath(new URL('..', import.meta.url));
const packages = readdirSync(join(root, 'packages')).filter((name) =>
  existsSync(join(root, 'packages', name, 'package.json')),
);

function entryPoints(): string[] {
  return packages.flatMap((name) => {
    const dir = join(root, 'packages', name);
    const { exports } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
      exports: Record<string, unknown>;
    };
    return Object.keys(exports)
      .filter((key) => key !== './package.json')
      .map((key) => join(dir, 'src', key === '.' ? 'index.ts' : `${key.slice(2)}.ts`));
  });
}

function hasDocComment(declaration: ts.Declaration): boolean {
  const own = ts.getJSDocCommentsAndTags(declaration).some(ts.isJSDoc);
  // `export const x = ...`: the comment sits on the variable statement.
  if (own || !ts.isVariableDeclaration(declaration)) return own;
  return ts.getJSDocCommentsAndTags(declaration.parent.parent).some(ts.isJSDoc);
}

/** `entry: name` for each export of the entries whose declarations have no doc comment. */
function undocumentedExports(entries: string[]): string[] {
  const program = ts.createProgram(entries, {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
  });
  const checker = program.getTypeChecker();
  const missing: string[] = [];
  for (const entry of entries) {
    const source = program.getSourceFile(entry);
    const module = source && checker.getSymbolAtLocation(source);
    if (!module) throw new Error(`cannot read the exports of ${entry}`);
    for (const exported of checker.getExportsOfModule(module)) {
      const symbol =
        exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      if (!(symbol.declarations ?? []).some(hasDocComment)) {
        missing.push(`${relative(root, entry)}: ${exported.name}`);
      }
    }
  }
  return missing;
}

describe('public exports', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'exports-documented-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  // A whole program of the three packages: seconds on a busy 2-core machine, over vitest's 5 s default.
  it('each have a doc comment, in every entry point of every package', { timeout: 60_000 }, () => {
    expect(packages).toEqual(expect.arrayContaining(['mock-server', 'sdk', 'webhook-verify']));
    const entries = entryPoints();
    expect(entries.length).toBeGreaterThanOrEqual(8);
    expect(undocumentedExports(entries)).toEqual([]);
  });

  it('are found undocumented when they are (the check can fail)', { timeout: 60_000 }, () => {
    const entry = join(scratch, 'index.ts');
    writeFileSync(join(scratch, 'inner.ts'), 'export const bare = 1;\n');
    writeFileSync(
      entry,
      [
        "export { bare } from './inner.js';",
        '/** Documented. */',
        'export const documented = 1;',
        'export function naked(): void {}',
        '/** Documented. */',
        'export interface Shape {}',
        'export type Alias = string;',
      ].join('\n'),
    );
    const names = undocumentedExports([entry]).map((line) => line.split(': ')[1]);
    expect(names.sort()).toEqual(['Alias', 'bare', 'naked']);
  });
});
