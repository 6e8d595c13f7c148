import type { VerifyWebhookOptions, WebhookEvent } from '../../src/index.js';
import { verifyWebhook, verifyWebhookSync } from '../../src/node.js';

/** What a verification came to: the event, an error code, or a TypeError thrown at once. */
export type Outcome = { ok: true; event: WebhookEvent } | Failure;

/** A verification that failed. */
export interface Failure {
  ok: false;
  code: string;
  message: string;
}

/** The outcome of `verifyWebhookSync`. */
export function outcomeSync(options: VerifyWebhookOptions): Outcome {
  try {
    return { ok: true, event: verifyWebhookSync(options) };
  } catch (error) {
    return failure(error);
  }
}

/** The outcome of `verifyWebhook`; a synchronous throw is reported as `throws:<name>`. */
export async function outcomeAsync(options: VerifyWebhookOptions): Promise<Outcome> {
  let promise: Promise<WebhookEvent>;
  try {
    promise = verifyWebhook(options);
  } catch (error) {
    const f = failure(error);
    return { ...f, code: `throws:${f.code}` };
  }
  try {
    return { ok: true, event: await promise };
  } catch (error) {
    return failure(error);
  }
}

/** Both outcomes, after checking that they agree; the sync path's TypeErrors count as thrown at once. */
export async function outcomeBoth(options: VerifyWebhookOptions): Promise<Outcome> {
  const sync = outcomeSync(options);
  const async = await outcomeAsync(options);
  const syncComparable =
    !sync.ok && sync.code === 'TypeError' ? { ...sync, code: 'throws:TypeError' } : sync;
  if (JSON.stringify(normalise(syncComparable)) !== JSON.stringify(normalise(async))) {
    throw new Error(
      `sync and async disagree: ${JSON.stringify(normalise(syncComparable))} vs ${JSON.stringify(normalise(async))}`,
    );
  }
  return async;
}

function failure(error: unknown): Failure {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return {
      ok: false,
      code: typeof code === 'string' ? code : error.name,
      message: error.message,
    };
  }
  throw error;
}

function normalise(outcome: Outcome): unknown {
  return outcome.ok ? { ok: true, event: outcome.event } : outcome;
}
