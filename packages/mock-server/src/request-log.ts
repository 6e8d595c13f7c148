import type { ApiError } from './errors.js';
import type { JournalEntry, JournalRecord } from './journal.js';
import { journalHeaders } from './journal-headers.js';

/**
 * A request the mock answered, as `onRequest` hears it: its journal entry, how long it took and,
 * for an error answer, what the client was told.
 */
export interface AnsweredRequest extends JournalEntry {
  /**
   * Real milliseconds (fractional) from the request reaching the mock to its answer being ready:
   * reading the body and a fault's delay included, writing the answer out not.
   */
  duration_ms: number;
  /**
   * An error answer's envelope `code` and `message` (`email: must be an email address`), the
   * message whole (the journal keeps its first 1000 characters).
   */
  error?: {
    /** The envelope's `code`, as `VALIDATION_ERROR`. */
    code: string;
    /** The envelope's `message`, naming the field and rule of a 400. */
    message: string;
  };
}

/**
 * Hears each request the mock answers, once it is answered (or cut): the API's, the control API's
 * (`/__mock/...`) and CORS preflights, unlike the journal.
 */
export type RequestListener = (request: AnsweredRequest) => void;

/**
 * Hands `listener` its entry; a throw (or a rejected promise) of the listener goes to `report`,
 * never into the answer, as an `events.on` listener's.
 */
export function tell(
  listener: RequestListener,
  request: AnsweredRequest,
  report: (error: unknown) => void,
): void {
  try {
    const result: unknown = listener(request);
    if (result instanceof Promise) result.catch(report);
  } catch (error) {
    report(error);
  }
}

/**
 * What `onRequest` hears of a journal record, answered in `duration_ms`, with `error` when the answer
 * is one. Built field by field: spreading the record into a new object costs V8 several µs, a
 * request's whole CPU time a few times over.
 */
export function answeredRequest(
  record: JournalRecord,
  duration_ms: number,
  error: ApiError | undefined,
): AnsweredRequest {
  const answered: AnsweredRequest = {
    request_id: record.request_id,
    at: isoTime(record.at_ms),
    method: record.method,
    path: record.path,
    query: record.query,
    headers: journalHeaders(record.headers),
    status: record.status,
    key_id: record.key_id,
    operation_id: record.operation_id,
    duration_ms,
  };
  if (record.dropped !== undefined) answered.dropped = record.dropped;
  if (record.body !== undefined) answered.body = record.body;
  if (error !== undefined) answered.error = { code: error.code, message: error.message };
  return answered;
}

// The last time formatted: toISOString costs as much as the rest of the entry, and requests under
// load share their millisecond.
let lastMs = Number.NaN;
let lastText = '';

/** `ms` as ISO 8601 with milliseconds. */
function isoTime(ms: number): string {
  if (ms !== lastMs) {
    lastMs = ms;
    lastText = new Date(ms).toISOString();
  }
  return lastText;
}
