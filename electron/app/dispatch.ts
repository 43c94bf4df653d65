import {
  channels,
  isChannelName,
  type ChannelName,
  type ParsedRequestOf,
  type ResponseOf,
} from '../../shared/ipc/contract';
import { posError } from '../../shared/errors';
import { fail, type Result } from '../../shared/result';
import { validationError } from '../../shared/validation';
import type { Logger } from '../core/logger';

export type Handler<C extends ChannelName> = (
  request: ParsedRequestOf<C>,
) => Promise<Result<ResponseOf<C>>>;

/** One handler per channel; the type makes a missing channel a compile error. */
export type Handlers = { [C in ChannelName]: Handler<C> };

export type Dispatch = (channel: string, request: unknown) => Promise<Result<unknown>>;

/**
 * The single door into the services, shared by every transport (ipcMain, the preview host, tests).
 * Whatever arrives is untrusted: unknown channels and malformed requests become values, thrown
 * errors become INTERNAL with the detail kept in the log, and a handler's answer is checked
 * against the contract so a bug in main cannot send the renderer something it was not promised.
 */
export function createDispatch(handlers: Handlers, logger: Logger): Dispatch {
  return async (channel, request) => {
    if (!isChannelName(channel)) {
      return fail(posError('NOT_FOUND', `The till does not know the action "${channel}".`));
    }
    const spec = channels[channel];
    const parsed = spec.request.safeParse(request ?? {});
    if (!parsed.success) return fail(validationError(parsed.error));

    let result: Result<unknown>;
    try {
      const handler = handlers[channel] as (request: unknown) => Promise<Result<unknown>>;
      result = await handler(parsed.data);
    } catch (error) {
      logger.error('handler threw', { channel, error });
      return fail(internalError());
    }
    if (!result.ok) return result;
    const checked = spec.response.safeParse(result.value);
    if (!checked.success) {
      logger.error('handler answered outside the contract', { channel, issues: checked.error.issues });
      return fail(internalError());
    }
    return { ok: true, value: checked.data };
  };
}

const internalError = () =>
  posError('INTERNAL', 'Something went wrong inside the till and the action was not completed. Try again; if it keeps happening, call a supervisor.');
