import type { DomainContext } from '../domain/context.js';
import { MinHeap } from '../min-heap.js';
import type { DeliveryRow } from '../store/records.js';
import { MAX_FINISHED_BODY_CHARS, MAX_FINISHED_DELIVERIES } from './schedules.js';

/**
 * The dispatcher's index of the deliveries table: the pending deliveries per webhook and the
 * finished ones by age, so that a webhook's pending deliveries are found, and the history kept
 * within its bound, without a pass over the whole table.
 */
export class DeliveryLedger {
  /**
   * The pending deliveries' ids, per webhook, oldest first: kept as deliveries are queued and
   * end (`end`), so that they are found without a pass over the whole history.
   */
  private readonly pending = new Map<string, Set<string>>();
  /** How many deliveries are pending, all webhooks together. */
  private pendingCount = 0;
  /**
   * The finished deliveries, oldest first (by creation): the history's bound drops the oldest without
   * a pass over the pending ones before them (a receiver down all day, a clock no test moves).
   */
  private readonly finished = new MinHeap<DeliveryRow>(createdBefore);
  /** The characters of the finished deliveries' bodies, together (their bound: MAX_FINISHED_BODY_CHARS). */
  private finishedChars = 0;

  constructor(private readonly ctx: DomainContext) {}

  /** Notes a delivery pending (queued, or imported so). */
  markPending(row: DeliveryRow): void {
    let ids = this.pending.get(row.webhook_id);
    if (!ids) {
      ids = new Set();
      this.pending.set(row.webhook_id, ids);
    }
    if (!ids.has(row.id)) this.pendingCount++;
    ids.add(row.id);
  }

  /** Notes a delivery imported finished: the history's bound may drop it. */
  markFinished(row: DeliveryRow): void {
    this.finished.push(row);
    this.finishedChars += row._body.length;
  }

  /** A delivery is over (`succeeded` or `failed`); it may have been over already. */
  end(row: DeliveryRow, status: 'succeeded' | 'failed'): void {
    row.status = status;
    const ids = this.pending.get(row.webhook_id);
    if (ids?.delete(row.id)) {
      this.pendingCount--;
      if (ids.size === 0) this.pending.delete(row.webhook_id);
      this.markFinished(row);
    }
  }

  /** The state is gone (reset) or replaced (import): nothing of it is pending or finished here any more. */
  forget(): void {
    this.pending.clear();
    this.pendingCount = 0;
    this.finished.clear();
    this.finishedChars = 0;
  }

  /** How many deliveries to a webhook are pending. */
  pendingSize(webhookId: string): number {
    return this.pending.get(webhookId)?.size ?? 0;
  }

  /** The pending deliveries to a webhook, oldest first. */
  pendingRows(webhookId: string): DeliveryRow[] {
    const { deliveries } = this.ctx.state.tables;
    const rows: DeliveryRow[] = [];
    for (const id of this.pending.get(webhookId) ?? []) {
      const row = deliveries.find(id);
      if (row) rows.push(row);
    }
    return rows;
  }

  /**
   * Keeps the history bounded: past MAX_FINISHED_DELIVERIES finished deliveries, or past
   * MAX_FINISHED_BODY_CHARS of their bodies together, the oldest finished ones go. Pending ones do
   * not count: a full queue must not cost finished history.
   */
  prune(): void {
    const { deliveries } = this.ctx.state.tables;
    const overSize = () => this.finishedChars > MAX_FINISHED_BODY_CHARS;
    if (deliveries.size <= MAX_FINISHED_DELIVERIES && !overSize()) return;
    let excess = deliveries.size - this.pendingCount - MAX_FINISHED_DELIVERIES;
    while (excess > 0 || overSize()) {
      const row = this.finished.pop();
      if (row === undefined) break;
      this.finishedChars -= row._body.length;
      // Only a row of the table as it is (one of a state since replaced was forgotten with it).
      if (deliveries.find(row.id) !== row) continue;
      deliveries.delete(row.id);
      excess--;
    }
  }
}

/** Creation order: the creation sequence, then the id for rows of a hand-written state that share one. */
function createdBefore(a: DeliveryRow, b: DeliveryRow): boolean {
  return a._seq < b._seq || (a._seq === b._seq && a.id < b.id);
}
