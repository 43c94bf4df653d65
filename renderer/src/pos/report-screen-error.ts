import type { PosBridge } from '@shared/ipc/api';

/** An error that broke a screen, to the till's log (`app:report-error`); a failure to send it is not a second error. */
export function reportScreenError(pos: Pick<PosBridge, 'app:report-error'>) {
  return (screen: string, error: unknown) => {
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    const stack = error instanceof Error && error.stack ? error.stack : undefined;
    void pos['app:report-error']({ screen, message, ...(stack && { stack }) }).catch(() => {});
  };
}

/** Most page errors one page sends to the log: a fault in a loop must not fill it. */
const mostPageErrors = 50;

/**
 * Errors no screen catches (a button's handler, a promise nobody waited for) to the till's log
 * as well: a boundary sees only errors while drawing. Only real errors: the browser's own notices
 * (a ResizeObserver loop) come without one.
 */
export function watchPageErrors(target: Pick<Window, 'addEventListener'>, report: (screen: string, error: unknown) => void) {
  let sent = 0;
  const send = (where: string, error: unknown) => {
    if (!(error instanceof Error) || sent >= mostPageErrors) return;
    sent += 1;
    report(where, error);
  };
  target.addEventListener('error', (event) => send('page', event.error));
  target.addEventListener('unhandledrejection', (event) => send('page (a promise)', event.reason));
}
