import type { ErrorDetail } from '../errors.js';

/** The proxy's own answers' error codes: the API's, and three of its own (502, 502 and 504). */
export type ProxyErrorCode =
  | 'VALIDATION_ERROR'
  | 'PAYLOAD_TOO_LARGE'
  | 'NOT_FOUND'
  | 'METHOD_NOT_ALLOWED'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'CONTRACT_VIOLATION'
  | 'UPSTREAM_UNREACHABLE'
  | 'PROXY_LOOP'
  | 'UPSTREAM_TIMEOUT';

/** The upstream's answer with its body read whole: written as it is, made a Response only for `proxy.fetch`. */
export interface BufferedAnswer {
  status: number;
  statusText: string;
  headers: Headers;
  /** Null for an answer that has none (to a HEAD, a 204). */
  body: Uint8Array | null;
}

/** An answer of the proxy's handler. */
export type ProxyAnswer = Response | BufferedAnswer;

/** A handler's answer as a fetch Response. */
export function toResponse(answer: ProxyAnswer): Response {
  if (answer instanceof Response) return answer;
  const { status, statusText, headers, body } = answer;
  return new Response(body as Uint8Array<ArrayBuffer> | null, { status, statusText, headers });
}

/** An answer the proxy gives itself, in the API's error envelope. */
export function proxyError(
  status: number,
  code: ProxyErrorCode,
  message: string,
  details?: ErrorDetail[],
  headers: Record<string, string> = {},
): Response {
  const error = { code, message, status, ...(details ? { details: details.slice(0, 100) } : {}) };
  return jsonAnswer(status, { error }, headers);
}

/** A JSON answer of the proxy's own. */
export function jsonAnswer(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...headers, 'content-type': 'application/json; charset=utf-8' },
  });
}

/** `x: ... (and 2 more)`: the first detail's message and a count of the others. */
export function summary(details: ErrorDetail[]): string {
  const more = details.length > 1 ? ` (and ${details.length - 1} more)` : '';
  return `${details[0]?.message ?? 'invalid'}${more}`;
}
