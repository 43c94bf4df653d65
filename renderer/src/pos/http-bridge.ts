import { channelNames, isEventName, type EventName, type EventPayloadOf } from '@shared/ipc/contract';
import type { PosApi, PosBridge } from '@shared/ipc/api';
import { posError } from '@shared/errors';
import type { Result } from '@shared/result';

/**
 * The browser-preview stand-in for Electron's preload: the same PosBridge, carried over HTTP to
 * the loopback host. A network failure becomes a Result like any other, never an exception.
 */
export function createHttpBridge(options: { baseUrl: string; token: string; fetch?: typeof fetch }): PosBridge {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const headers = { 'Content-Type': 'application/json', Authorization: `Bearer ${options.token}` };

  const call = async (channel: string, request: unknown): Promise<Result<unknown>> => {
    let response: Response;
    try {
      response = await doFetch(new URL(`rpc/${channel}`, options.baseUrl), { method: 'POST', headers, body: JSON.stringify(request ?? {}) });
    } catch {
      return { ok: false, error: posError('INTERNAL', 'This screen lost its connection to the till. Check that Lobby POS is still running, then try again.') };
    }
    try {
      return (await response.json()) as Result<unknown>;
    } catch {
      return { ok: false, error: posError('INTERNAL', `The till answered in a way this screen cannot read (HTTP ${response.status}).`) };
    }
  };

  const api = Object.fromEntries(channelNames.map((name) => [name, (request: unknown) => call(name, request)])) as PosApi;
  const listeners = new Map<EventName, Set<(payload: never) => void>>();
  let stream: AbortController | null = null;

  const openStream = () => {
    stream = new AbortController();
    const signal = stream.signal;
    void (async () => {
      // Reconnect with a pause so a restarting till is picked up again without a reload.
      while (!signal.aborted) {
        try {
          const response = await doFetch(new URL('events', options.baseUrl), { headers, signal });
          if (!response.body) throw new Error('no stream');
          await readEvents(response.body, (event, data) => {
            if (!isEventName(event)) return;
            for (const listener of listeners.get(event) ?? []) listener(JSON.parse(data) as never);
          });
        } catch {
          /* fall through to the pause */
        }
        await new Promise((resolve) => setTimeout(resolve, 2000));
      }
    })();
  };

  return {
    ...api,
    on<E extends EventName>(event: E, listener: (payload: EventPayloadOf<E>) => void) {
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set);
      set.add(listener as (payload: never) => void);
      if (!stream) openStream();
      return () => {
        set.delete(listener as (payload: never) => void);
        if ([...listeners.values()].every((s) => s.size === 0)) {
          stream?.abort();
          stream = null;
        }
      };
    },
  };
}

async function readEvents(body: ReadableStream<Uint8Array>, onEvent: (event: string, data: string) => void) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: (.+)$/m.exec(block)?.[1];
      const data = /^data: (.+)$/m.exec(block)?.[1];
      if (event && data) onEvent(event, data);
    }
  }
}
