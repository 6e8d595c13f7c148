import type { ApiError } from './errors.js';
import type { JournalEntry } from './journal.js';

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
  /** An error answer's envelope `code` and `message` (`email: must be an email address`). */
  error?: { code: string; message: string };
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

/** An error answer's code and message as `AnsweredRequest.error` holds them; {} for another answer. */
export function errorOf(error: ApiError | undefined): Pick<AnsweredRequest, 'error'> {
  return error === undefined ? {} : { error: { code: error.code, message: error.message } };
}
