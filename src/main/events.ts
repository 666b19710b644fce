import type { EventName, EventPayload } from '../shared/ipc';

export type EventListener = (name: EventName, payload: unknown) => void;

/** Main-side fan-out of contract events to whichever transports are attached. */
export class EventHub {
  private readonly listeners = new Set<EventListener>();

  emit<E extends EventName>(name: E, payload: EventPayload<E>): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(name, payload);
      } catch {
        // One broken transport must not stop the others from hearing the event.
      }
    }
  }

  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get size(): number {
    return this.listeners.size;
  }
}
