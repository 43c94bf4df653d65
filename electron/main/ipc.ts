import type { IpcMain, WebContents } from 'electron';
import { channelNames } from '../../shared/ipc/contract';
import { ipcEventPrefix, ipcInvokePrefix } from '../../shared/ipc/api';
import { posError } from '../../shared/errors';
import { fail } from '../../shared/result';
import type { Dispatch } from '../app/dispatch';
import type { EventHub } from '../core/event-hub';
import type { Logger } from '../core/logger';
import { isTrustedSender } from './trusted-origin';

/** One ipcMain handler per contract channel; each checks who is asking before anything runs. */
export function bindIpc(options: { ipcMain: IpcMain; dispatch: Dispatch; trustedOrigins: readonly string[]; logger: Logger }) {
  for (const channel of channelNames) {
    options.ipcMain.handle(ipcInvokePrefix + channel, async (event, request: unknown) => {
      if (!isTrustedSender(event.senderFrame, options.trustedOrigins)) {
        options.logger.warn('refused IPC from an untrusted frame', { channel, url: event.senderFrame?.url });
        return fail(posError('FORBIDDEN', 'This page is not allowed to use the till.'));
      }
      return options.dispatch(channel, request);
    });
  }
  return () => channelNames.forEach((channel) => options.ipcMain.removeHandler(ipcInvokePrefix + channel));
}

/** Forwards main-side events to a window for as long as it lives. */
export function forwardEvents(events: EventHub, contents: WebContents) {
  const unsubscribe = events.subscribe((event, payload) => {
    if (!contents.isDestroyed()) contents.send(ipcEventPrefix + event, payload);
  });
  contents.once('destroyed', unsubscribe);
}
