import type { Clock } from '../../src/core/clock.js';

/** One request as the fetch saw it. */
export interface RecordedCall {
  method: string;
  url: URL;
  headers: Headers;
  body: string | undefined;
  signal: AbortSignal | undefined;
}

type Responder = (call: RecordedCall, index: number) => Response | Promise<Response>;

/** A fetch that records every call and answers with `respond`. */
export function recordingFetch(respond: Responder) {
  const calls: RecordedCall[] = [];
  const fetch = async (input: Request, init?: RequestInit): Promise<Response> => {
    const text = input.body === null ? undefined : await input.text();
    const call: RecordedCall = {
      method: input.method,
      url: new URL(input.url),
      headers: input.headers,
      body: text,
      signal: init?.signal ?? undefined,
    };
    calls.push(call);
    return respond(call, calls.length - 1);
  };
  return { fetch, calls };
}

/** A JSON response. */
export function json(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): Response {
  const all = new Headers({ 'content-type': 'application/json', 'x-request-id': 'req-1' });
  for (const [name, value] of Object.entries(headers)) all.set(name, value);
  return new Response(JSON.stringify(body), { status, headers: all });
}

/** An API error response. */
export function apiError(
  status: number,
  code: string,
  headers: Record<string, string> = {},
): Response {
  return json(status, { error: { code, message: `${code} happened`, status } }, headers);
}

/** A clock whose sleeps move time forward at once and are recorded. */
export function fakeClock(start = Date.UTC(2026, 10, 20, 10, 0, 0)) {
  let now = start;
  const sleeps: number[] = [];
  const clock: Clock = {
    now: () => now,
    sleep: async (ms, signal) => {
      if (signal?.aborted) throw signal.reason;
      sleeps.push(ms);
      now += Math.max(0, ms);
    },
  };
  return {
    clock,
    sleeps,
    advance(ms: number) {
      now += ms;
    },
  };
}

/** A fetch that never answers unless its signal aborts. */
export function hangingFetch() {
  let calls = 0;
  const fetch = (_input: Request, init?: RequestInit): Promise<Response> => {
    calls++;
    return new Promise((_resolve, reject) => {
      init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
    });
  };
  return { fetch, calls: () => calls };
}
