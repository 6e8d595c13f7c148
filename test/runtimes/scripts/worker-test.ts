// Shared by worker.ts and node-worker.ts, the Workers that workerd runs.

/** The bindings run-worker.ts gives a Worker. */
export interface Env {
  /** The script whose results to print (its name on Deno and Bun). */
  SCRIPT: string;
  /** Its arguments: for sdk.ts, the mock server's URL. */
  ARGS: string[];
  /** This Worker, as a service: a fetch through it reaches its `fetch` handler. */
  SELF: { fetch(request: Request): Promise<Response> };
}

/** A script's package entries, as imported, and its results. */
export type ScriptRun = (env: Env) => Promise<[string[], Record<string, unknown>]>;

/**
 * A Worker's `test` handler (which `workerd test` calls): prints the results of the script that
 * env.SCRIPT names, with its entries and the Node.js globals this Worker sees, as one JSON line.
 */
export function testHandler(
  scripts: Record<string, ScriptRun>,
): (controller: unknown, env: Env) => Promise<void> {
  return async (_controller, env) => {
    const script = scripts[env.SCRIPT];
    if (!script) throw new Error(`no script ${env.SCRIPT} in this Worker`);
    const [entries, results] = await script(env);
    const nodeGlobals = ['process', 'Buffer', 'require'].filter((name) => name in globalThis);
    console.log(JSON.stringify({ entries, nodeGlobals, ...results }));
  };
}
