import { describeFetchFailure } from '../describe-fetch-failure.js';
import { shownOption } from '../shown-option.js';
import { EXPECT_VIOLATION_HEADER, hideFromPreflight } from './expect-violation.js';
import { forwardHeaders } from './forward-headers.js';
import type { Upstream } from './parse-upstream.js';
import type { BufferedAnswer } from './proxy-answer.js';
import type { CappedBody } from './read-capped.js';
import { readCapped } from './read-capped.js';

/**
 * The upstream's answer, its body read up to the cap; or why there was none whole: `timedOut` past
 * the time allowed, `cut` when its body ended early, `malformed` when it was no HTTP fetch could read.
 */
export type Forwarded =
  | { answer: Response; body: CappedBody; failure?: never; timedOut?: never; broken?: never }
  | {
      failure: string;
      timedOut: boolean;
      broken: 'cut' | 'malformed' | null;
      answer?: never;
      body?: never;
    };

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
  const stopListening = () => request.signal.removeEventListener('abort', callerAborted);
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
  // Ends the wait when the time is up or the caller aborts, though a fetch of the caller's own
  // ignores its signal (it would hang the request for good).
  const ended = new Promise<never>((_, reject) => {
    const { signal } = upstreamAbort;
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
  ended.catch(() => undefined);
  let answered = false;
  let streaming = false;
  try {
    const answer = await Promise.race([send(target, init), ended]);
    if (!isResponse(answer)) {
      throw new TypeError(`the proxy's fetch returned no Response but ${shownOption(answer)}`);
    }
    answered = true;
    const read =
      request.method === 'HEAD'
        ? { bytes: new Uint8Array(0) }
        : await Promise.race([readCapped(answer.body, cap, stopListening), ended]);
    // Past the cap, the rest streams on to the caller: its abort must still reach the upstream
    // until that stream is done (stopListening then).
    streaming = read.stream !== undefined;
    return { answer, body: read };
  } catch (error) {
    if (request.signal.aborted) throw error;
    const failure = describeFetchFailure(error, { peer: 'the upstream', process: 'the proxy' });
    // Malformed first: a bad chunk in the body is no HTTP either, though its headers came.
    const broken = timedOut
      ? null
      : MALFORMED.test(failure)
        ? 'malformed'
        : answered
          ? 'cut'
          : null;
    return { failure, timedOut, broken };
  } finally {
    // Read up to the cap in time: a body past it streams on at its own pace.
    clearTimeout(timer);
    if (!streaming) stopListening();
  }
}

/** undici's words for an answer that is no HTTP it reads: its parser's (`HPE_...`), headers too large. */
const MALFORMED = /^(HPE_|UND_ERR_HEADERS_OVERFLOW)/;

/** Whether a custom fetch gave what the proxy reads: a status, headers and a body (of any realm). */
function isResponse(value: unknown): value is Response {
  const answer = value as Partial<Response> | null;
  return (
    typeof answer === 'object' &&
    answer !== null &&
    typeof answer.status === 'number' &&
    typeof answer.headers?.get === 'function' &&
    'body' in answer
  );
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
  // A body no answer of this status carries is dropped: cancelled, so that its upstream is let go.
  if (nullBody) body.stream?.cancel().catch(() => undefined);
  const { status, statusText } = answer;
  if (body.stream && !nullBody) return new Response(body.stream, { status, statusText, headers });
  return { status, statusText, headers, body: nullBody ? null : (body.bytes ?? null) };
}
