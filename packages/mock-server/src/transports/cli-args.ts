import { readFileSync } from 'node:fs';
import type { ParseArgsConfig } from 'node:util';
import { startTimeProblem } from '../clock.js';
import { isZonedDate, zonedDateRule } from '../http/calendar-date.js';
import { isLoopbackName } from '../http/cors.js';
import { ADMIN_TOKEN_RULE, isHeaderToken } from '../http/header-token.js';
import type { MockServerOptions } from '../options.js';
import { latestTime } from '../store/latest-time.js';
import type { StateSnapshot } from '../store/state.js';
import { hostFlag } from './host-flag.js';
import { parseFlags } from './parse-flags.js';
import type { LogLevel } from './request-log-line.js';
import { UsageError } from './usage-error.js';

/** What the command line asks for. */
export interface CliConfig {
  /** `--help`: print USAGE and exit. With it (or `--version`) a `--seed` file is not read: `seed` is `none`. */
  help: boolean;
  /** `--version`: print the package's version and exit. */
  version: boolean;
  port: number;
  host: string;
  options: MockServerOptions;
  /** For the banner: where the state came from. */
  seedLabel: string;
  /** `--exit-with-parent`: close, as on SIGTERM, once the process that started this one is gone. */
  exitWithParent: boolean;
  /** `--log`: a line on stderr per request answered (`requests`), per error answer (`errors`), or none. */
  log: LogLevel;
}

export { UsageError } from './usage-error.js';

/** The flags, their defaults and what they do; `--help` prints this. */
export const USAGE = `Usage: agent-platform-mock [flags]
       agent-platform-mock proxy <upstream-url> [flags]   (see proxy --help)

Serves a stateful mock of the Conversational Agent Platform API; with proxy, a proxy that
forwards to a real API and reports each request and answer that breaks the spec.

Flags:
  --port N             port to listen on (default 4010; 0 picks a free port)
  --host H             interface to listen on (default 127.0.0.1)
  --variant A|B        scope vocabulary and webhook dialect (default A)
  --seed demo|none|F   initial state: the demo workspace, nothing, or a state file exported
                       from GET /__mock/state, - for one read from stdin (default demo)
  --clock real|manual  real time, or time that moves only with POST /__mock/clock/advance
                       (default real)
  --start-time T       where the manual clock starts: an ISO 8601 date (2024-01-01) or date-time
                       with Z or an offset (2024-01-01T09:00:00Z); needs --clock manual
                       (default: now)
  --ids-seed N         ids, secrets and request ids from seeded sequences (an integer from 0
                       to 4294967295): the same values on every run (default: random)
  --rate-limit N|off   requests per key per minute (default 100)
  --delivery-grace-ms N
                       the real ms a manual clock's advance, and POST /__mock/settle on either
                       clock, wait for webhook attempts in flight (0 to 60000, default 1000): on
                       a manual clock a receiver slower than that times out when the clock
                       passes its 10 s, and is retried
  --journal-size N     requests kept for GET /__mock/requests, the latest
                       (0 to 1000000, default 1000): a server many suites share needs more,
                       each reading its own with ?key_id= (an entry keeps up to 32 KiB of bodies)
  --require-https      accept only https webhook URLs, as the platform does in production
                       (default off: a receiver on http://127.0.0.1 takes deliveries)
  --admin-token T      require header x-mock-admin-token: T on the control API
                       (default $AGENT_PLATFORM_MOCK_ADMIN_TOKEN if set, else none; on a shared
                       machine set the variable: other users can read a command line, not it)
  --exit-with-parent   close, as on SIGTERM, once the process that started the server is gone:
                       for a supervisor whose signal cannot reach it (npx and npm exec run it
                       under a shell that passes none on) or that may be killed itself
                       (default off: a server started in the background outlives its shell)
  --log requests|errors|off
                       a line on stderr per request answered, the control API's too
                       (errors: only those answered 4xx or 5xx, or cut by a fault): the clock's
                       time, method, path, status, real ms, request id, and an error's code and
                       message; and per webhook attempt (errors: those that failed), with what
                       comes next: the next attempt's time, or the delivery failed (default off)
  -h, --help           print this help
  --version            print the version

The demo seed's key is demo-key-all-scopes. The control API is under /__mock.`;

/**
 * A flag's whole number, written in decimal digits only (NaN otherwise): Number() would take ''
 * (an unset $PORT) as 0, and 0x10 or 1e3 as numbers. Past the safe integers it is NaN too.
 */
function digits(flag: unknown): number {
  const value = /^\d+$/.test(String(flag)) ? Number(flag) : Number.NaN;
  return Number.isSafeInteger(value) ? value : Number.NaN;
}

/**
 * The environment variable the admin token may come from instead of `--admin-token`: a command line
 * is visible to every user of the machine (`ps`, /proc), a process's environment only to its owner.
 */
export const ADMIN_TOKEN_ENV = 'AGENT_PLATFORM_MOCK_ADMIN_TOKEN';

/** The flags parseArgs takes, with their defaults. */
const FLAGS = {
  port: { type: 'string', default: '4010' },
  host: { type: 'string', default: '127.0.0.1' },
  variant: { type: 'string', default: 'A' },
  seed: { type: 'string', default: 'demo' },
  clock: { type: 'string', default: 'real' },
  'start-time': { type: 'string' },
  'ids-seed': { type: 'string' },
  'rate-limit': { type: 'string', default: '100' },
  'delivery-grace-ms': { type: 'string' },
  'journal-size': { type: 'string' },
  'require-https': { type: 'boolean', default: false },
  'admin-token': { type: 'string' },
  'exit-with-parent': { type: 'boolean', default: false },
  log: { type: 'string', default: 'off' },
  help: { type: 'boolean', short: 'h', default: false },
  version: { type: 'boolean', default: false },
} satisfies ParseArgsConfig['options'];

/**
 * Parses the command line (and `env`'s ADMIN_TOKEN_ENV, which `--admin-token` overrides); throws
 * UsageError naming the bad flag, variable or value.
 */
export function parseCli(
  argv: string[],
  env: Readonly<Record<string, string | undefined>> = {},
): CliConfig {
  // `pnpm start -- --port 4011` (npm's habit) hands the CLI a leading `--`: not a positional.
  const { values } = parseFlags(argv[0] === '--' ? argv.slice(1) : argv, FLAGS, false);
  const port = digits(values.port);
  if (!(port <= 65535))
    throw new UsageError(`--port: must be an integer from 0 to 65535, not "${values.port}"`);
  const variant = String(values.variant).toUpperCase();
  if (variant !== 'A' && variant !== 'B')
    throw new UsageError(`--variant: must be A or B, not "${values.variant}"`);
  const clock = String(values.clock);
  if (clock !== 'real' && clock !== 'manual')
    throw new UsageError(`--clock: must be real or manual, not "${clock}"`);
  const startTime = parseStartTime(values['start-time'] as string | undefined, clock);
  const idsSeed = parseIdsSeed(values['ids-seed'] as string | undefined);
  const limitFlag = String(values['rate-limit']);
  const limit = digits(limitFlag);
  if (limitFlag !== 'off' && !(limit >= 1)) {
    throw new UsageError(
      `--rate-limit: must be a whole number of requests per minute from 1 to 9007199254740991, or off, not "${limitFlag}"`,
    );
  }
  const graceMs = parseGraceMs(values['delivery-grace-ms'] as string | undefined);
  const journalSize = parseJournalSize(values['journal-size'] as string | undefined);
  const flagToken = values['admin-token'] as string | undefined;
  const adminToken = flagToken ?? env[ADMIN_TOKEN_ENV];
  // Named as the user gave it: the flag, or the variable (set but empty: a CI secret that is missing).
  const source = flagToken === undefined ? ADMIN_TOKEN_ENV : '--admin-token';
  if (adminToken !== undefined && adminToken.trim() === '') {
    throw new UsageError(
      `${source}: must not be empty (an empty token opens the control API to every web page); ${flagToken === undefined ? 'unset it' : 'leave the flag out'} for no token`,
    );
  }
  if (adminToken !== undefined && !isHeaderToken(adminToken)) {
    throw new UsageError(`${source}: ${ADMIN_TOKEN_RULE}`);
  }
  const log = String(values.log);
  if (log !== 'off' && log !== 'errors' && log !== 'requests')
    throw new UsageError(`--log: must be requests, errors or off, not "${log}"`);
  const seedFlag = String(values.seed);
  // `--seed -` is stdin (fd 0, on Windows too), named so wherever a file's name would be.
  const seedLabel = seedFlag === '-' ? 'stdin' : seedFlag;
  // --help and --version serve nothing, so read no state: `--seed - --help` waited for stdin, and a
  // file not written yet hid the help that says what to put in it (exit 2).
  const infoOnly = values.help === true || values.version === true;
  const seed =
    seedFlag === 'demo' || seedFlag === 'none'
      ? seedFlag
      : infoOnly
        ? 'none'
        : readSeedFile(seedFlag === '-' ? 0 : seedFlag, seedLabel);
  // The import would say only that the variant must be this server's: say which flag serves it.
  const seedVariant = typeof seed === 'object' ? (seed as { variant?: unknown }).variant : variant;
  if ((seedVariant === 'A' || seedVariant === 'B') && seedVariant !== variant) {
    throw new UsageError(
      `--seed: ${seedLabel} holds a variant ${seedVariant} state; serve it with --variant ${seedVariant}`,
    );
  }
  return {
    help: values.help === true,
    version: values.version === true,
    port,
    host: hostFlag(String(values.host)),
    seedLabel,
    exitWithParent: values['exit-with-parent'] === true,
    log,
    options: {
      variant,
      clock,
      ...(startTime === undefined ? {} : { startTime }),
      ...(idsSeed === undefined ? {} : { ids: { seed: idsSeed } }),
      rateLimit: limitFlag === 'off' ? false : { limit, windowMs: 60_000 },
      ...(graceMs === undefined ? {} : { deliveryGraceMs: graceMs }),
      ...(journalSize === undefined ? {} : { journalSize }),
      requireHttps: values['require-https'] === true,
      adminToken,
      seed,
    },
  };
}

function parseStartTime(flag: string | undefined, clock: string): string | undefined {
  if (flag === undefined) return undefined;
  // Date.parse would roll 2024-02-30 over to 1 March: the day must exist.
  if (!isZonedDate(flag)) throw new UsageError(zonedDateRule('--start-time', flag));
  if (clock !== 'manual') throw new UsageError('--start-time: needs --clock manual');
  const problem = startTimeProblem(Date.parse(flag));
  if (problem) throw new UsageError(`--start-time: ${problem}, not "${flag}"`);
  return flag;
}

function parseIdsSeed(flag: string | undefined): number | undefined {
  if (flag === undefined) return undefined;
  const seed = digits(flag);
  if (!(seed <= 0xffff_ffff))
    throw new UsageError(`--ids-seed: must be an integer from 0 to 4294967295, not "${flag}"`);
  return seed;
}

// On either clock: an advance (manual) and POST /__mock/settle (both) wait up to it for receivers.
function parseGraceMs(flag: string | undefined): number | undefined {
  if (flag === undefined) return undefined;
  const ms = digits(flag);
  if (!(ms <= 60_000))
    throw new UsageError(`--delivery-grace-ms: must be an integer from 0 to 60000, not "${flag}"`);
  return ms;
}

/**
 * The most `--journal-size` takes: an entry of a small GET over HTTP holds about 1.2 KB of heap
 * (measured), so a million of them about 1.2 GB already; entries with large bodies (up to 32 KiB
 * each) hold more, so it bounds a journal's memory only for small requests.
 */
const MAX_JOURNAL_SIZE = 1_000_000;

function parseJournalSize(flag: string | undefined): number | undefined {
  if (flag === undefined) return undefined;
  const size = digits(flag);
  if (!(size <= MAX_JOURNAL_SIZE)) {
    throw new UsageError(
      `--journal-size: must be an integer from 0 to ${MAX_JOURNAL_SIZE}, not "${flag}"`,
    );
  }
  return size;
}

/** A state file (or stdin, fd 0), refused as `--seed: <label> ...`. */
function readSeedFile(source: string | 0, path: string): StateSnapshot {
  let bytes: Buffer;
  try {
    bytes = readFileSync(source);
  } catch (error) {
    throw new UsageError(
      `--seed: cannot read ${path} (${(error as NodeJS.ErrnoException).code ?? 'error'}); use demo, none or a state file`,
    );
  }
  const text = seedText(path, bytes);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`--seed: ${path} is not JSON (${(error as Error).message})`);
  }
  // Not left to the import: a falsy one (null, 0, false, "") would start a server with no seed.
  // An array too: the import's own 'body: must be an object' named no file and no flag.
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    const shown = Array.isArray(parsed) ? 'an array' : JSON.stringify(parsed);
    throw new UsageError(
      `--seed: ${path} must hold a state exported earlier (GET /__mock/state), an object, not ${shown}`,
    );
  }
  return parsed as StateSnapshot;
}

/**
 * A state file's text: UTF-8, without the byte order mark some editors write first (JSON.parse
 * takes none). A file in UTF-16 (Windows PowerShell 5 writes `>` so), or with bytes that are not
 * UTF-8 (a file saved in Latin-1), is refused: decoded anyway, its names would be imported changed.
 */
function seedText(path: string, bytes: Buffer): string {
  const mark = bytes.subarray(0, 2).toString('hex');
  if (mark === 'fffe' || mark === 'feff') {
    const shown = mark === 'fffe' ? 'FF FE' : 'FE FF';
    throw new UsageError(
      `--seed: ${path} is UTF-16 (it starts with the byte order mark ${shown}); save it as UTF-8`,
    );
  }
  try {
    // ignoreBOM false: the decoder drops a leading UTF-8 byte order mark.
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch (error) {
    // Past V8's longest string (about 512 Mi characters) the text cannot be held at all: a file
    // that large is said to be so, not to be something else than UTF-8.
    if ((error as { code?: string }).code === 'ERR_STRING_TOO_LONG') {
      throw new UsageError(
        `--seed: ${path} is ${bytes.length} bytes, longer than Node can hold as one string (about 512 MiB): no state the mock serves is that large`,
      );
    }
    throw new UsageError(`--seed: ${path} is not UTF-8 text; save it as UTF-8`);
  }
}

/** A `--seed` file dated after the clock's start: its latest time, and whether the clock moved there. */
export interface SeedAhead {
  latest: number;
  /** A manual clock starts at `latest` instead of the start asked. */
  moved: boolean;
}

/**
 * How far the seed is ahead of the clock's start `startMs` (the flag's or the time of parsing), the
 * clock reading `nowMs` once it is imported; undefined when it is not. Read once: a large seed's
 * rows are each looked at.
 */
export function seedAhead(
  config: CliConfig,
  startMs: number,
  nowMs: number,
): SeedAhead | undefined {
  const { seed } = config.options;
  if (typeof seed !== 'object') return undefined;
  const latest = latestTime(seed);
  return latest > startMs ? { latest, moved: nowMs >= latest } : undefined;
}

/**
 * What the CLI warns about before serving: a control API that anyone on the network can use (a
 * non-loopback interface without --admin-token). Undefined when there is nothing to say.
 */
export function exposureWarning(config: CliConfig): string | undefined {
  if (config.options.adminToken !== undefined || isLoopbackName(config.host)) return undefined;
  return `listening on ${config.host} with no admin token (--admin-token or ${ADMIN_TOKEN_ENV}): anyone who can reach it can read the whole state under /__mock (API keys, webhook secrets), replace it and reset it`;
}

/**
 * What the CLI says of a `--seed` file dated after the clock's start `startMs` (a state recorded
 * today, served with `--start-time 2024-01-01`), given `seedAhead`'s answer: a manual clock has moved
 * on to the file's latest time, so that rows made next are dated after its rows; a real clock cannot,
 * and rows made next are dated before them. Undefined when the file is not ahead.
 */
export function seedAheadWarning(
  config: CliConfig,
  startMs: number,
  ahead: SeedAhead | undefined,
): string | undefined {
  if (!ahead) return undefined;
  const at = new Date(ahead.latest).toISOString();
  const held = `--seed ${config.seedLabel} holds times up to ${at}, after the clock's start ${new Date(startMs).toISOString()}`;
  return ahead.moved
    ? `${held}: the manual clock starts at ${at} instead, so that rows made from now on are dated after its rows`
    : `${held}: rows made from now on are dated before its rows (lists newest first show them after older ones); --clock manual starts at the file's latest time`;
}
