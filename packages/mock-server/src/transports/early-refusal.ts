import type { IncomingMessage } from 'node:http';
import { ApiError, invalidField } from '../errors.js';
import { isLoopbackName, isLoopbackOrigin } from '../http/cors.js';
import { DELIVERY_USER_AGENT } from '../webhooks/delivery-user-agent.js';
import { headerOf } from './incoming-request.js';

// Methods that change nothing (RFC 9110 §9.2.1): a page may send them anywhere, and reads nothing back.
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The server's settings that decide whether it refuses a request before its handler sees it. */
export interface EarlyRefusalRules {
  /** The interface the server is bound to, as `listen` was given it. */
  host: string;
  /** Answer `/__mock` only for a request addressed to this machine by its `Host`. */
  guardHost: boolean;
  /** The control API has an admin token, which guards it from pages of any origin. */
  controlCorsAnyOrigin: boolean;
}

/**
 * Why the node server refuses a request (to the control API, `/__mock`, when `control`) before its
 * handler sees it, in the API's envelope (an HTTP/1.1 request without Host; a control request by
 * another name or from another origin's page), or null to handle it.
 */
export function earlyRefusal(
  req: IncomingMessage,
  control: boolean,
  rules: EarlyRefusalRules,
): ApiError | null {
  const { host } = rules;
  // Node's own answer to this (with requireHostHeader) is a bare 400: no envelope, no request id.
  if (req.headers.host === undefined && req.httpVersionMajor === 1 && req.httpVersionMinor >= 1) {
    return invalidField('Host', 'required', 'missing; an HTTP/1.1 request must send a Host header');
  }
  if (rules.guardHost && control && !addressedHere(req.headers.host)) {
    return new ApiError(
      403,
      'FORBIDDEN',
      `Host: the control API of a server on ${host} answers only requests addressed to this machine (localhost, 127.0.0.1 or [::1]), not to ${JSON.stringify(req.headers.host ?? '')}; start it with an admin token to call it by another name`,
    );
  }
  // Any key (the demo key is public) may register a webhook at this server's own /__mock URL: its
  // delivery comes from this machine without an Origin, as a test runner's call does. Only the
  // controller's strict bodies kept it from acting; a delivery is never a control call.
  if (control && headerOf(req, 'user-agent') === DELIVERY_USER_AGENT) {
    return new ApiError(
      403,
      'FORBIDDEN',
      "User-Agent: the mock's own webhook deliveries do not reach its control API; register a receiver's URL",
    );
  }
  // A page on the web may send a simple request (a POST with no body, or a text/plain one) to
  // a mock on this machine without a preflight: its CORS keeps the answer from the page, not the
  // action. Refused before anything is done, unless the admin token guards the control API (a
  // header a page can only send after a preflight). Reads are answered as before; CORS hides them.
  const origin = headerOf(req, 'origin');
  if (
    control &&
    !rules.controlCorsAnyOrigin &&
    !SAFE_METHODS.has(req.method ?? 'GET') &&
    origin !== null &&
    !isLoopbackOrigin(origin)
  ) {
    return new ApiError(
      403,
      'FORBIDDEN',
      `Origin: the control API without an admin token acts only for pages served from this machine (localhost, 127.0.0.1 or [::1]), not for ${JSON.stringify(origin)}; start it with an admin token to call it from another origin`,
    );
  }
  return null;
}

/**
 * True for a Host header that names this machine (any port; `127.1` and `[0:0:0:0:0:0:0:1]` as the
 * URL parser reads them); browsers always send one, so a request without one passes.
 */
function addressedHere(hostHeader: string | undefined): boolean {
  if (hostHeader === undefined) return true;
  try {
    return isLoopbackName(new URL(`http://${hostHeader}`).hostname);
  } catch {
    return false;
  }
}
