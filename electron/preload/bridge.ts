import type { IpcRenderer } from 'electron';
import { channelNames, isEventName, type EventName, type EventPayloadOf } from '../../shared/ipc/contract';
import { ipcEventPrefix, ipcInvokePrefix, type PosApi, type PosBridge } from '../../shared/ipc/api';

/**
 * Builds `window.pos` from the contract: one method per channel and `on` for events, nothing else.
 * Listeners get the payload only, never Electron's event object (it carries `sender`).
 */
export function createPreloadBridge(ipc: Pick<IpcRenderer, 'invoke' | 'on' | 'removeListener'>): PosBridge {
  const api = Object.fromEntries(
    channelNames.map((channel) => [channel, (request: unknown) => ipc.invoke(ipcInvokePrefix + channel, request ?? {})]),
  ) as PosApi;
  return {
    ...api,
    on<E extends EventName>(event: E, listener: (payload: EventPayloadOf<E>) => void) {
      if (!isEventName(event)) throw new Error(`unknown event ${String(event)}`);
      const wrapped = (_event: unknown, payload: EventPayloadOf<E>) => listener(payload);
      ipc.on(ipcEventPrefix + event, wrapped);
      return () => {
        ipc.removeListener(ipcEventPrefix + event, wrapped);
      };
    },
  };
}
