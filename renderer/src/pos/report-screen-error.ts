import type { PosBridge } from '@shared/ipc/api';

/** An error that broke a screen, to the till's log (`app:report-error`); a failure to send it is not a second error. */
export function reportScreenError(pos: Pick<PosBridge, 'app:report-error'>) {
  return (screen: string, error: unknown) => {
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    const stack = error instanceof Error && error.stack ? error.stack : undefined;
    void pos['app:report-error']({ screen, message, ...(stack && { stack }) }).catch(() => {});
  };
}
