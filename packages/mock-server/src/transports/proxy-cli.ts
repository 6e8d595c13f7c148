import { watchedValidationProxy } from '../proxy/create-validation-proxy.js';
import { parseUpstream } from '../proxy/parse-upstream.js';
import { UsageError } from './cli-args.js';
import { fetchBadPortWarning } from './fetch-bad-port.js';
import { listenFailure } from './listen-failure.js';
import { outageLines } from './outage-line.js';
import { outputRead } from './output-read.js';
import { packageVersion } from './package-version.js';
import { PROXY_USAGE, type ProxyCliConfig, parseProxyCli } from './proxy-cli-args.js';
import { violationLine } from './violation-line.js';
import { watchParent } from './watch-parent.js';

// How long requests in flight get after SIGINT, SIGTERM or SIGHUP, as the mock's CLI gives them.
const GRACE_MS = 5000;

/**
 * `agent-platform-mock proxy <upstream-url>`: serves the validation proxy, prints a line per
 * violation on stderr, and on SIGINT, SIGTERM or SIGHUP exits 1 if it saw any, 0 otherwise.
 */
export async function runProxyCli(argv: string[]): Promise<void> {
  let config: ProxyCliConfig;
  try {
    config = parseProxyCli(argv, process.env);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    // A did-you-mean question keeps its own mark ('--port? Try proxy --help.', not '--port?.').
    const end = error.message.endsWith('?') ? '' : '.';
    process.stderr.write(`agent-platform-mock: ${error.message}${end} Try proxy --help.\n`);
    process.exit(2);
  }
  if (config.help) {
    process.stdout.write(`${PROXY_USAGE}\n`);
    return;
  }
  if (config.version) {
    process.stdout.write(`${packageVersion()}\n`);
    return;
  }
  // Counted here, not read from the proxy's log: a DELETE /__mock/violations clears the log, not
  // what this run has seen, and the exit code says whether the run met any drift.
  let seen = 0;
  // An upstream that does not answer is said once per outage: a 502 per request says it to the client.
  const outage = outageLines();
  const proxy = watchedValidationProxy(
    {
      upstream: config.upstream,
      errors: config.errors,
      variant: config.variant,
      adminToken: config.adminToken,
      upstreamTimeoutMs: config.upstreamTimeoutMs,
      onViolation: (v) => {
        seen++;
        if (process.stderr.writable) process.stderr.write(violationLine(v));
      },
    },
    (failure) => {
      const line = outage(failure);
      if (line && process.stderr.writable) process.stderr.write(line);
    },
  );
  let server: Awaited<ReturnType<typeof proxy.listen>>;
  try {
    server = await proxy.listen({ port: config.port, host: config.host });
  } catch (error) {
    process.stderr.write(
      `agent-platform-mock: proxy: ${listenFailure(error as Error & { code?: string }, config, 'a proxy')}\n`,
    );
    process.exit(1);
  }
  let stopping = false;
  // The exit code says whether the API drifted from the spec, however the proxy was stopped: a
  // second signal (Ctrl-C twice; a process group killed under a launcher that forwards it too)
  // only skips the wait for requests in flight. npx under dash forwards none: it ends by the signal
  // (143), and whoever signalled it reads the verdict from the closing line (run-through-proxy.sh).
  const exit = () => process.exit(seen > 0 ? 1 : 0);
  const stop = (signal: string) => {
    if (stopping) {
      process.stdout.write(
        `agent-platform-mock: ${signal} again, closing now (exit code ${seen > 0 ? 1 : 0})\n`,
      );
      exit();
    }
    stopping = true;
    process.stdout.write(
      `agent-platform-mock: ${signal}, closing (${seen} ${seen === 1 ? 'violation' : 'violations'} seen; exit code ${seen > 0 ? 1 : 0})\n`,
    );
    // Once the violation lines written meanwhile have been read, within OUTPUT_DRAIN_MS: a reader
    // behind by a pipe's 64 KiB would lose the rest, the lines the proxy is run for.
    const exitAfterOutput = () => outputRead([process.stdout, process.stderr]).then(exit);
    server.close({ graceMs: GRACE_MS }).then(exitAfterOutput, exitAfterOutput);
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  // A closed terminal or ssh session: as SIGTERM, not the default exit (129) that cut what was in flight.
  process.on('SIGHUP', () => stop('SIGHUP'));
  if (config.exitWithParent) watchParent(() => stop('parent process gone'));
  process.stdout.write(
    `agent-platform-mock proxy listening on ${server.url} | upstream ${parseUpstream(config.upstream).shown} | errors ${config.errors ? 'on' : 'off'} | violations: ${server.url}/__mock/violations\n`,
  );
  const badPort = fetchBadPortWarning(config.port);
  if (badPort) process.stderr.write(`agent-platform-mock: proxy: warning: ${badPort}\n`);
}
