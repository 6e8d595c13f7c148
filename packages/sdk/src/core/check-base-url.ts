import { AgentPlatformError } from './errors.js';

/**
 * The `baseUrl` option (or `AGENT_PLATFORM_BASE_URL`, which `name` then is), checked at construction rather than on the first call: an absolute http(s)
 * URL (a gateway's path prefix is kept), without the `/v1` that every path already carries, and
 * without a query or fragment, which every path would land after (`/?tenant=1/v1/agents`), and
 * without credentials, which fetch refuses in a URL; nor braces, which the path serializer would take for
 * a path parameter's (openapi-fetch hands it the baseUrl and the path together). Returns it as the URL
 * parser read it, which is what the paths are appended to: a space at either end, which the parser
 * drops, would otherwise be kept (`http://api.test /v1/me`, refused by fetch on every call, or
 * `http://api.test/ ` sending every call to `/%20/v1/...`).
 */
export function checkBaseUrl(baseUrl: string, name: string): string {
  let url: URL | undefined;
  try {
    url = new URL(baseUrl);
  } catch {
    // reported below
  }
  if (
    !url ||
    !/^https?:$/.test(url.protocol) ||
    /\/v1\/?$/i.test(url.pathname) ||
    /[?#@{}]/.test(baseUrl)
  ) {
    // Credentials (`https://user:pass@host`, which fetch refuses) are not quoted back: logs keep errors.
    // All up to the last `@`: a password may hold a `/` (unencoded, it ends the authority). A string
    // first: plain JS may pass a URL object or a port number.
    throw new AgentPlatformError(
      `${name}: must be an http(s) URL without /v1, query, #, {} or credentials, e.g. https://api.example.com, not "${String(baseUrl).replace(/.*@/s, '@')}"`,
    );
  }
  return url.href;
}
