import type { Result } from '../../shared/result';
import type { Dispatch } from '../app/dispatch';
import type { Pos } from '../app/create-pos';
import { createEventHub, type EventHub } from '../core/event-hub';
import type { Logger } from '../core/logger';

/** Builds a till from the settings read when it was made; `restart` is the port the till is handed. */
export type TillBuilder = (restart: () => Result<void>) => Pos;

export interface RestartableRuntime {
  /** Into whichever till is running; a call made while it restarts waits for the new one. */
  dispatch: Dispatch;
  /** The running till's screen events; a screen's stream stays subscribed across restarts. */
  events: EventHub;
  close(): Promise<void>;
}

/**
 * The preview host's till, restartable in place (Settings -> Restart now): the HTTP server, its
 * token and the page stay, and the till behind them is stopped as on closing (sales in flight
 * finish and are journaled, the journal closes) and built again from the settings as saved.
 * Electron does the same by relaunching the app; here the page only has to reload.
 *
 * `load` reads the settings again and says why they cannot start a till, so a restart is refused
 * before anything stops; `failed` is told when the new till could not be built after all (the
 * host has nothing left to serve then).
 */
export function createRestartableRuntime(options: { load: () => Result<TillBuilder>; logger: Logger; failed: (error: unknown) => void }): Result<RestartableRuntime> {
  const first = options.load();
  if (!first.ok) return first;
  const events = createEventHub();
  let ready: Promise<void> = Promise.resolve();
  let restarting = false;
  let pos: Pos;
  let unforward: () => void;

  const run = (build: TillBuilder) => {
    pos = build(restart);
    unforward = pos.screenEvents.subscribe(events.emit);
  };

  function restart(): Result<void> {
    if (restarting) return { ok: true, value: undefined };
    const next = options.load();
    if (!next.ok) return next;
    restarting = true;
    // After this answer has gone out: the call that asked is still inside the till being stopped.
    ready = new Promise<void>((resolve) => {
      setTimeout(async () => {
        unforward();
        try {
          await pos.close();
        } catch (error) {
          options.logger.error('the till did not stop cleanly before its restart', { error });
        }
        try {
          run(next.value);
          options.logger.info('the till restarted on its saved settings');
        } catch (error) {
          options.failed(error);
        }
        restarting = false;
        resolve();
      }, 100);
    });
    return { ok: true, value: undefined };
  }

  run(first.value);
  return {
    ok: true,
    value: {
      dispatch: async (channel, request) => {
        await ready;
        return pos.dispatch(channel, request);
      },
      events,
      close: async () => {
        await ready;
        await pos.close();
      },
    },
  };
}
