import { AgentPlatformError } from './errors.js';

/**
 * Refuses, before anything is sent, a header that fetch would refuse with a TypeError quoting its
 * value, which may be a secret: the error names the header, never the value. The runtime's
 * `Headers` judges, so the rules are exactly fetch's.
 */
export function checkHeaders(headers: Record<string, unknown> | Headers | undefined): void {
  // Own keys only: a `Headers` (which fetch takes too) has none, and holds only valid headers.
  for (const [name, value] of Object.entries(headers ?? {})) {
    let part = 'name';
    try {
      new Headers({ [name]: '' });
      part = 'value';
      new Headers({ v: value as string });
    } catch {
      throw new AgentPlatformError(`${name}: must be a valid header ${part}`);
    }
  }
}
