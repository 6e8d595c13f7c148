import type { LambdaHttpEvent } from './lambda-recipe.js';

/** An event as the integration builds it: the fields the recipe reads, and others it ignores. */
export type Event = LambdaHttpEvent & Record<string, unknown>;

/** A request as the sender sent it: its bytes, and its headers in order, repeats included. */
export interface SentRequest {
  body: Uint8Array;
  headers: readonly (readonly [name: string, value: string])[];
}

/** How the integration hands the body over: base64 (binary media type, non-text content) or as text. */
export interface BodyHandling {
  base64: boolean;
}

// An integration that hands the body over as text has decoded the bytes as UTF-8 already: bytes
// that are not UTF-8 became U+FFFD there, which is what the Lambda then receives.
function body(sent: SentRequest, { base64 }: BodyHandling) {
  return {
    body: base64 ? Buffer.from(sent.body).toString('base64') : new TextDecoder().decode(sent.body),
    isBase64Encoded: base64,
  };
}

/** API Gateway REST API (payload 1.0): `headers` as sent, the last of a repeat wins; `multiValueHeaders` has them all. */
export function restApiEvent(sent: SentRequest, handling: BodyHandling): Event {
  const headers: Record<string, string> = {};
  const multiValueHeaders: Record<string, string[]> = {};
  for (const [name, value] of sent.headers) {
    headers[name] = value;
    multiValueHeaders[name] = [...(multiValueHeaders[name] ?? []), value];
  }
  return {
    httpMethod: 'POST',
    path: '/webhooks',
    headers,
    multiValueHeaders,
    ...body(sent, handling),
  };
}

/** API Gateway HTTP API (payload 2.0) and Function URLs: names in lower case, a repeat comma-joined. */
export function httpApiEvent(sent: SentRequest, handling: BodyHandling): Event {
  const headers: Record<string, string> = {};
  for (const [name, value] of sent.headers) {
    const key = name.toLowerCase();
    headers[key] = headers[key] === undefined ? value : `${headers[key]},${value}`;
  }
  return { version: '2.0', rawPath: '/webhooks', headers, ...body(sent, handling) };
}

/** An ALB target: names in lower case; without multi-value headers the last of a repeat wins, with them only `multiValueHeaders`. */
export function albEvent(
  sent: SentRequest,
  handling: BodyHandling & { multiValueHeaders: boolean },
): Event {
  const single: Record<string, string> = {};
  const multi: Record<string, string[]> = {};
  for (const [name, value] of sent.headers) {
    const key = name.toLowerCase();
    single[key] = value;
    multi[key] = [...(multi[key] ?? []), value];
  }
  const event = { httpMethod: 'POST', path: '/webhooks', ...body(sent, handling) };
  return handling.multiValueHeaders
    ? { ...event, multiValueHeaders: multi }
    : { ...event, headers: single };
}
