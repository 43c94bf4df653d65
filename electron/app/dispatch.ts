import {
  channels,
  isChannelName,
  type ChannelName,
  type ParsedRequestOf,
  type ResponseOf,
} from '../../shared/ipc/contract';
import { posError, saidError } from '../../shared/errors';
import { fail, type Result } from '../../shared/result';
import { validationError } from '../../shared/validation';
import type { Logger } from '../core/logger';
import type { AccessGate, Caller } from './access-gate';

export type { Caller } from './access-gate';

/** A channel's implementation: the parsed request, and who dispatch found is calling (already admitted). */
export type Handler<C extends ChannelName> = (
  request: ParsedRequestOf<C>,
  caller: Caller,
) => Promise<Result<ResponseOf<C>>>;

/** One handler per channel; the type makes a missing channel a compile error. */
export type Handlers = { [C in ChannelName]: Handler<C> };

export type Dispatch = (channel: string, request: unknown) => Promise<Result<unknown>>;

/**
 * The single door into the services, shared by every transport (ipcMain, the preview host, tests).
 * Whatever arrives is untrusted: unknown channels, callers the channel's access rule does not admit
 * and malformed requests become values; thrown errors become INTERNAL with the detail kept in the
 * log; and a handler's answer is checked against the contract so a bug in main cannot send the
 * renderer something it was not promised. Handlers therefore never check who is calling.
 */
export function createDispatch(handlers: Handlers, logger: Logger, gate: AccessGate): Dispatch {
  return async (channel, request) => {
    try {
      if (typeof channel !== 'string' || !isChannelName(channel)) {
        return fail(posError('NOT_FOUND', `The till does not know the action "${String(channel).slice(0, 80)}".`));
      }
      const spec = channels[channel];
      const admitted = gate.admit(channel);
      if (!admitted.ok) return admitted;
      const caller = admitted.value;

      const parsed = spec.request.safeParse(request ?? {});
      if (!parsed.success) return fail(validationError(parsed.error));
      const owned = gate.owns(channel, parsed.data, caller);
      if (!owned.ok) return owned;

      const handler = handlers[channel] as (request: unknown, caller: Caller) => Promise<Result<unknown>>;
      const result = await handler(parsed.data, caller);
      gate.settled(channel, parsed.data, result, caller);
      if (!result.ok) return result;
      const checked = spec.response.safeParse(result.value);
      if (!checked.success) {
        logger.error('handler answered outside the contract', { channel, issues: checked.error.issues });
        return fail(internalError());
      }
      return { ok: true, value: checked.data };
    } catch (error) {
      logger.error('handler threw', { channel: String(channel).slice(0, 80), error });
      return fail(internalError());
    }
  };
}

const internalError = () => saidError('INTERNAL', 'said.internal');
