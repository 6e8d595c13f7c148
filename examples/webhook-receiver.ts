// What both webhook receivers (Express, Hono) share: dedupe a verified event, handle it, answer.
// It imports nothing but the packages: copy it with webhook-express.ts or webhook-hono.ts.
import type { Server, ServerResponse } from 'node:http';
import type { WebhookEvent, WebhookVerificationError } from '@agent-platform/webhook-verify';
import type { Deduper } from '@agent-platform/webhook-verify/dedupe';

/**
 * What a receiver needs: its secrets (current and previous during a rotation), a deduper, a handler,
 * and where to report a delivery that failed verification and a handler that failed (log them: the
 * sender only sees the status).
 */
export interface ReceiverOptions {
  secret: () => string[];
  deduper: Deduper;
  /** Keep it well under the sender's 10 s (queue slow work), and under the deduper's lease. */
  onEvent: (event: WebhookEvent) => void | Promise<void>;
  onRejected: (error: WebhookVerificationError) => void;
  /** A handler that failed, or the dedupe store once the handler ran (`complete`, `release`). */
  onFailed: (error: unknown, event: WebhookEvent) => void;
  /**
   * A signed event older than the deduper's `maxEventAgeSeconds`, answered 200 and not handled: a
   * replay of a captured delivery, or a sender whose clock is far behind ours (log it).
   */
  onTooOld?: (event: WebhookEvent) => void;
}

/** Options of `RunningReceiver.close`. */
export interface CloseOptions {
  /** Milliseconds the deliveries in flight get before every connection is cut (`CLOSE_GRACE_MS`). */
  graceMs?: number;
}

/** A receiver listening on loopback. */
export interface RunningReceiver {
  /** Where the platform should POST: `http://127.0.0.1:PORT/webhooks`. */
  url: string;
  /** Stops gracefully, within `graceMs` (`gracefulClose`): call it on SIGTERM. */
  close(options?: CloseOptions): Promise<void>;
}

/**
 * How long `close()` waits for the deliveries in flight by default: the sender's own timeout (10 s).
 * A delivery still unanswered after that has failed at the sender and will be sent again, so cutting
 * it loses nothing; waiting on could keep the process up for good (a connection that sends nothing, a
 * handler that hangs).
 */
export const CLOSE_GRACE_MS = 10_000;

/**
 * Well above the largest delivery the platform sends: one resource, at most a contact whose custom
 * fields hold their most, 1 MiB as JSON (updates merge, and the API refuses one past it), beside its
 * few other fields, so under 2 MiB. A lower limit (express.raw's default is 100 kB) refuses real
 * deliveries with 413, which the sender retries and, in Variant A, counts toward deactivating the webhook.
 */
export const MAX_DELIVERY_BYTES = 16 * 1024 * 1024;

/**
 * A delivery that failed verification: reported, then answered with its code, 401 when no secret of
 * ours signed it for now (a wrong or rotated secret, a forgery, a replay or a skewed clock), else 400
 * (not a delivery: a header missing or malformed, a body that is not an event).
 */
export function rejectDelivery(
  error: WebhookVerificationError,
  { onRejected }: ReceiverOptions,
): { status: 400 | 401; body: string } {
  onRejected(error);
  const unauthenticated =
    error.code === 'signature_mismatch' ||
    error.code === 'timestamp_too_old' ||
    error.code === 'timestamp_too_new';
  return { status: unauthenticated ? 401 : 400, body: error.code };
}

/** After verification: process each event once, and let the sender retry when the handler fails. */
export async function handleVerified(
  event: WebhookEvent,
  { deduper, onEvent, onFailed, onTooOld }: ReceiverOptions,
): Promise<{ status: 200 | 409 | 500; body: string }> {
  const claim = await deduper.claim(event);
  if (claim === 'processing') return { status: 409, body: 'in progress' }; // retried later
  // A duplicate, or too old (maxEventAgeSeconds): 2xx, as a 4xx would be retried in vain.
  if (claim === 'completed') return { status: 200, body: 'duplicate' };
  if (claim === 'too_old') {
    onTooOld?.(event);
    return { status: 200, body: 'too old' };
  }
  // The dedupe store's errors after the handler ran are reported, and change no answer.
  const report = (error: unknown) => onFailed(error, event);
  try {
    await onEvent(event);
  } catch (error) {
    onFailed(error, event);
    // So that the sender's retry is processed; if the store is down, the claim lapses after its lease.
    await deduper.release(event).catch(report);
    return { status: 500, body: 'handler failed' };
  }
  // Handled: 200 even if the store is down, or the sender's retry would handle it a second time.
  await deduper.complete(event).catch(report);
  return { status: 200, body: 'ok' };
}

/**
 * Readies `server` for a graceful stop, and returns the stop: take no new connection, answer the
 * deliveries in flight (cut, each would count as failed and be retried), close each keep-alive
 * connection once idle, cut whatever is still open after `graceMs`, and resolve when the last
 * connection is closed.
 */
export function gracefulClose(server: Server): (options?: CloseOptions) => Promise<void> {
  // An answer sent while closing leaves its connection idle: close it then, not at the keep-alive timeout.
  server.on('request', (_request, response: ServerResponse) =>
    response.on('finish', () => {
      if (!server.listening) server.closeIdleConnections();
    }),
  );
  return ({ graceMs = CLOSE_GRACE_MS } = {}) =>
    new Promise<void>((resolve) => {
      // server.close() closes the idle connections itself (Node >= 19), not the busy ones, nor, before
      // Node 26.4, one that is connected but has sent nothing (no server timeout applies to it): those are cut.
      const cut = setTimeout(() => server.closeAllConnections(), graceMs);
      server.close(() => {
        clearTimeout(cut);
        resolve();
      });
    });
}
