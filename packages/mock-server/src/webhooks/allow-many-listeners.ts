/** What `node:events` offers to raise an EventTarget's listener limit. */
interface NodeEvents {
  setMaxListeners(n: number, ...targets: EventTarget[]): void;
}

/**
 * Lifts Node's limit of 10 listeners on `signal`, one that every webhook attempt in flight listens
 * on (and each answer's body read): past 10, Node printed "MaxListenersExceededWarning: Possible
 * EventTarget memory leak detected" on a shared mock's stderr, for listeners that all go with their
 * attempts. Elsewhere (a browser, an edge runtime) there is no such limit, and nothing to do; Node
 * before 20.16 has no getBuiltinModule, and warns as before. A runtime whose events module refuses
 * the signal leaves it as it is: a warning is no reason to fail creating the mock.
 */
export function allowManyListeners(signal: AbortSignal): void {
  const { process } = globalThis as {
    process?: { getBuiltinModule?: (id: string) => unknown };
  };
  try {
    const events = process?.getBuiltinModule?.('node:events') as NodeEvents | undefined;
    events?.setMaxListeners(0, signal);
  } catch {
    // as documented above
  }
}
