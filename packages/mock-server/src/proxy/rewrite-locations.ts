import type { Upstream } from './parse-upstream.js';

/**
 * Points a `Location` or `Content-Location` that names the upstream's URL (its origin, then its
 * prefix) at `origin`, the proxy's as the client addressed it, as reverse proxies do (nginx
 * `proxy_redirect default`): a client that follows it comes back through the proxy, checked, rather
 * than going around it. Relative ones, and those of another origin or path, are left as they are.
 */
export function rewriteLocations(headers: Headers, upstream: Upstream, origin: string): void {
  for (const name of ['location', 'content-location']) {
    const value = headers.get(name);
    const path = value === null ? null : upstreamPath(value, upstream);
    if (path !== null) headers.set(name, `${origin}${path}`);
  }
}

/** The path, query and fragment after the upstream's prefix of an absolute URL of it, else null. */
function upstreamPath(value: string, upstream: Upstream): string | null {
  let url: URL;
  try {
    url = new URL(value); // a relative one throws: it resolves against the proxy already
  } catch {
    return null;
  }
  if (url.origin !== upstream.origin) return null;
  const { prefix } = upstream;
  const { pathname } = url;
  let rest: string;
  if (pathname === prefix) rest = '/';
  else if (pathname.startsWith(`${prefix}/`)) rest = pathname.slice(prefix.length);
  else return null;
  return `${rest}${url.search}${url.hash}`;
}
