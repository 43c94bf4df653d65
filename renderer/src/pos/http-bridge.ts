import { channelNames, isEventName, type EventName, type EventPayloadOf } from '@shared/ipc/contract';
import type { PosApi, PosBridge } from '@shared/ipc/api';
import { posError } from '@shared/errors';
import type { Result } from '@shared/result';
import { readServerSentEvents } from '@shared/ipc/server-sent-events';

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
          await readServerSentEvents(response.body, (event, data) => {
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
