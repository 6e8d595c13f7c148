import { shownOption } from '../shown-option.js';
import { unknownOption } from '../unknown-option.js';
import type { ListenOptions } from './node-server.js';

/** What `host` must be, as listen() and the CLIs' `--host` say it. */
const HOST_RULE = 'must be a host name or IP address (127.0.0.1, 0.0.0.0, ::1, localhost)';

/** Every option's name; its type keeps it complete. */
const everyOption: Record<keyof ListenOptions, true> = { port: true, host: true };

/**
 * Refuses `listen()` options Node would misread, naming the option: it took `port: 'x'` as a pipe's
 * name (the url ending `:undefined`), `host: ''` as every interface (`http://:PORT`), and a typo
 * (`prot`) as no option at all.
 */
export function checkListenOptions(options: ListenOptions): void {
  if (typeof options !== 'object' || options === null || Array.isArray(options))
    throw new TypeError(`listen: takes { port?, host? }, not ${shownOption(options)}`);
  const slip = unknownOption(options, everyOption);
  if (slip) throw new TypeError(`${slip.name}: is not an option of listen${slip.hint}`);
  const { port, host } = options;
  if (port !== undefined && !(Number.isInteger(port) && port >= 0 && port <= 65_535)) {
    throw new TypeError(
      `port: must be a whole number from 0 to 65535 (0 picks a free one), not ${shownOption(port)}`,
    );
  }
  const problem = host === undefined ? undefined : hostProblem(host);
  if (problem) throw new TypeError(`host: ${problem}`);
}

/**
 * What is wrong with a host listen() would misread, for listen() and the CLIs' `--host` to name
 * with their own prefix: none or empty (every interface), or an IPv6 address in a URL's brackets
 * (`[::1]`, looked up as a name: ENOTFOUND). Undefined when there is nothing to say.
 */
export function hostProblem(host: unknown): string | undefined {
  if (typeof host !== 'string' || host === '') return `${HOST_RULE}, not ${shownOption(host)}`;
  const bracketed = /^\[(.*)\]$/.exec(host);
  if (bracketed) {
    return `an IPv6 address is written without brackets (${bracketed[1]}), not ${shownOption(host)}`;
  }
  return undefined;
}
