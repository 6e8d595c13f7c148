import { AgentPlatformError } from './errors.js';

/**
 * The `baseUrl` option, checked at construction rather than on the first call: an absolute http(s)
 * URL (a gateway's path prefix is kept), without the `/v1` that every path already carries, and
 * without a query or fragment, which every path would land after (`/?tenant=1/v1/agents`).
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
    /[?#]/.test(baseUrl)
  ) {
    throw new AgentPlatformError(
      `baseUrl: must be an http(s) URL without /v1, query or #, e.g. https://api.example.com, not "${baseUrl}"`,
    );
  }
}
