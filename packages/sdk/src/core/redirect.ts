import { APIError } from './errors.js';

/**
 * Throws for a redirect. The API never redirects, so a 3xx means a wrong `baseUrl` (http for
 * https, a login page), and following it would send `x-api-key` wherever it points (fetch strips
 * only Authorization and Cookie across origins). Requests go with `redirect: 'manual'`: Node then
 * answers the 3xx itself, a browser an opaque redirect (status 0, Location hidden).
 */
export function refuseRedirect({ status, headers, body }: Response): void {
  if (!status || (status > 299 && status < 400)) {
    // Free the connection: nobody reads this body.
    body?.cancel().catch(() => {});
    const location = headers.get('location');
    throw Object.assign(new APIError(status, undefined, headers), {
      message: `Redirect${location ? ` to ${location}` : ''} not followed: check baseUrl`,
    });
  }
}
