import { signWebhook } from '@agent-platform/webhook-verify';
import type { Clock } from '../clock.js';
import type { DomainContext } from '../domain/context.js';
import { webhookEvents } from '../domain/webhook-events.js';
import { signingSecret } from '../domain/webhooks.js';
import { byCreation } from '../store/creation-order.js';
import type { DeliveryRow, WebhookRow } from '../store/records.js';
import { allowManyListeners } from './allow-many-listeners.js';
import { AttemptDrain } from './attempt-drain.js';
import { type KeptHeaders, keptHeaders } from './attempt-headers.js';
import { AttemptSettler } from './attempt-settler.js';
import { DeliveryLedger } from './delivery-ledger.js';
import { DELIVERY_USER_AGENT } from './delivery-user-agent.js';
import { endedAttempt, type WebhookAttemptListener } from './ended-attempt.js';
import type { DomainEvent } from './event-bus.js';
import {
  B_FAILING_DELAY_MS,
  DELIVERY_TIMEOUT_MS,
  MAX_ATTEMPTS,
  MAX_PENDING_PER_WEBHOOK,
  retryDelayMs,
} from './schedules.js';
import { type AttemptOutcome, failedOutcome, sendAttempt } from './send-attempt.js';
import { noteFailure, noteSuccess } from './webhook-health.js';

/** Why an attempt ended or was not sent once `dispose()` was called (the reason its signal aborts with). */
const DISPOSED = 'the mock server was disposed';
const NOT_SENT_DISPOSED = `not sent: ${DISPOSED}`;
/** Why an attempt was not sent once a graceful close began (`drain`), and after it. */
const NOT_SENT_CLOSING =
  'not sent: the mock server is closing or closed (a close with graceMs ends its deliveries)';

/** A delivery waiting for its webhook's attempts in flight, and what to call once it is done. */
interface Waiting {
  id: string;
  done: () => void;
}

/** What the dispatcher needs: the domain context, the clock, and how to reach receivers. */
export interface DispatcherOptions {
  ctx: DomainContext;
  clock: Clock;
  /** The fetch deliveries go out with, looked up per attempt (so MSW or a test may replace it). */
  fetch: () => typeof fetch;
  /** Manual clock: the longest real time to wait for in-flight attempts before time moves on. */
  graceMs: number;
  /** Where an unexpected error in a background attempt is reported. */
  onError: (error: unknown) => void;
  /** Hears each attempt once recorded (the option `onWebhookAttempt`); a throw goes to `onError`. */
  onAttempt?: WebhookAttemptListener | undefined;
}

/**
 * Delivers every event to each active webhook of its workspace that subscribed to it, signed, on the
 * variant's retry schedule, on the mock's clock. Every delivery is kept with all its attempts.
 */
export class WebhookDispatcher {
  /** The attempts in flight and their signing, which a step of the manual clock waits for. */
  private readonly settler: AttemptSettler;
  /** The graceful close: once `drain` has begun, no attempt starts; those sent are waited for. */
  private readonly graceful = new AttemptDrain();
  private readonly timers = new Map<string, number>();
  /** The pending deliveries per webhook and the finished ones by age. */
  private readonly ledger: DeliveryLedger;
  /** The events `countDeliveries` is emitting, by id: how many deliveries each made. */
  private readonly counting = new Map<string, number>();
  /**
   * Per webhook with attempts in flight, the deliveries waiting for them, in order: its attempts go
   * out one at a time (`runLane` says when together).
   */
  private readonly lanes = new Map<string, Waiting[]>();
  /** Bumped by a reset, an import and dispose: an attempt queued before then is dropped. */
  private generation = 0;
  /**
   * Aborted by dispose: attempts in flight end at once, and none starts after it (a disposed mock
   * still answers requests, but nothing it does keeps the process alive).
   */
  private readonly disposal = new AbortController();
  private readonly stopSettling: () => void;

  constructor(private readonly options: DispatcherOptions) {
    allowManyListeners(this.disposal.signal);
    this.ledger = new DeliveryLedger(options.ctx);
    this.settler = new AttemptSettler(options.graceMs);
    this.stopSettling = options.clock.onBeforeStep((advance) => this.settle(advance));
  }

  /** Queues an event for every webhook of its workspace subscribed to it; returns the deliveries. */
  dispatch(event: DomainEvent): DeliveryRow[] {
    if (this.disposal.signal.aborted) return [];
    const { ctx } = this.options;
    const { categoryOf } = webhookEvents(ctx.variant);
    const category = categoryOf.get(event.event);
    const subscribed = (hook: WebhookRow) =>
      hook.active && hook.events.some((e) => e === '*' || e === event.event || e === category);
    const rows = ctx.state.tables.webhooks
      .list(event.workspace_id, subscribed)
      .map((hook) => this.enqueue(hook, event, false));
    if (this.counting.has(event.id)) this.counting.set(event.id, rows.length);
    return rows;
  }

  /**
   * Runs `emit`, which emits the event `eventId`, and returns how many deliveries that event made.
   * By its id: a listener after the dispatcher may emit other events meanwhile (its own reaction).
   */
  countDeliveries(eventId: string, emit: () => void): number {
    this.counting.set(eventId, 0);
    try {
      emit();
      return this.counting.get(eventId) ?? 0;
    } finally {
      this.counting.delete(eventId);
    }
  }

  /**
   * Sends a test event now: one attempt, its result returned, never retried, not counted toward
   * health. Once disposed, nothing is sent or recorded: the result says so.
   */
  async test(
    hook: WebhookRow,
  ): Promise<{ eventId: string; attemptedAt: string; outcome: AttemptOutcome }> {
    const { ctx } = this.options;
    const event: DomainEvent = {
      id: ctx.id(),
      event: 'webhook.test',
      workspace_id: hook._ws,
      timestamp: ctx.now(),
      data: { message: 'This is a test event from the Conversational Agent Platform.' },
    };
    // A graceful close ends with a dispose: it says why.
    const notSent = () =>
      failedOutcome(
        this.graceful.closing
          ? NOT_SENT_CLOSING
          : this.disposal.signal.aborted
            ? NOT_SENT_DISPOSED
            : 'not sent',
      );
    if (this.disposal.signal.aborted || this.graceful.closing) {
      return { eventId: event.id, attemptedAt: event.timestamp, outcome: notSent() };
    }
    const delivery = this.enqueue(hook, event, true);
    // Disposed while it was being signed: not sent; while it was sent: aborted (send-attempt says so).
    const outcome = await this.settler.track(this.attempt(delivery.id, DELIVERY_TIMEOUT_MS));
    return {
      eventId: delivery.event_id,
      attemptedAt: delivery.attempts[0]?.attempted_at ?? delivery.created_at,
      outcome: outcome ?? notSent(),
    };
  }

  /** A webhook was deleted or turned off: its pending deliveries fail with that reason. */
  stopWebhook(hook: WebhookRow, reason: 'webhook_deleted' | 'webhook_deactivated'): void {
    for (const row of this.ledger.pendingRows(hook.id)) this.fail(row, reason);
    this.ledger.prune();
  }

  /**
   * After a state import: every pending delivery is scheduled again at its time, or sent now if it
   * is due or overdue (its attempt was in flight at the export, or the clock is past its time).
   * A test delivery is pending only while its one attempt is in flight, and that attempt's result
   * was the answer to its call: it is not sent again (it is never retried), and ends failed.
   */
  restore(): void {
    this.forgetQueued();
    for (const id of this.timers.keys()) this.cancel(id);
    const now = this.options.clock.now();
    this.ledger.forget();
    // In the order the events happened, whatever the snapshot's order: a webhook's lane sends them so.
    const rows = this.options.ctx.state.tables.deliveries.all().sort(byCreation);
    for (const row of rows) {
      if (row.status !== 'pending') {
        this.ledger.markFinished(row);
        continue;
      }
      this.ledger.markPending(row);
      if (row._test) {
        this.fail(row, null);
        continue;
      }
      // Due (or in flight at the export): now, as an attempt due goes out on the manual clock too.
      const due = row.next_attempt_at ? Date.parse(row.next_attempt_at) : now;
      if (due > now) this.schedule(row, due - now);
      else this.launch(row.id);
    }
  }

  /**
   * Waits for attempts in flight: their signing in full, their receivers within `graceMs` of real
   * time (AttemptSettler.settle says how). `advance`: the manual clock's advance this is a step of.
   */
  settle(advance?: object): Promise<void> {
    return this.settler.settle(advance);
  }

  /**
   * A graceful close: starts no attempt from now on (an event still queues its deliveries, pending,
   * as a retry falling due stays pending), and resolves once the attempts already sent are answered
   * and recorded as usual; when `deadline` aborts first, ends them as `dispose` does, unrecorded.
   * For good: the mock disposes itself once the whole close is done, its requests too (as the CLI's
   * process exits then).
   */
  drain(deadline: AbortSignal): Promise<void> {
    return this.graceful.drain(deadline, () => this.dispose());
  }

  /** Cancels every scheduled attempt (reset). */
  cancelAll(): void {
    this.forgetQueued();
    for (const id of [...this.timers.keys()]) this.cancel(id);
    this.ledger.forget();
  }

  /** Attempts waiting in a lane belong to the state that queued them: they will not go out. */
  private forgetQueued(): void {
    this.generation++;
    for (const lane of this.lanes.values()) for (const { done } of lane) done();
    this.lanes.clear();
  }

  /** Cancels every timer and ends the attempts in flight; none starts after (the server is going away). */
  dispose(): void {
    this.disposal.abort(new Error(DISPOSED));
    this.cancelAll();
    this.stopSettling();
  }

  private enqueue(hook: WebhookRow, event: DomainEvent, test: boolean): DeliveryRow {
    const { ctx } = this.options;
    const envelope = {
      event: event.event,
      timestamp: event.timestamp,
      webhook_id: hook.id,
      data: event.data,
    };
    const body = JSON.stringify(
      ctx.variant === 'B' ? { event_id: event.id, ...envelope } : envelope,
    );
    const row: DeliveryRow = {
      id: ctx.id(),
      webhook_id: hook.id,
      // The bus carries only the variant's names (a control-API event is checked against them).
      event: event.event as DeliveryRow['event'],
      event_id: event.id,
      status: 'pending',
      attempts: [],
      next_attempt_at: null,
      error: null,
      created_at: ctx.now(),
      _ws: hook._ws,
      _seq: ctx.seq(),
      _body: body,
      _test: test,
    };
    const full = !test && this.ledger.pendingSize(hook.id) >= MAX_PENDING_PER_WEBHOOK;
    ctx.state.tables.deliveries.put(row);
    this.ledger.markPending(row);
    if (full) {
      this.fail(row, 'queue_full');
    } else if (!test) {
      const waitsFifthDelay = ctx.variant === 'B' && hook.health === 'failing';
      if (waitsFifthDelay) this.schedule(row, B_FAILING_DELAY_MS);
      else this.launch(row.id);
    }
    this.ledger.prune();
    return row;
  }

  private schedule(row: DeliveryRow, delayMs: number): void {
    if (this.disposal.signal.aborted) return;
    const { clock } = this.options;
    row.next_attempt_at = new Date(clock.now() + delayMs).toISOString();
    this.cancel(row.id);
    this.timers.set(
      row.id,
      clock.schedule(delayMs, () => {
        this.timers.delete(row.id);
        this.launch(row.id);
      }),
    );
  }

  /**
   * Starts an attempt in the background, after the webhook's attempts in flight if any: a receiver
   * gets one request at a time, in the order the events happened (so a CI suite sees
   * agent.handoff_started before conversation.assigned on every run).
   */
  private launch(id: string): void {
    if (this.disposal.signal.aborted || this.graceful.closing) return;
    const row = this.options.ctx.state.tables.deliveries.find(id);
    const hookId = row?.webhook_id ?? '';
    // In flight from now, waiting included: a step of the manual clock waits for it.
    let done = () => {};
    void this.settler.track(
      new Promise<void>((resolve) => {
        done = resolve;
      }),
    );
    const lane = this.lanes.get(hookId);
    if (lane) {
      // Waiting behind the attempts in flight: due since now, a first attempt as a retry (whose
      // time its timer set), until it goes out.
      if (row) row.next_attempt_at ??= new Date(this.options.clock.now()).toISOString();
      lane.push({ id, done });
      return;
    }
    const fresh: Waiting[] = [];
    this.lanes.set(hookId, fresh);
    this.runLane(hookId, fresh, [{ id, done }]).catch((error: unknown) => this.report(error));
  }

  /**
   * Sends `sending` together, then, once they are answered, what waited meanwhile: the first of it,
   * or all of it together after two rounds in a row with a timeout. A receiver that did not answer
   * in 10 s may be slow once (a cold start): what waited behind it goes out, each attempt with its
   * full 10 s, rather than fail unsent and count toward deactivating a webhook that would have taken
   * it, and still one at a time, in order. One that times out again may be down: the rest goes out
   * together, in no set order, so that a receiver that never answers does not push the retries
   * later and later. A bug in an attempt is reported, never an unhandled rejection.
   */
  private async runLane(hookId: string, lane: Waiting[], sending: Waiting[]): Promise<void> {
    const { generation } = this;
    let timedOutBefore = false;
    while (sending.length > 0) {
      const outcomes = await Promise.all(
        sending.map(async ({ id, done }) => {
          try {
            return await this.attempt(id);
          } catch (error) {
            this.report(error);
            return null;
          } finally {
            done();
          }
        }),
      );
      // A reset or an import dropped what was waiting: a new lane may have this webhook's id.
      if (generation !== this.generation || this.lanes.get(hookId) !== lane) return;
      const timedOut = outcomes.some((o) => o?.error === 'timeout');
      sending = timedOut && timedOutBefore ? lane.splice(0) : lane.splice(0, 1);
      timedOutBefore = timedOut;
    }
    this.lanes.delete(hookId);
  }

  /** One attempt, with its full 10 s once sent. */
  private async attempt(id: string, realTimeoutMs?: number): Promise<AttemptOutcome | null> {
    const { ctx, clock } = this.options;
    const row = ctx.state.tables.deliveries.find(id);
    // Closing: one waiting behind an attempt in flight, or in its signing, does not go out.
    if (row?.status !== 'pending' || this.graceful.closing) return null;
    const hook = ctx.state.tables.webhooks.find(row.webhook_id);
    if (!hook) return this.fail(row, 'webhook_deleted');
    if (!hook.active && !row._test) return this.fail(row, 'webhook_deactivated');
    row.next_attempt_at = null;
    const started = clock.now();
    const { generation } = this;
    const signing = signWebhook({
      variant: ctx.variant,
      secret: signingSecret(hook, started),
      rawBody: row._body,
      timestamp: Math.floor(started / 1000),
      webhookId: hook.id,
    });
    const signed = await this.settler.sign(signing);
    // Signing is the mock's own work, before anything is sent: a reset, an import, or the webhook
    // deleted or turned off meanwhile (which failed the delivery) came first, and nothing goes out.
    if (
      generation !== this.generation ||
      ctx.state.tables.deliveries.find(id) !== row ||
      row.status !== 'pending' ||
      this.graceful.closing
    ) {
      return null;
    }
    return this.graceful.hold(this.send(row, hook.url, signed, started, generation, realTimeoutMs));
  }

  /** Sends a signed attempt and records its outcome (unless its state is gone meanwhile). */
  private async send(
    row: DeliveryRow,
    url: string,
    signed: Record<string, string>,
    started: number,
    generation: number,
    realTimeoutMs: number | undefined,
  ): Promise<AttemptOutcome> {
    const { ctx, clock } = this.options;
    let kept: KeptHeaders | undefined;
    const outcome = await sendAttempt({
      url,
      body: row._body,
      headers: {
        ...signed,
        'User-Agent': DELIVERY_USER_AGENT,
      },
      fetch: this.options.fetch(),
      clock,
      realTimeoutMs,
      signal: this.disposal.signal,
      // Kept with the attempt, so that GET /__mock/webhook-attempts shows what this one sent.
      onSend: (headers) => {
        kept = keptHeaders(ctx.variant, headers);
      },
    });
    // Reset, imported or disposed meanwhile: the row belongs to a state that is gone (a new one
    // may reuse its seeded ids), so nothing is recorded or retried.
    if (generation !== this.generation || ctx.state.tables.deliveries.find(row.id) !== row) {
      return outcome;
    }
    this.record(row, outcome, started, kept);
    this.tellAttempt(row, url);
    return outcome;
  }

  /**
   * Tells `onAttempt` of the attempt just recorded on `row`, sent to `url`: a listener's throw or
   * rejection goes to `onError`, never into the deliveries.
   */
  private tellAttempt(row: DeliveryRow, url: string): void {
    const { onAttempt, ctx } = this.options;
    const attempt = row.attempts.at(-1);
    if (onAttempt === undefined || attempt === undefined) return;
    try {
      const active = ctx.state.tables.webhooks.find(row.webhook_id)?.active ?? false;
      const result: unknown = onAttempt(endedAttempt(row, attempt, url, active));
      if (result instanceof Promise) result.catch((error) => this.report(error));
    } catch (error) {
      this.report(error);
    }
  }

  /**
   * Reports an error to `onError`. If that throws too (a suite's `onError: (e) => { throw e }`), both
   * go to `console.error`: thrown within the webhook's lane, it stopped the lane for good and every
   * later delivery to the webhook waited behind it; thrown outside, nothing would catch it.
   */
  private report(error: unknown): void {
    try {
      this.options.onError(error);
    } catch (thrown) {
      console.error(
        '[agent-platform-mock] onError threw while reporting an error of a webhook delivery:',
        thrown,
        error,
      );
    }
  }

  /**
   * Records an attempt's outcome, and what it kept of the headers it sent (none when it sent
   * nothing), then keeps the history within its bound.
   */
  private record(
    row: DeliveryRow,
    outcome: AttemptOutcome,
    started: number,
    kept?: KeptHeaders,
  ): void {
    this.recordOutcome(row, outcome, started, kept);
    this.ledger.prune();
  }

  private recordOutcome(
    row: DeliveryRow,
    outcome: AttemptOutcome,
    started: number,
    kept: KeptHeaders | undefined,
  ): void {
    const { ctx } = this.options;
    const number = row.attempts.length + 1;
    const attempted_at = new Date(started).toISOString();
    row.attempts.push({ number, attempted_at, ...outcome, ...kept });
    if (row.status !== 'pending') {
      // Stopped (its webhook deleted or deactivated) while this attempt was in flight: it stays
      // stopped, with its reason and no retry, unless the receiver acknowledged it: then it arrived.
      if (outcome.succeeded) {
        this.ledger.end(row, 'succeeded');
        row.error = null;
      }
      return;
    }
    if (row._test) {
      this.ledger.end(row, outcome.succeeded ? 'succeeded' : 'failed');
      return;
    }
    const hook = ctx.state.tables.webhooks.find(row.webhook_id);
    if (outcome.succeeded) {
      this.ledger.end(row, 'succeeded');
      if (hook) noteSuccess(ctx, hook);
      return;
    }
    if (!hook) {
      this.fail(row, number >= MAX_ATTEMPTS ? null : 'webhook_deleted');
      return;
    }
    if (noteFailure(ctx, hook, outcome)) {
      // Nothing more goes to it: what was waiting fails now.
      for (const other of this.ledger.pendingRows(hook.id))
        if (other !== row) this.fail(other, 'webhook_deactivated');
    }
    if (number >= MAX_ATTEMPTS) this.fail(row, null);
    else if (!hook.active) this.fail(row, 'webhook_deactivated');
    else this.schedule(row, retryDelayMs(ctx.variant, number));
  }

  private fail(row: DeliveryRow, reason: DeliveryRow['error']): null {
    this.cancel(row.id);
    this.ledger.end(row, 'failed');
    row.next_attempt_at = null;
    row.error = reason;
    return null;
  }

  private cancel(id: string): void {
    const timer = this.timers.get(id);
    if (timer !== undefined) this.options.clock.clear(timer);
    this.timers.delete(id);
  }
}
