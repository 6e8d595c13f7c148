import { AgentPlatformError } from './errors.js';

/**
 * The `baseUrl` option, checked at construction rather than on the first call: an absolute http(s)
 * URL (a gateway's path prefix is kept), without the `/v1` that every path already carries, and
 * without a query or fragment, which every path would land after (`/?tenant=1/v1/agents`), and
 * without credentials, which fetch refuses in a URL; nor braces, which the path serializer would take for
 * a path parameter's (openapi-fetch hands it the baseUrl and the path together).
 */
export function checkBaseUrl(baseUrl: string): void {
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
    throw new AgentPlatformError(
      `baseUrl: must be an http(s) URL without /v1, query, #, {} or credentials, e.g. https://api.example.com, not "${baseUrl.replace(/[^/]*@/, '@')}"`,
    );
  }
}
