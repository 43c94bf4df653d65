import type { Result } from '../result';
import type { ChannelName, EventName, EventPayloadOf, RequestOf, ResponseOf } from './contract';

/** The renderer's view of the contract: one method per channel, named by the channel. */
export type PosApi = {
  [C in ChannelName]: (request: RequestOf<C>) => Promise<Result<ResponseOf<C>>>;
};

export type Unsubscribe = () => void;

/** What `window.pos` is under Electron, and what the browser-preview bridge imitates. */
export type PosBridge = PosApi & {
  on<E extends EventName>(event: E, listener: (payload: EventPayloadOf<E>) => void): Unsubscribe;
};

/** Prefix of the ipcMain channel names, so ours never collide with Electron's or a library's. */
export const ipcInvokePrefix = 'pos:';
export const ipcEventPrefix = 'pos-event:';
