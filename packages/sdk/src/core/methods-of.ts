import { AgentPlatformError } from './errors.js';

/**
 * The methods `names` of an option (`logger`, `clock`), checked at construction: plain JavaScript
 * may pass an object without them, and every call would then fail with a raw TypeError (a POST
 * done, then thrown, and sent again by a caller who retries). Each is wrapped to be looked up on
 * each call, so that a method replaced later (a test spy) is used.
 */
export function methodsOf(
  value: object,
  names: string[],
  option: string,
): Record<string, (line: string) => void> {
  const out: Record<string, (line: string) => void> = {};
  // `value` read as it is, cast where read: an alias of it stayed in the bundle (8 B).
  for (const name of names) {
    if (typeof (value as Record<string, unknown>)[name] !== 'function') {
      throw new AgentPlatformError(`${option}.${name}: must be a function`);
    }
    // A log line is one string: the SDK passes nothing more.
    out[name] = (line) =>
      ((value as Record<string, unknown>)[name] as (line: string) => void)(line);
  }
  return out;
}
