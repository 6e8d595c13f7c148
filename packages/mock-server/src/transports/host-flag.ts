import { HOST_RULE } from './check-listen-options.js';
import { UsageError } from './usage-error.js';

/**
 * `--host`, checked as a flag (exit code 2) rather than left to listen() (exit code 1): empty (an
 * unset `$HOST`), or an IPv6 address in a URL's brackets, which listen() looks up as a name.
 */
export function hostFlag(value: string): string {
  if (value === '') {
    throw new UsageError(`--host: ${HOST_RULE}, not ""`);
  }
  const bracketed = /^\[(.*)\]$/.exec(value);
  if (bracketed) {
    throw new UsageError(
      `--host: an IPv6 address is written without brackets (${bracketed[1]}), not "${value}"`,
    );
  }
  return value;
}
