import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('../../', import.meta.url));
// Without the `paths` of test/tsconfig.json, which send @agent-platform/* to src/: imports resolve
// as a user's do, through node_modules to the built dist/ (as for Bun and workerd).
const tsconfig = fileURLToPath(new URL('../runtimes/tsconfig.bun.json', import.meta.url));

/** A page's script, bundled. */
export interface PageBundle {
  code: string;
  /** The files of this repository's packages in it, from the root (`packages/sdk/dist/index.js`). */
  packageFiles: string[];
}

/**
 * Bundles `scripts/<name>` for a page as an app's bundler does (esbuild, ESM, the browser platform
 * and its `browser` export condition), packages imported by name through node_modules.
 */
export async function bundlePage(name: string): Promise<PageBundle> {
  const result = await build({
    entryPoints: [fileURLToPath(new URL(`./scripts/${name}`, import.meta.url))],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    outfile: 'page.js',
    metafile: true,
    tsconfig,
    logLevel: 'silent',
  });
  // esbuild names inputs from its working directory: through pnpm's links, as real paths.
  const packageFiles = Object.keys(result.metafile.inputs)
    .map((input) => relative(root, fileURLToPath(new URL(input, `file://${process.cwd()}/`))))
    .filter((path) => path.startsWith('packages/'))
    .sort();
  return { code: result.outputFiles[0]?.text ?? '', packageFiles };
}
