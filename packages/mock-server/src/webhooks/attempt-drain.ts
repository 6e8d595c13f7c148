/**
 * A dispatcher's graceful close: once `drain` has begun, `closing` says that no attempt starts any
 * more, and `drain` waits for the attempts already sent, each held (`hold`) until it is recorded.
 */
export class AttemptDrain {
  /** The attempts sent and not yet recorded (`drain` waits for them), each until it is recorded. */
  private readonly sending = new Set<Promise<unknown>>();
  private draining = false;

  /** Set by `drain`: no attempt starts any more, those already sent go on. */
  get closing(): boolean {
    return this.draining;
  }

  /** Holds a sent attempt, until it is recorded, for `drain` to wait for. */
  hold<T>(sent: Promise<T>): Promise<T> {
    this.sending.add(sent);
    return sent.finally(() => this.sending.delete(sent));
  }

  /**
   * Closes (`closing`), and resolves once the attempts held are settled; when `deadline` aborts
   * first, calls `cut` (which ends them) and resolves.
   */
  async drain(deadline: AbortSignal, cut: () => void): Promise<void> {
    this.draining = true;
    if (deadline.aborted) return cut();
    const aborted = new Promise<void>((resolve) => {
      deadline.addEventListener('abort', () => resolve(), { once: true });
    });
    deadline.addEventListener('abort', cut, { once: true });
    try {
      while (this.sending.size > 0 && !deadline.aborted) {
        await Promise.race([Promise.allSettled([...this.sending]), aborted]);
      }
    } finally {
      deadline.removeEventListener('abort', cut);
    }
  }
}
