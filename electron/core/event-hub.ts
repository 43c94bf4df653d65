import type { EventName, EventPayloadOf } from '../../shared/ipc/contract';

export type EventListener = <E extends EventName>(event: E, payload: EventPayloadOf<E>) => void;

/** Fan-out of main-side events to whichever transports are attached (IPC windows, SSE clients). */
export interface EventHub {
  emit<E extends EventName>(event: E, payload: EventPayloadOf<E>): void;
  subscribe(listener: EventListener): () => void;
}

export function createEventHub(): EventHub {
  const listeners = new Set<EventListener>();
  return {
    emit(event, payload) {
      for (const listener of listeners) listener(event, payload);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
