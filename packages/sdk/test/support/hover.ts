// What an editor shows on hovering `client.<method>`: TypeScript's quick info, as VS Code asks the
// language service for it, for a program that imports the client from `entry`.
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** A method's hover: its documentation's paragraphs and its `@throws` tags, white space collapsed. */
export interface Hover {
  paragraphs: string[];
  throws: string[];
}

const root = fileURLToPath(new URL('../..', import.meta.url));

// A {@link} TypeScript resolves is a link to the class on hover; one it does not (the class is not
// in scope where the comment is) is plain text, marked so here.
const text = (parts: ts.SymbolDisplayPart[] = []) =>
  parts
    .map((p) => (p.kind === 'linkText' ? `${p.text.trim()} (not resolved)` : p.text))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * The hovers of `client.<name>` for each name (`agents.list`), the client imported from `entry`
 * (relative to packages/sdk/test: `../src/index.js`, `../dist/index.cjs`).
 */
export function hovers(entry: string, names: readonly string[]): (name: string) => Hover {
  const file = `${root}test/hover.ts`;
  const source = [
    `import { AgentPlatform } from '${entry}';`,
    "const client = new AgentPlatform({ apiKey: 'k' });",
    ...names.map((name) => `client.${name};`),
  ].join('\n');
  const config = ts.getParsedCommandLineOfConfigFile(`${root}tsconfig.json`, undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => {
      throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    },
  });
  if (!config) throw new Error('no packages/sdk/tsconfig.json');
  const read = (path: string) => (path === file ? source : ts.sys.readFile(path));
  const service = ts.createLanguageService({
    getScriptFileNames: () => [file],
    getScriptVersion: () => '1',
    getScriptSnapshot: (path) => {
      const content = read(path);
      return content === undefined ? undefined : ts.ScriptSnapshot.fromString(content);
    },
    getCurrentDirectory: () => root,
    getCompilationSettings: () => config.options,
    getDefaultLibFileName: ts.getDefaultLibFilePath,
    fileExists: (path) => path === file || ts.sys.fileExists(path),
    readFile: read,
    readDirectory: ts.sys.readDirectory,
    directoryExists: ts.sys.directoryExists,
    getDirectories: ts.sys.getDirectories,
  });
  const unresolved = service
    .getSemanticDiagnostics(file)
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  if (unresolved.length > 0) throw new Error(`${entry}: ${unresolved.join('; ')}`);
  return (name) => {
    const at = source.indexOf(`client.${name};`) + `client.${name}`.length - 1;
    const info = service.getQuickInfoAtPosition(file, at);
    if (!info) throw new Error(`no quick info for client.${name}`);
    return {
      paragraphs: ts
        .displayPartsToString(info.documentation)
        .split(/\n\s*\n/)
        .map((p) => p.replace(/\s+/g, ' ').trim()),
      throws: (info.tags ?? []).filter((t) => t.name === 'throws').map((t) => text(t.text)),
    };
  };
}
