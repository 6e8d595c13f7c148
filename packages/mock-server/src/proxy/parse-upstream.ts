/** The `upstream` option, read once. */
export interface Upstream {
  /** `https://staging.example.test` */
  readonly origin: string;
  /** Its path without the trailing slash (`/platform`), or empty: kept before every path. */
  readonly prefix: string;
  /** How messages name it: origin and prefix, without credentials, query or fragment. */
  readonly shown: string;
  /** The option as text (a URL object's href). */
  readonly text: string;
}

/**
 * Checks and reads the `upstream` option: an absolute http(s) URL without query, `#` or
 * credentials (which would go unsent: the client's own auth headers are forwarded).
 */
export function parseUpstream(given: unknown): Upstream {
  // A URL object is taken as its text, as connectMock takes one.
  const option = given instanceof URL ? given.href : given;
  let url: URL | undefined;
  try {
    url = new URL(String(option));
  } catch {
    // reported below
  }
  const rule = 'must be an absolute http(s) URL without query or #';
  if (
    typeof option !== 'string' ||
    !url ||
    !/^https?:$/.test(url.protocol) ||
    /[?#]/.test(option)
  ) {
    throw new TypeError(
      `upstream: ${rule}, e.g. https://staging.example.test/platform, not ${shown(option, url)}`,
    );
  }
  if (url.username || url.password) {
    throw new TypeError(
      `upstream: must not carry credentials (user:password@), which would not be sent; the client's own x-api-key or Authorization is forwarded, not ${shown(option, url)}`,
    );
  }
  const prefix = url.pathname.replace(/\/+$/, '');
  return { origin: url.origin, prefix, shown: `${url.origin}${prefix}`, text: option };
}

/** The option as a message quotes it, its password masked (it may end up in a CI log). */
function shown(option: unknown, url: URL | undefined): string {
  if (typeof option !== 'string') return JSON.stringify(option);
  if (!url) return JSON.stringify(option.replace(/^([^/]*\/\/[^/@:]*:)[^/]*@/, '$1***@'));
  if (!url.password) return JSON.stringify(option);
  const masked = new URL(url.href);
  masked.password = '***';
  return JSON.stringify(masked.href);
}
