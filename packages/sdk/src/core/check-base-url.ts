import { AgentPlatformError } from './errors.js';

/**
 * The `baseUrl` option, checked at construction rather than on the first call: an absolute http(s)
 * URL (a path prefix of a gateway is kept), without the `/v1` that every path already carries.
 */
export function checkBaseUrl(baseUrl: string): string {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new AgentPlatformError(
      `baseUrl: must be an absolute http(s) URL such as https://api.example.com, not "${baseUrl}"`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new AgentPlatformError(
      `baseUrl: must be an http or https URL such as http://${baseUrl.replace(/^[a-z]+:\/\//i, '')}, not "${baseUrl}"`,
    );
  }
  if (/\/v1\/?$/.test(url.pathname)) {
    throw new AgentPlatformError(
      `baseUrl: give it without /v1, which every path carries: "${baseUrl.replace(/\/v1\/?$/, '')}", not "${baseUrl}"`,
    );
  }
  return baseUrl;
}
