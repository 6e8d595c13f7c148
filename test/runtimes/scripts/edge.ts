// The Edge Function that test/runtimes/run-edge.ts runs in Vercel's Edge Runtime (@edge-runtime/vm,
// the EdgeVM that `next dev` runs edge routes in), bundled as Next.js bundles an edge route: its
// fetch handler answers `/run?script=<name>&arg=...` with the results of webhook-verify.ts or sdk.ts,
// the same as on Deno and Bun, and any other request as the webhook receiver, which
// webhook-verify's deliveries reach through the runtime (EDGE.deliver), so their body (a stream) and
// headers are the ones the Edge Runtime hands a handler.
import * as sdk from './sdk-results.ts';
import * as webhookVerify from './webhook-verify-results.ts';

/** What run-edge.ts adds to the Edge Runtime's globals. */
declare const EDGE: {
  /** Dispatches a copy of the request to this function's fetch handler, as the runtime does. */
  deliver(request: Request): Promise<Response>;
};

/** The fetch event of the Edge Runtime (a service worker's, which the DOM lib does not type). */
interface FetchEvent {
  request: Request;
  respondWith(response: Promise<Response>): void;
}
declare function addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;

type ScriptRun = (args: string[]) => Promise<[string[], Record<string, unknown>]>;
const scripts: Record<string, ScriptRun> = {
  'webhook-verify.ts': async () => [
    webhookVerify.entries,
    await webhookVerify.results((request) => EDGE.deliver(request)),
  ],
  'sdk.ts': async (args) => [sdk.entries, await sdk.results(args[0] ?? '')],
};

/** The results of the script that the URL names, with its entries and the Node.js globals seen. */
async function run(url: URL): Promise<Response> {
  const name = url.searchParams.get('script') ?? '';
  const script = scripts[name];
  if (!script) throw new Error(`no script ${name} in this Edge Function`);
  const [entries, results] = await script(url.searchParams.getAll('arg'));
  const nodeGlobals = ['process', 'Buffer', 'require'].filter((global) => global in globalThis);
  return Response.json({ entries, nodeGlobals, ...results });
}

addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  event.respondWith(url.pathname === '/run' ? run(url) : webhookVerify.receive(event.request));
});
