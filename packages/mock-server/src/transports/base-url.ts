import { normalizePath } from '../http/normalize-path.js';

/** The `baseUrl` option, read once: the URL as given (no trailing slash) and its path prefix. */
export interface BaseUrl {
  /** The option without its trailing slashes: `https://api.example.test/platform`. */
  readonly url: string;
  /**
   * Its path without the trailing slash, as the mock reads a request's (its escaped unreserved
   * characters decoded, `/%7Eada` is `/~ada`): `/platform`, or `` at the root.
   */
  readonly prefix: string;
}

/**
 * Checks and reads the `baseUrl` option: an absolute http(s) URL, without query or fragment (every
 * path would land after them). Its path is a prefix that the API and the control API answer under.
 */
export function parseBaseUrl(option: string): BaseUrl {
  let parsed: URL | undefined;
  try {
    parsed = new URL(option);
  } catch {
    // reported below
  }
  if (!parsed || !/^https?:$/.test(parsed.protocol) || /[?#]/.test(option)) {
    throw new TypeError(
      `baseUrl: must be an absolute http(s) URL without query or #, e.g. https://api.example.test/platform, not ${JSON.stringify(option)}`,
    );
  }
  const prefix = normalizePath(parsed.pathname).replace(/\/+$/, '');
  return { url: option.replace(/\/+$/, ''), prefix };
}

/**
 * The path a request's URL path has under the prefix (`/platform/v1/agents` → `/v1/agents`), or
 * null when it is not under it (`/v1/agents`, `/platformx/v1`).
 */
export function pathUnder(prefix: string, pathname: string): string | null {
  if (prefix === '') return pathname;
  if (pathname === prefix) return '/';
  return pathname.startsWith(`${prefix}/`) ? pathname.slice(prefix.length) : null;
}
