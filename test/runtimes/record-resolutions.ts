import type { Plugin } from 'esbuild';

/**
 * An esbuild plugin that resolves the packages' imports as esbuild would and records, by import
 * path, the file each one resolved to (so a test can check it bundled `dist/`), in `resolved`.
 */
export function recordResolutions(): { record: Plugin; resolved: Map<string, string> } {
  const resolved = new Map<string, string>();
  const record: Plugin = {
    name: 'record-resolutions',
    setup(build) {
      build.onResolve({ filter: /^@agent-platform\// }, async (args) => {
        if (args.pluginData === 'recording') return undefined;
        const result = await build.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          pluginData: 'recording',
        });
        if (result.errors.length === 0) resolved.set(args.path, result.path);
        return result;
      });
    },
  };
  return { record, resolved };
}
