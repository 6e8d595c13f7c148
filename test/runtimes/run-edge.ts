import { fileURLToPath } from 'node:url';
import { EdgeVM } from '@edge-runtime/vm';
import { build } from 'esbuild';
import { recordResolutions } from './record-resolutions.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
// Without the `paths` of test/tsconfig.json, which send @agent-platform/* to src/ (as for Bun).
const tsconfig = fileURLToPath(new URL('./tsconfig.bun.json', import.meta.url));

/** A bundle for the Edge Runtime: its code, or why it could not be built. */
export interface EdgeBundle {
  code: string;
  /** Where each `@agent-platform/*` import resolved. */
  resolved: Map<string, string>;
  /** esbuild's errors, e.g. `Could not resolve "crypto"`: the code is then empty. */
  errors: string[];
}

/**
 * Bundles an entry (a file, or `{ contents }` resolved from the repository root) as Next.js bundles
 * an edge route: one script (the Edge Runtime evaluates no modules), the `edge-light`, `worker` and
 * `browser` export conditions, and no Node.js built-in (none resolves, as on Vercel's edge).
 * `globalName` is the global that receives the entry's exports.
 */
export async function bundleForEdge(
  entry: string | { contents: string },
  globalName?: string,
): Promise<EdgeBundle> {
  const { record, resolved } = recordResolutions();
  const result = await build({
    ...(typeof entry === 'string'
      ? { entryPoints: [fileURLToPath(new URL(`./scripts/${entry}`, import.meta.url))] }
      : { stdin: { contents: entry.contents, resolveDir: root, loader: 'ts' } }),
    bundle: true,
    format: 'iife',
    ...(globalName ? { globalName } : {}),
    platform: 'browser',
    conditions: ['edge-light', 'worker', 'browser'],
    mainFields: ['edge-light', 'browser', 'module', 'main'],
    target: 'es2022',
    write: false,
    outfile: 'edge.js',
    tsconfig,
    plugins: [record],
    logLevel: 'silent',
  }).catch((failure: { errors?: { text: string }[] }) => {
    if (!failure.errors) throw failure;
    return { errors: failure.errors, outputFiles: [] };
  });
  return {
    code: result.outputFiles?.[0]?.text ?? '',
    resolved,
    errors: result.errors.map((error) => error.text),
  };
}

/** An Edge Runtime with a bundle evaluated in it. */
export interface EdgeFunction {
  vm: EdgeVM;
  /** Dispatches a request to its fetch handler, the body as a stream of two chunks (as a network's). */
  dispatch(
    url: string,
    init: { method: string; headers: [string, string][]; body?: Uint8Array },
  ): Promise<Response>;
  /** What it logged, by level, when created with `quiet` (and nothing printed). */
  logs: { level: string; text: string }[];
}

/**
 * A new Edge Runtime (EdgeVM: no Node.js globals, no code generation from strings, the runtime's
 * own fetch, timers, streams and crypto) with `code` evaluated in it. `EDGE.deliver(request)` is
 * given to the code: a copy of the request through `dispatch`. `globals` adds globals (Next.js's
 * `process.env` for a route); `quiet` collects the console's output in `logs` instead.
 */
export function startEdgeFunction(
  code: string,
  options: { globals?: Record<string, unknown>; quiet?: boolean } = {},
): EdgeFunction {
  const logs: EdgeFunction['logs'] = [];
  const edge: EdgeFunction = {
    vm: new EdgeVM({
      extend: (context) => {
        const deliver = async (request: Request) =>
          edge.dispatch(request.url, {
            method: request.method,
            headers: [...request.headers],
            body: new Uint8Array(await request.arrayBuffer()),
          });
        Object.assign(context, { EDGE: { deliver }, ...options.globals });
        if (options.quiet) {
          const log =
            (level: string) =>
            (...args: unknown[]) => {
              logs.push({ level, text: args.map(String).join(' ') });
            };
          context.console = {
            ...context.console,
            log: log('log'),
            warn: log('warn'),
            error: log('error'),
          };
        }
        return context;
      },
    }),
    dispatch: (url, { method, headers, body }) => {
      const { ReadableStream } = edge.vm.context;
      const half = Math.floor((body?.length ?? 0) / 2);
      const stream =
        body &&
        new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(body.subarray(0, half));
            controller.enqueue(body.subarray(half));
            controller.close();
          },
        });
      return edge.vm.dispatchFetch(url, {
        method,
        headers,
        ...(stream ? { body: stream, duplex: 'half' } : {}),
      } as RequestInit);
    },
    logs,
  };
  edge.vm.evaluate(code);
  return edge;
}

/**
 * Runs the results of `scripts/<name>` in an Edge Function (scripts/edge.ts) on the Edge Runtime
 * and returns them, the entries replaced by where the bundler resolved them (as `resolved`, like the
 * Deno and Bun scripts' `import.meta.resolve`), and `nodeGlobals`, the Node.js globals it saw.
 */
export async function runEdge(name: string, args: string[]): Promise<Record<string, unknown>> {
  const { code, resolved, errors } = await bundleForEdge('edge.ts');
  if (errors.length > 0) throw new Error(`edge ${name}: not bundled: ${errors.join('; ')}`);
  const edge = startEdgeFunction(code);
  const query = new URLSearchParams([['script', name], ...args.map((arg) => ['arg', arg])]);
  const response = await edge.dispatch(`https://edge.test/run?${query}`, {
    method: 'GET',
    headers: [],
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`edge ${name}: ${response.status} ${text}`);
  const { entries, ...results } = JSON.parse(text) as Record<string, unknown>;
  return {
    resolved: (entries as string[]).map((specifier) => resolved.get(specifier) ?? specifier),
    ...results,
  };
}
