import { EXPECT_VIOLATION_HEADER, hideFromPreflight } from './expect-violation.js';
import { forwardHeaders } from './forward-headers.js';
import type { Upstream } from './parse-upstream.js';
import type { BufferedAnswer } from './proxy-answer.js';
import type { CappedBody } from './read-capped.js';
import { readCapped } from './read-capped.js';

/** The upstream's answer, its body read up to the cap; or why there was none (`timedOut` past the time allowed). */
export type Forwarded =
  | { answer: Response; body: CappedBody; failure?: never; timedOut?: never }
  | { failure: string; timedOut: boolean; answer?: never; body?: never };

/**
 * Sends a request on to the upstream (its path and query after the upstream's prefix; its headers
 * but the hop-by-hop ones and X-Contract-Expect-Violation; its body as read) without following redirects, and reads the answer
 * up to `cap` bytes, all within `timeoutMs` (then it is aborted), `via` (the proxy's entry)
 * added to its Via header. A request its caller aborted rejects with the abort.
 */
export async function forwardRequest(
  request: Request,
  url: URL,
  body: CappedBody,
  upstream: Upstream,
  send: (url: string, init: RequestInit) => Promise<Response>,
  cap: number,
  timeoutMs: number,
  via: string,
): Promise<Forwarded> {
  // Aborted by the caller's abort, or when the time is up (AbortSignal.any is Node 20.3+).
  const upstreamAbort = new AbortController();
  const callerAborted = () => upstreamAbort.abort(request.signal.reason);
  if (request.signal.aborted) callerAborted();
  else request.signal.addEventListener('abort', callerAborted, { once: true });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    upstreamAbort.abort(new Error(`no answer within ${timeoutMs} ms`));
  }, timeoutMs);
  // The proxy's own header is no business of the upstream's.
  const headers = forwardHeaders(request.headers, ['accept-encoding', EXPECT_VIOLATION_HEADER]);
  // Validated as sent: uncompressed (fetch would decode a compressed answer, keeping its header).
  headers.set('accept-encoding', 'identity');
  if (request.method === 'OPTIONS') hideFromPreflight(headers);
  // After the entries of the hops before it, as RFC 9110 §7.6.3 orders them.
  const before = headers.get('via');
  headers.set('via', before ? `${before}, ${via}` : via);
  const init: RequestInit & { duplex?: 'half' } = {
    method: request.method,
    headers,
    redirect: 'manual',
    signal: upstreamAbort.signal,
  };
  if (body.stream) {
    init.body = body.stream;
    init.duplex = 'half';
  } else if (body.bytes.byteLength > 0) init.body = body.bytes as Uint8Array<ArrayBuffer>;
  const target = `${upstream.origin}${upstream.prefix}${url.pathname}${url.search}`;
  try {
    const answer = await send(target, init);
    const read =
      request.method === 'HEAD' ? { bytes: new Uint8Array(0) } : await readCapped(answer.body, cap);
    return { answer, body: read };
  } catch (error) {
    if (request.signal.aborted) throw error;
    return { failure: causeOf(error), timedOut };
  } finally {
    // Read up to the cap in time: a body past it streams on at its own pace.
    clearTimeout(timer);
  }
}

/** Why fetch failed, in a word where it says one (`ECONNREFUSED`), else its message. */
function causeOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message ?? String(error);
}

/**
 * The upstream's answer as the proxy passes it back: same status, headers but the hop-by-hop ones,
 * same body (a body read whole stays the bytes it is: no stream is made to write it).
 */
export function passBack(
  forwarded: { answer: Response; body: CappedBody },
  head: boolean,
): Response | BufferedAnswer {
  const { answer, body } = forwarded;
  // Its framing is the proxy's own; the body is passed back decoded, as fetch read it.
  const headers = forwardHeaders(answer.headers, ['content-encoding']);
  // A HEAD answer's length is the GET body's, which no framing of ours replaces: kept as sent.
  const length = answer.headers.get('content-length');
  if (head && length !== null) headers.set('content-length', length);
  const nullBody = head || [101, 204, 205, 304].includes(answer.status);
  const { status, statusText } = answer;
  if (body.stream && !nullBody) return new Response(body.stream, { status, statusText, headers });
  return { status, statusText, headers, body: nullBody ? null : (body.bytes ?? null) };
}
