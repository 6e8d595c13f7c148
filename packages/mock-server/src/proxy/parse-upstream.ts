/** The `upstream` option, read once. */
export interface Upstream {
  /** `https://staging.example.test` */
  readonly origin: string;
  /** Its path without the trailing slash (`/platform`), or empty: kept before every path. */
  readonly prefix: string;
  /** How messages name it: origin and prefix, without credentials, query or fragment. */
  readonly shown: string;
}

/** Checks and reads the `upstream` option: an absolute http(s) URL without query or `#`. */
export function parseUpstream(option: unknown): Upstream {
  let url: URL | undefined;
  try {
    url = new URL(String(option));
  } catch {
    // reported below
  }
  if (
    typeof option !== 'string' ||
    !url ||
    !/^https?:$/.test(url.protocol) ||
    /[?#]/.test(option)
  ) {
    throw new TypeError(
      `upstream: must be an absolute http(s) URL without query or #, e.g. https://staging.example.test/platform, not ${JSON.stringify(option)}`,
    );
  }
  const prefix = url.pathname.replace(/\/+$/, '');
  return { origin: url.origin, prefix, shown: `${url.origin}${prefix}` };
}
