import type { Clock } from '../clock.js';
import { describeFetchFailure } from '../describe-fetch-failure.js';
import type { AttemptResult } from '../domain/context.js';
import { shownOption } from '../shown-option.js';
import { DELIVERY_TIMEOUT_MS } from './schedules.js';

/** How one HTTP attempt ended (the domain's `AttemptResult`). */
export type AttemptOutcome = AttemptResult;

/** One POST of a signed body to a receiver. */
export interface AttemptRequest {
  url: string;
  body: string;
  headers: Record<string, string>;
  fetch: typeof fetch;
  clock: Clock;
  /** Also give up after this much real time (for calls a request waits on). */
  realTimeoutMs?: number;
  /** Gives up at once when it aborts (the mock is disposed): the attempt ends as `aborted: <reason>`. */
  signal?: AbortSignal;
  /** Hears the headers as they go to fetch, with the `Authorization` a URL's credentials add. */
  onSend?: (headers: Readonly<Record<string, string>>) => void;
}

/**
 * Sends one attempt: a failure is a network error, no answer within 10 s of the mock's clock, or a
 * status of 300 or above (redirects are not followed; in a browser one has no status). Never throws.
 */
export async function sendAttempt(request: AttemptRequest): Promise<AttemptOutcome> {
  const controller = new AbortController();
  let timedOut = false;
  const timeout = request.clock.schedule(DELIVERY_TIMEOUT_MS, () => {
    timedOut = true;
    controller.abort();
  });
  const realTimer =
    request.realTimeoutMs === undefined
      ? undefined
      : setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, request.realTimeoutMs);
  const stop = () => controller.abort(request.signal?.reason);
  if (request.signal?.aborted) stop();
  else request.signal?.addEventListener('abort', stop, { once: true });
  // A deliveryFetch that ignores the signal must not hold the webhook's lane for good, nor have an
  // answer that came after the 10 s counted: the attempt ends when the signal fires, whatever it does.
  const aborted = new Promise<never>((_, reject) => {
    controller.signal.addEventListener('abort', () => reject(controller.signal.reason), {
      once: true,
    });
  });
  // On the mock's clock, like everything it records: on a manual clock the same on every run.
  const started = request.clock.now();
  try {
    const { url, headers } = withBasicAuth(request.url, request.headers);
    request.onSend?.(headers);
    const fetching = Promise.resolve().then(() =>
      request.fetch(url, {
        method: 'POST',
        headers,
        body: request.body,
        signal: controller.signal,
        redirect: 'manual',
      }),
    );
    // An answer after the abort is not used; its body is freed.
    fetching.then(
      (late) => {
        if (timedOut) late?.body?.cancel().catch(() => undefined);
      },
      () => undefined,
    );
    const response = await Promise.race([fetching, aborted]);
    // A stub's answer that is no Response would be recorded as its status (`"x"`, undefined): a
    // state holding it would not import again. Quoted short: the error is stored with the attempt.
    if (!Number.isInteger((response as { status?: unknown } | undefined)?.status)) {
      throw new TypeError(
        `deliveryFetch must resolve to a Response, not ${shownOption(response).slice(0, 100)}`,
      );
    }
    const elapsed = request.clock.now() - started;
    discardBody(response.body, request.signal);
    // A browser answers a redirect not followed with status 0: "HTTP 0" would name no status.
    if (response.type === 'opaqueredirect') {
      return failedOutcome(
        'redirect (not followed; the browser does not show its status)',
        elapsed,
      );
    }
    const succeeded = response.status >= 200 && response.status < 300;
    return {
      http_status: response.status,
      response_time_ms: elapsed,
      error: succeeded ? null : `HTTP ${response.status}`,
      succeeded,
    };
  } catch (error) {
    if (timedOut) return timeoutOutcome();
    const elapsed = request.clock.now() - started;
    // Ended by the caller (the mock was disposed), not by the receiver or the network: said so.
    if (request.signal?.aborted) {
      return failedOutcome(`aborted: ${describe(request.signal.reason)}`, elapsed);
    }
    return failedOutcome(`network error: ${describe(error)}`, elapsed);
  } finally {
    request.clock.clear(timeout);
    if (realTimer) clearTimeout(realTimer);
    request.signal?.removeEventListener('abort', stop);
  }
}

/** How much of an answer's body is read, and dropped, before the rest is cancelled. */
const DISCARDED_BODY_BYTES = 64 * 1024;

/**
 * Reads an answer's body to its end in the background, and drops it; past `DISCARDED_BODY_BYTES`,
 * after 10 s of real time, or when `signal` aborts (dispose), cancels the rest. Not cancelled at
 * once: a body that ends with its connection (HTTP/1.0, no Content-Length: Python's http.server),
 * cancelled, had undici open a spare connection that sent nothing, and a receiver serving one
 * connection at a time (Python's HTTPServer) waited on it for 4 s, undici's keep-alive timeout: the
 * next attempts timed out. A body already read or locked (a `deliveryFetch` that logged the answer)
 * is its reader's: left alone, and the attempt stands as answered.
 */
function discardBody(body: ReadableStream<Uint8Array> | null, signal?: AbortSignal): void {
  if (!body) return;
  let reader: ReadableStreamDefaultReader<Uint8Array>;
  try {
    reader = body.getReader();
  } catch {
    return; // locked: another reader's
  }
  const stop = () => reader.cancel().catch(() => undefined);
  signal?.addEventListener('abort', stop, { once: true });
  // A body that never ends must not hold its connection for good, nor keep the process alive.
  const timer = setTimeout(stop, DELIVERY_TIMEOUT_MS);
  if (typeof timer === 'object' && 'unref' in timer) timer.unref();
  void (async () => {
    let read = 0;
    try {
      while (read <= DISCARDED_BODY_BYTES && !signal?.aborted) {
        const chunk = await reader.read();
        if (chunk.done) return;
        read += chunk.value.byteLength;
      }
      await stop();
    } catch {
      // The receiver cut the connection, or dispose cancelled it: nothing to drop any more.
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', stop);
    }
  })();
}

/** An attempt the receiver did not answer within its 10 s. */
function timeoutOutcome(): AttemptOutcome {
  return failedOutcome('timeout', DELIVERY_TIMEOUT_MS);
}

/** An attempt that got no HTTP answer: why, and after how long (null when it was never sent). */
export function failedOutcome(error: string, responseTimeMs: number | null = null): AttemptOutcome {
  return { http_status: null, response_time_ms: responseTimeMs, error, succeeded: false };
}

/**
 * A URL with credentials (`https://user:pass@host/hook`) cannot be fetched as is: they go out as
 * `Authorization: Basic`, as receivers that put basic auth in their webhook URL expect.
 */
function withBasicAuth(
  target: string,
  headers: Record<string, string>,
): { url: string; headers: Record<string, string> } {
  if (!target.includes('@')) return { url: target, headers };
  const url = new URL(target);
  if (url.username === '' && url.password === '') return { url: target, headers };
  const user = percentDecode(`${url.username}:${url.password}`);
  const basic = btoa(String.fromCharCode(...user));
  url.username = '';
  url.password = '';
  return { url: url.href, headers: { ...headers, Authorization: `Basic ${basic}` } };
}

/**
 * The bytes of URL userinfo, percent-decoded as browsers and curl do: a valid `%XX` is that byte,
 * anything else (`%ZZ`, a lone `%`) stays as written; never throws, unlike decodeURIComponent.
 */
function percentDecode(text: string): Uint8Array {
  const bytes = new TextEncoder().encode(text);
  const out = new Uint8Array(bytes.length);
  let n = 0;
  for (let i = 0; i < bytes.length; i++) {
    const hex = bytes[i] === 0x25 ? String.fromCharCode(bytes[i + 1] ?? 0, bytes[i + 2] ?? 0) : '';
    if (/^[0-9a-f]{2}$/i.test(hex)) {
      out[n++] = Number.parseInt(hex, 16);
      i += 2;
    } else out[n++] = bytes[i] as number;
  }
  return out.subarray(0, n);
}

/** Why an attempt's fetch failed, as its `error` says it after `network error: `. */
const describe = (error: unknown) =>
  describeFetchFailure(error, { peer: 'the receiver', process: 'the mock' });
