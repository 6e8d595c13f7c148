// Bundled for the page (test/browser/browser.test.ts): webhook-verify-results.ts, the results the
// other runtimes run, on the browser's WebCrypto, with the Node.js globals the page sees.
import { results } from '../../runtimes/scripts/webhook-verify-results.ts';

/** The results the test checks. */
export async function run(): Promise<Record<string, unknown>> {
  const nodeGlobals = ['process', 'Buffer', 'require'].filter((name) => name in globalThis);
  return { nodeGlobals, secureContext: isSecureContext, ...(await results()) };
}
