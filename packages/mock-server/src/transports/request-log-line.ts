import type { AnsweredRequest, RequestListener } from '../request-log.js';
import type { EndedWebhookAttempt, WebhookAttemptListener } from '../webhooks/ended-attempt.js';
import { attemptLine } from './attempt-log-line.js';
import { escapeControls } from './escape-controls.js';

/** What `--log` prints: nothing, the requests answered with an error or cut, or every request. */
export type LogLevel = 'off' | 'errors' | 'requests';

/** A stream the log writes to, as process.stderr is one. */
export interface LogStream {
  write(text: string): boolean;
  /** Bytes written but not yet taken by the reader. */
  readonly writableLength: number;
  /** False once the stream is closed (its reader gone: EPIPE). */
  readonly writable: boolean;
  once(event: 'drain', listener: () => void): unknown;
}

/**
 * How many bytes of lines may wait for a reader that does not keep up (a supervisor that pipes
 * stderr and reads it late, or never) before lines are dropped and counted: writes to a pipe are
 * queued rather than blocking the server, and a queue without a bound would grow with every request.
 */
export const MAX_QUEUED_BYTES = 1 << 20;

/** Whether `--log errors` prints the request: answered 4xx or 5xx, or its connection cut. */
export function isFailure(request: AnsweredRequest): boolean {
  return request.status >= 400 || request.dropped !== undefined;
}

/**
 * The line `--log` prints, documented in the README and pinned by a test:
 * `agent-platform-mock: AT METHOD PATH?QUERY STATUS MSms REQUEST_ID[ dropped WHAT][ CODE MESSAGE]`,
 * STATUS `-` for a request cut before the API saw it; controls characters escaped, so that a message
 * (a fault's own) cannot break the line or forge another.
 */
export function requestLine(request: AnsweredRequest): string {
  const { at, method, path, query, status, duration_ms, request_id, dropped, error } = request;
  let line = `agent-platform-mock: ${at} ${method} ${path}${query} ${status === 0 ? '-' : status} ${duration_ms.toFixed(1)}ms ${request_id}`;
  if (dropped !== undefined) line += ` dropped ${dropped}`;
  if (error !== undefined) line += ` ${error.code} ${error.message}`;
  return `${escapeControls(line)}\n`;
}

/**
 * The listener `--log` gives the mock: a line per request the level takes, written to `stream`
 * without waiting for it, the lines of one turn of the event loop in one write (a write per line
 * cost a request a fifth more CPU under load). Past `maxQueued` bytes waiting for a slow reader,
 * lines are dropped, and a warning counting them is written once the reader has caught up. Nothing is
 * done once the stream is closed. `flush` writes what waits at once, and the count of lines dropped
 * until then (before the process exits).
 */
export function requestLog(
  stream: LogStream,
  level: Exclude<LogLevel, 'off'>,
  maxQueued = MAX_QUEUED_BYTES,
): RequestListener & { flush(): void; attempt: WebhookAttemptListener } {
  let dropped = 0;
  let pending = '';
  let scheduled = false;
  const write = () => {
    scheduled = false;
    if (pending !== '' && stream.writable) stream.write(pending);
    pending = '';
  };
  const owed = () => {
    if (dropped === 0 || !stream.writable) return;
    pending += `agent-platform-mock: warning: ${dropped} log ${dropped === 1 ? 'line' : 'lines'} dropped: the log was written faster than it was read\n`;
    dropped = 0;
    write();
  };
  // Before an exit the reader may not catch up with: the count of lines dropped is written with the
  // lines that wait, not left for a drain that will not come.
  const flush = () => {
    owed();
    write();
  };
  const add = (line: string) => {
    if (stream.writableLength + pending.length > maxQueued) {
      if (dropped++ === 0) stream.once('drain', owed);
      return;
    }
    if (dropped > 0) owed();
    pending += line;
    if (!scheduled) {
      scheduled = true;
      setImmediate(write);
    }
  };
  const log = (request: AnsweredRequest) => {
    if (!stream.writable || (level === 'errors' && !isFailure(request))) return;
    add(requestLine(request));
  };
  // A webhook attempt's line, in the same queue: `errors` prints the failed ones.
  const attempt = (ended: EndedWebhookAttempt) => {
    if (!stream.writable || (level === 'errors' && ended.succeeded)) return;
    add(attemptLine(ended));
  };
  return Object.assign(log, { flush, attempt });
}
