import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Application, Logger, LogLevel } from 'typedoc';
import { afterAll, describe, expect, it } from 'vitest';

// docs/require-property-docs.mjs, the TypeDoc plugin that docs/typedoc.json loads: a property
// without a doc comment fails `pnpm run docs`, unless it is declared under a package's
// src/generated/. Run here on a package of its own, to show that the check can fail (the docs of
// the real packages pass it) and that it is the plugin's, not TypeDoc's own.
const config = fileURLToPath(new URL('../docs/typedoc.json', import.meta.url));

class Recorder extends Logger {
  readonly warnings: string[] = [];
  override log(message: string, level: LogLevel): void {
    super.log(message, level);
    if (level === LogLevel.Warn) this.warnings.push(message);
  }
}

describe('the docs check of properties', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'property-docs-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('names undocumented properties, but not generated ones', { timeout: 60_000 }, async () => {
    mkdirSync(join(scratch, 'src/generated'), { recursive: true });
    writeFileSync(join(scratch, 'package.json'), '{ "name": "scratch", "type": "module" }\n');
    writeFileSync(
      join(scratch, 'tsconfig.json'),
      '{ "compilerOptions": { "strict": true, "module": "NodeNext" }, "include": ["src"] }\n',
    );
    writeFileSync(
      join(scratch, 'src/generated/types.ts'),
      '/** Generated. */\nexport interface Generated {\n  bare: string;\n}\n',
    );
    writeFileSync(
      join(scratch, 'src/index.ts'),
      [
        "export type { Generated } from './generated/types.js';",
        '/** Documented. */',
        'export interface Shape {',
        '  /** Documented. */',
        '  documented: string;',
        '  naked: number;',
        '  /** Documented. */',
        '  nested: { inner: boolean };',
        '}',
        '/** Documented. */',
        'export function take(options: { notChecked: string }): void {}',
      ].join('\n'),
    );
    // docs/typedoc.json (its plugin and its requiredToBeDocumented), on the scratch package.
    writeFileSync(
      join(scratch, 'typedoc.json'),
      JSON.stringify({
        extends: [config],
        entryPoints: ['./src/index.ts'],
        tsconfig: './tsconfig.json',
        packagesRequiringDocumentation: ['scratch'],
      }),
    );
    const app = await Application.bootstrapWithPlugins({ options: join(scratch, 'typedoc.json') });
    const recorder = new Recorder();
    app.logger = recorder;
    const project = await app.convert();
    expect(project).toBeDefined();
    if (project) app.validate(project);
    const named = recorder.warnings
      .filter((w) => w.includes('(Property)'))
      .map((w) => w.split(' ')[0])
      .sort();
    expect(named).toEqual(['Shape.naked', 'Shape.nested.__type.inner']);
  });
});
