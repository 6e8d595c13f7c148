import { createMockServer, type MockServer } from '../create-mock-server.js';
import { isMockApiError, type MockApiError } from '../errors.js';
import { DEMO_API_KEY } from '../seed/demo-ids.js';
import {
  type CliConfig,
  exposureWarning,
  parseCli,
  seedAhead,
  seedAheadWarning,
  USAGE,
  UsageError,
} from './cli-args.js';
import { fetchBadPortWarning } from './fetch-bad-port.js';
import { listenFailure } from './listen-failure.js';
import type { RunningServer } from './node-server.js';
import { nodeVersionProblem } from './node-version-problem.js';
import { outputRead } from './output-read.js';
import { packageVersion } from './package-version.js';
import { runProxyCli } from './proxy-cli.js';
import { requestLog } from './request-log-line.js';
import { watchParent } from './watch-parent.js';

// How long requests and webhook attempts in flight get to be answered after SIGINT, SIGTERM or SIGHUP
// (docker stop waits 10 s).
const GRACE_MS = 5000;

/** Runs the CLI: parses flags, starts the server, prints the banner, and stops cleanly on a signal. */
async function main(argv: string[]): Promise<void> {
  const tooOld = nodeVersionProblem(process.version);
  if (tooOld) {
    process.stderr.write(`agent-platform-mock: ${tooOld}\n`);
    process.exit(1);
  }
  // `proxy <upstream-url>`: a subcommand, not a flag: it serves something else (no state, no
  // seed, no clock), with flags of its own, and a flag of the mock's would mean nothing to it.
  if (argv[0] === 'proxy') {
    for (const stream of [process.stdout, process.stderr]) stream.on('error', () => {});
    return runProxyCli(argv.slice(1));
  }
  // A supervisor may read the banner and then close its end of the pipe (Python's Popen after its
  // readline, a shell's `read line < <(agent-platform-mock ...)`): a later line, the one a signal
  // prints, then fails with EPIPE, which unhandled killed the server without its graceful close
  // (exit code 1, a stack trace). What nobody reads any more is dropped; the server serves on.
  for (const stream of [process.stdout, process.stderr]) stream.on('error', () => {});
  let config: CliConfig;
  try {
    config = parseCli(argv, process.env);
  } catch (error) {
    if (error instanceof UsageError) {
      // A did-you-mean question keeps its own mark ('--port? Try --help.', not '--port?.').
      const end = error.message.endsWith('?') ? '' : '.';
      process.stderr.write(`agent-platform-mock: ${error.message}${end} Try --help.\n`);
      process.exit(2);
    }
    throw error;
  }
  if (config.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  if (config.version) {
    process.stdout.write(`${packageVersion()}\n`);
    return;
  }
  let mock: MockServer;
  const { startTime } = config.options;
  // Where the clock starts when the seed does not move it (the flag is a checked ISO 8601 string).
  const startMs = startTime === undefined ? Date.now() : Date.parse(String(startTime));
  // On stderr: stdout is the banner and signal lines supervisors parse, and the README promises
  // them nothing per request.
  const onRequest = config.log === 'off' ? undefined : requestLog(process.stderr, config.log);
  // The lines of the last turn, before an exit (a second signal's) that does not wait for it.
  if (onRequest) process.on('exit', onRequest.flush);
  try {
    mock = createMockServer(
      onRequest
        ? { ...config.options, onRequest, onWebhookAttempt: onRequest.attempt }
        : config.options,
    );
  } catch (error) {
    // A state file the mock refuses (MockApiError: the options are the flags', checked already)
    // is named as the flag that gave it, with every problem, each on one line whatever the file's
    // field names hold.
    const oneLine = (text: string) =>
      text.replace(/[\r\n]/g, (c) => JSON.stringify(c).slice(1, -1));
    const seed = isMockApiError(error) && typeof config.options.seed === 'object';
    const details = (seed && (error as MockApiError).details) || [];
    process.stderr.write(
      details.length > 1
        ? `agent-platform-mock: --seed ${config.seedLabel}: ${problems(details.length, (error as MockApiError).detailsTotal ?? details.length)}:\n${details.map((d) => `  ${oneLine(d.message)}\n`).join('')}`
        : `agent-platform-mock: ${seed ? `--seed ${config.seedLabel}: ` : ''}${oneLine((error as Error).message)}\n`,
    );
    process.exit(2);
  }
  let server: RunningServer;
  try {
    server = await mock.listen({ port: config.port, host: config.host });
  } catch (error) {
    process.stderr.write(
      `agent-platform-mock: ${listenFailure(error as Error & { code?: string }, config, 'a mock server')}\n`,
    );
    process.exit(1);
  }
  let stopping = false;
  // Once the close is done: its exit code, while the exit waits for the output to be read.
  let closedWith: number | undefined;
  const stop = (signal: string) => {
    // Closed already: a second signal ends the wait for the output, with the close's exit code.
    if (closedWith !== undefined) process.exit(closedWith);
    if (stopping) {
      process.stdout.write(`agent-platform-mock: ${signal} again, closing now\n`);
      process.exit(1);
    }
    stopping = true;
    process.stdout.write(
      `agent-platform-mock: ${signal}, closing (requests and webhook deliveries in flight get ${GRACE_MS / 1000} s)\n`,
    );
    // Exits once the lines written meanwhile have been read (a reader behind by a pipe's 64 KiB
    // would lose the rest), within OUTPUT_DRAIN_MS; nothing is sent meanwhile (disposed).
    const exit = (code: number) => {
      mock.dispose();
      closedWith = code;
      onRequest?.flush();
      void outputRead([process.stdout, process.stderr]).then(() => process.exit(code));
    };
    server.close({ graceMs: GRACE_MS }).then(
      () => exit(0),
      () => exit(1),
    );
  };
  // Before the banner: a supervisor that signals as soon as it reads the URL must find the handlers
  // (a SIGINT between the two killed the process without the graceful close, exit code null).
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  // A closed terminal or ssh session: as SIGTERM, not the default exit (129) that cut what was in flight.
  process.on('SIGHUP', () => stop('SIGHUP'));
  if (config.exitWithParent) watchParent(() => stop('parent process gone'));
  const { options } = config;
  const rate = options.rateLimit ? `${options.rateLimit.limit}/min per key` : 'off';
  const key = config.seedLabel === 'demo' ? ` | demo key: ${DEMO_API_KEY}` : '';
  // As the clock has it: a seed with later times moves a manual clock's start to its latest (the
  // warning below says why); the banner said the flag's time all the same.
  const ahead = seedAhead(config, startMs, mock.clock.now());
  const from = ahead?.moved
    ? ` from ${new Date(ahead.latest).toISOString()} (the seed's latest time)`
    : options.startTime === undefined
      ? ''
      : ` from ${String(options.startTime)}`;
  const ids = typeof options.ids === 'object' ? ` | ids seed ${options.ids.seed}` : '';
  process.stdout.write(
    `agent-platform-mock listening on ${server.url} | variant ${mock.variant} | clock ${options.clock}${from} | rate limit ${rate} | seed ${config.seedLabel}${key}${ids} | control API: ${server.url}/__mock\n`,
  );
  for (const warning of [
    exposureWarning(config),
    fetchBadPortWarning(config.port),
    seedAheadWarning(config, startMs, ahead),
  ]) {
    if (warning) process.stderr.write(`agent-platform-mock: warning: ${warning}\n`);
  }
}

/** `N problems`, or `the first 100 of N problems` when the error lists only the first MAX_DETAILS. */
function problems(listed: number, total: number): string {
  return total > listed ? `the first ${listed} of ${total} problems` : `${listed} problems`;
}

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`agent-platform-mock: ${(error as Error).message ?? String(error)}\n`);
  process.exit(1);
});
