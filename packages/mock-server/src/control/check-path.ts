import { invalidField } from '../errors.js';

// An HTTP method token (RFC 9110): letters, as every method of this API is.
const METHOD = /^[A-Za-z]+$/;
// A path becomes a regular expression once percent-encoded (é is %C3%A9, six characters); V8 holds
// some 32 000 characters in one, and a path of 60 000 accepted made every later request a 500.
// 2048, the API's longest URL: encoded, at most 12 288 characters. No request path is longer.
const MAX_PATH_LENGTH = 2048;

/**
 * A fault's or a journal filter's `method`, as given: an HTTP method token in any case; 400 naming
 * `method` otherwise (rule `type` for what is no string, `pattern` for another string).
 */
export function checkMethod(method: unknown): void {
  if (method !== undefined && (typeof method !== 'string' || !METHOD.test(method))) {
    const rule = typeof method === 'string' ? 'pattern' : 'type';
    throw invalidField('method', rule, 'must be an HTTP method such as GET or POST');
  }
}

/**
 * A fault's or a journal filter's `path`, as `compileFaultPath` reads it: starting with `/`, a `*`
 * only at its end, at most 2048 characters; 400 naming `path` (rule `pattern` or `maxLength`) otherwise.
 */
export function checkPathPattern(path: string): void {
  if (path.length > MAX_PATH_LENGTH) {
    throw invalidField('path', 'maxLength', `must be at most ${MAX_PATH_LENGTH} characters`);
  }
  if (!path.startsWith('/')) throw invalidField('path', 'pattern', 'must start with /');
  const star = path.indexOf('*');
  if (star !== -1 && star !== path.length - 1) {
    throw invalidField('path', 'pattern', '* may only end a path (a prefix such as /v1/agents*)');
  }
}
