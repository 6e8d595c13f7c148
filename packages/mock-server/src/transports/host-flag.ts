import { hostProblem } from './check-listen-options.js';
import { UsageError } from './usage-error.js';

/**
 * `--host`, checked as a flag (exit code 2) rather than left to listen() (exit code 1), by listen()'s
 * own rule: empty (an unset `$HOST`), or an IPv6 address in a URL's brackets.
 */
export function hostFlag(value: string): string {
  const problem = hostProblem(value);
  if (problem) throw new UsageError(`--host: ${problem}`);
  return value;
}
