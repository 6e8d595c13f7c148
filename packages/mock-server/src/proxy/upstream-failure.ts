import type { Forwarded } from './forward-request.js';

/** Why a request forwarded got no answer from the upstream: the proxy's own answer in its place. */
export interface UpstreamFailure {
  status: 502 | 504 | 508;
  code: 'UPSTREAM_UNREACHABLE' | 'UPSTREAM_TIMEOUT' | 'PROXY_LOOP';
  /** Names the upstream, the request and the cause (`ECONNREFUSED`, the time allowed, a loop). */
  message: string;
}

/**
 * A forward that got no answer, or only its own back (a loop), as the proxy's own answer says it
 * (`upstream` and `call` name it).
 */
export function upstreamFailure(
  forwarded: Forwarded,
  upstream: string,
  call: string,
  timeoutMs: number,
): UpstreamFailure {
  if (forwarded.failure === undefined) {
    const message = `${upstream}: ${call} came back to this proxy (its upstream forwards to it: a loop)`;
    return { status: 508, code: 'PROXY_LOOP', message };
  }
  if (forwarded.timedOut) {
    const message = `${upstream}: no whole answer to ${call} within ${timeoutMs} ms (upstreamTimeoutMs)`;
    return { status: 504, code: 'UPSTREAM_TIMEOUT', message };
  }
  const what =
    forwarded.broken === 'cut'
      ? `the answer to ${call} was cut short`
      : forwarded.broken === 'malformed'
        ? `the answer to ${call} was no HTTP fetch could read`
        : `no answer to ${call}`;
  const message = `${upstream}: ${what} (${forwarded.failure})`;
  return { status: 502, code: 'UPSTREAM_UNREACHABLE', message };
}
