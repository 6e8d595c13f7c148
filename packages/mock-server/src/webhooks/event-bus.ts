/** An event as the mock emits it, named in the active variant's vocabulary. */
export interface DomainEvent {
  /** Unique per event (the `event_id` of Variant B deliveries). */
  id: string;
  /** The variant's event name, e.g. `conversation.created`. */
  event: string;
  /** The workspace it happened in: its webhooks get it. */
  workspace_id: string;
  /** When it happened, on the mock's clock. */
  timestamp: string;
  /** The affected resource in its API shape; read-only (nested values may be the store's own objects). */
  data: unknown;
}

/** A function that hears every event; what it returns is ignored, but a promise that rejects is reported. */
export type EventListener = (event: DomainEvent) => unknown;

/** The one emitter every state change goes through; webhooks and tests listen here. */
export class EventBus {
  private readonly listeners = new Set<EventListener>();

  /** Calls `listener` for each event from now on; returns the function that stops it. */
  on(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Hands an event to every listener, in the order they subscribed. */
  emit(event: DomainEvent): void {
    for (const listener of this.listeners) listener(event);
  }
}
