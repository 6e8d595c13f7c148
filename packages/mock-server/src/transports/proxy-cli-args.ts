import type { ParseArgsConfig } from 'node:util';
import { ADMIN_TOKEN_RULE, isHeaderToken } from '../http/header-token.js';
import { parseUpstream } from '../proxy/parse-upstream.js';
import { MAX_TIMEOUT_MS } from '../timer-limit.js';
import { ADMIN_TOKEN_ENV } from './cli-args.js';
import { hostFlag } from './host-flag.js';
import { isOwnAddress } from './own-address.js';
import { parseFlags } from './parse-flags.js';
import { UsageError } from './usage-error.js';

/** What `agent-platform-mock proxy` is asked for. */
export interface ProxyCliConfig {
  /** `--help`: print PROXY_USAGE and exit. */
  help: boolean;
  /** `--version`: print the package's version and exit. */
  version: boolean;
  /** The API to forward to. */
  upstream: string;
  /** The port to listen on. */
  port: number;
  /** The interface to listen on. */
  host: string;
  /** `--errors`: refuse what breaks the spec instead of passing it on. */
  errors: boolean;
  /** Whose webhook subscriptions a request may name. */
  variant: 'A' | 'B';
  /** The token `/__mock/violations` requires, if any. */
  adminToken: string | undefined;
  /** `--upstream-timeout-ms`: how long the upstream has to answer before a 504. */
  upstreamTimeoutMs: number;
  /** `--exit-with-parent`: close, as on SIGTERM, once the process that started it is gone. */
  exitWithParent: boolean;
}

/** `agent-platform-mock proxy --help`. */
export const PROXY_USAGE = `Usage: agent-platform-mock proxy <upstream-url> [flags]

Forwards every request to <upstream-url> (the real API, or a staging one; a path in it is kept
as a prefix) and reports each request and answer that breaks spec/openapi.yaml, naming the field
and the rule: one line per violation on stderr, and GET /__mock/violations. Answers are passed
back unchanged, with a header x-contract-violations: <count>. A negative test's request, sent
with header x-contract-expect-violation: request, is forwarded even under --errors, what it
breaks counted as no violation; its answer is checked as any other.

Flags:
  --port N             port to listen on (default 4011; 0 picks a free port)
  --host H             interface to listen on (default 127.0.0.1)
  --errors             answer a request that breaks the spec 400 without forwarding it, and
                       replace an answer that breaks it by a 502 CONTRACT_VIOLATION (default off)
  --variant A|B        whose webhook subscriptions a request may name (default A)
  --admin-token T      require header x-mock-admin-token: T on /__mock/violations
                       (default $AGENT_PLATFORM_MOCK_ADMIN_TOKEN if set, else none)
  --upstream-timeout-ms N
                       how long the upstream has to answer, its body read, before the
                       proxy answers 504 UPSTREAM_TIMEOUT (default 60000)
  --exit-with-parent   close, as on SIGTERM, once the process that started it is gone (a
                       launcher whose signal cannot reach it, such as npx's shell; default off)
  -h, --help           print this help
  --version            print the version

Exit code: on SIGINT, SIGTERM or SIGHUP the proxy closes and exits 1 if it saw any violation, 0 if
none, so that \`agent-platform-mock proxy URL & <run the tests>; kill %1; wait %1\` fails a CI
job on drift between the API and the spec.`;

const FLAGS = {
  port: { type: 'string', default: '4011' },
  host: { type: 'string', default: '127.0.0.1' },
  errors: { type: 'boolean', default: false },
  variant: { type: 'string', default: 'A' },
  'admin-token': { type: 'string' },
  'upstream-timeout-ms': { type: 'string', default: '60000' },
  'exit-with-parent': { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
  version: { type: 'boolean', default: false },
} satisfies ParseArgsConfig['options'];

/** Parses the arguments after `proxy`; throws UsageError naming the bad flag or value. */
export function parseProxyCli(
  argv: string[],
  env: Readonly<Record<string, string | undefined>> = {},
): ProxyCliConfig {
  const { values, positionals } = parseFlags(argv, FLAGS, true);
  const help = values.help === true;
  const version = values.version === true;
  const [upstream, ...extra] = positionals;
  if (!help && !version && upstream === undefined) {
    throw new UsageError(
      'proxy: needs the upstream URL, e.g. agent-platform-mock proxy https://staging.example.test',
    );
  }
  if (extra.length > 0)
    throw new UsageError(`proxy: takes one upstream URL, not also "${extra[0]}"`);
  if (upstream !== undefined) {
    try {
      parseUpstream(upstream);
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
  }
  const port = /^\d+$/.test(String(values.port)) ? Number(values.port) : Number.NaN;
  if (!(port <= 65535))
    throw new UsageError(`--port: must be an integer from 0 to 65535, not "${values.port}"`);
  const host = hostFlag(String(values.host));
  if (upstream !== undefined && isOwnAddress(upstream, host, port)) {
    throw new UsageError(
      `upstream: ${parseUpstream(upstream).shown} is this proxy's own address (--host ${host} --port ${port}): it would forward each request to itself; give the API's URL (a mock listens on 4010 by default), or choose another --port`,
    );
  }
  const variant = String(values.variant).toUpperCase();
  if (variant !== 'A' && variant !== 'B')
    throw new UsageError(`--variant: must be A or B, not "${values.variant}"`);
  const timeout = String(values['upstream-timeout-ms']);
  const upstreamTimeoutMs = /^\d+$/.test(timeout) ? Number(timeout) : Number.NaN;
  if (!(Number.isSafeInteger(upstreamTimeoutMs) && upstreamTimeoutMs >= 1)) {
    throw new UsageError(
      `--upstream-timeout-ms: must be a whole number of milliseconds >= 1, not "${timeout}"`,
    );
  }
  if (upstreamTimeoutMs > MAX_TIMEOUT_MS) {
    throw new UsageError(
      `--upstream-timeout-ms: must be at most ${MAX_TIMEOUT_MS} (about 24.8 days, the longest timer), not "${timeout}"`,
    );
  }
  const flagToken = values['admin-token'] as string | undefined;
  const adminToken = flagToken ?? env[ADMIN_TOKEN_ENV];
  const source = flagToken === undefined ? ADMIN_TOKEN_ENV : '--admin-token';
  if (adminToken !== undefined && (adminToken.trim() === '' || !isHeaderToken(adminToken))) {
    throw new UsageError(
      `${source}: ${adminToken.trim() === '' ? 'must not be empty' : ADMIN_TOKEN_RULE}`,
    );
  }
  return {
    help,
    version,
    upstream: upstream ?? '',
    port,
    host,
    errors: values.errors === true,
    variant,
    adminToken,
    upstreamTimeoutMs,
    exitWithParent: values['exit-with-parent'] === true,
  };
}
