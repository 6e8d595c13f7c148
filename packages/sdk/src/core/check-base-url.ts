import { AgentPlatformError } from './errors.js';

/**
 * The `baseUrl` option, checked at construction rather than on the first call: an absolute http(s)
 * URL (a gateway's path prefix is kept), without the `/v1` that every path already carries.
 */
export function checkBaseUrl(baseUrl: string): void {
  let url: URL | undefined;
  try {
    url = new URL(baseUrl);
  } catch {
    // reported below
  }
  if (!url || !/^https?:$/.test(url.protocol) || /\/v1\/?$/.test(url.pathname)) {
    throw new AgentPlatformError(
      `baseUrl: must be an http(s) URL without /v1, e.g. https://api.example.com, not "${baseUrl}"`,
    );
  }
}
