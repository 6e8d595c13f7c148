import { normalizePath } from '../http/normalize-path.js';
import type { Upstream } from './parse-upstream.js';

/**
 * Makes a `Location` or `Content-Location` that names the upstream's URL (its origin, then its
 * prefix; root-relative ones resolved against the upstream) root-relative, the prefix dropped, as
 * nginx's `proxy_redirect default` does: a client resolves it against the proxy URL it asked, so
 * that following it comes back through the proxy, checked, by the scheme and host the client used
 * (none taken from the request's Host, which a client chooses). Others pass unchanged: other origins,
 * paths outside the prefix, relative paths, and a value with whitespace (two joined by fetch).
 */
export function rewriteLocations(headers: Headers, upstream: Upstream): void {
  for (const name of ['location', 'content-location']) {
    const value = headers.get(name);
    const path = value === null ? null : upstreamPath(value, upstream);
    if (path !== null) headers.set(name, path);
  }
}

/** The path, query and fragment after the upstream's prefix of a URL of it, else null. */
function upstreamPath(value: string, upstream: Upstream): string | null {
  // No URI has whitespace: this is two Locations that fetch's Headers joined with ', ', neither
  // chosen; parsed whole, they would make one URL of both.
  if (/\s/.test(value)) return null;
  let url: URL;
  try {
    // A relative path (`v1/agents`) throws: it resolves against the proxy's path as it would the
    // upstream's. A root-relative one is the upstream's own path, prefix and all.
    url = new URL(value, value.startsWith('/') ? upstream.origin : undefined);
  } catch {
    return null;
  }
  if (url.origin !== upstream.origin) return null;
  // Compared segment by segment as RFC 3986 §6.2.2 normalizes them (`%7E` is `~`, `%2f` is `%2F`);
  // no normalizing turns an escape into a `/`, so the prefix has as many segments either way.
  const segments = url.pathname.split('/');
  const count = upstream.prefix.split('/').length;
  if (same(segments.slice(0, count).join('/')) !== same(upstream.prefix)) return null;
  const rest = `/${segments.slice(count).join('/')}`;
  // `//host/x` would name a host: `/.` before it keeps it a path, as WHATWG URL writes such a path.
  return `${rest.startsWith('//') ? '/.' : ''}${rest}${url.search}${url.hash}`;
}

/** A path as RFC 3986 compares it: unreserved characters decoded, other escapes upper-cased. */
function same(path: string): string {
  return normalizePath(path).replace(/%[0-9a-f]{2}/gi, (written) => written.toUpperCase());
}
