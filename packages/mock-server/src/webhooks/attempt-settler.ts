import { MAX_SETTLE_ROUNDS } from './schedules.js';

/**
 * What a step of the manual clock waits for: the attempts in flight (`track`), their signing in full
 * (`sign`), and their receivers within a grace of real time (`settle`).
 */
export class AttemptSettler {
  private readonly inFlight = new Set<Promise<unknown>>();
  /** The signing of attempts in flight, before they are sent. */
  private readonly signing = new Set<Promise<unknown>>();
  /** How many signings have started: `settle` tells by it whether an attempt went out in its grace. */
  private signingStarts = 0;
  /**
   * The advance of the manual clock in which a grace last ran out, and `signingStarts` then: until
   * another attempt goes out, its later steps have nothing to wait for.
   */
  private graceSpent: { advance: object; signingStarts: number } | undefined;

  /** `graceMs`: the longest real time to wait for the receivers of attempts in flight. */
  constructor(private readonly graceMs: number) {}

  /** Tracks an attempt in flight, until it ends, for `settle` to wait for. */
  track<T>(work: Promise<T>): Promise<T> {
    this.inFlight.add(work);
    return work.finally(() => this.inFlight.delete(work));
  }

  /** Tracks an attempt's signing, until it ends, for `settle` to wait for in full. */
  sign<T>(signing: Promise<T>): Promise<T> {
    this.signing.add(signing);
    this.signingStarts++;
    return signing.finally(() => this.signing.delete(signing));
  }

  /**
   * Waits for attempts in flight: for their signing (the mock's own work, slow on a loaded machine)
   * in full, so that an attempt is sent at the time it was due; then for their receivers at most
   * `graceMs` of real time from the last one sent, so that each gets the whole grace. Attempts
   * started while waiting (a receiver's reaction, delivered back to it) are waited for too, for at
   * most MAX_SETTLE_ROUNDS rounds: a receiver that answers every delivery with a new event for
   * itself would keep it waiting forever. `advance`: the manual clock's advance this is a step of;
   * once a grace has run out in it, its later steps give a grace again only to an attempt sent
   * since (so the retries that fall due behind a receiver that never answers cost no grace each).
   */
  async settle(advance?: object): Promise<void> {
    for (let round = 0; this.inFlight.size > 0 && round <= MAX_SETTLE_ROUNDS; round++) {
      while (this.signing.size > 0) await Promise.allSettled([...this.signing]);
      const { signingStarts } = this;
      const spent = this.graceSpent;
      // Its grace ran out earlier in this advance, and nothing was sent since: one turn of the event
      // loop only, for what ends without its receiver (an attempt the clock has just timed out).
      const graceMs =
        advance !== undefined && spent?.advance === advance && spent.signingStarts === signingStarts
          ? 0
          : this.graceMs;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const grace = new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), graceMs);
      });
      const settled = await Promise.race([
        Promise.allSettled([...this.inFlight]).then(() => true),
        grace,
      ]);
      clearTimeout(timer);
      // The grace ran out, and no attempt was sent meanwhile, which would be owed one of its own.
      if (!settled && this.signingStarts === signingStarts) {
        if (advance) this.graceSpent = { advance, signingStarts };
        break;
      }
    }
  }
}
