import { drawerLeftOpenMs } from '../../shared/printing/cash-drawer';
import type { PrinterStatusView } from '../../shared/printing/printer-status';
import type { EventHub } from '../core/event-hub';
import type { Logger } from '../core/logger';
import type { Journal } from '../journal';
import type { DrawerWatchPort } from '../sales/drawer-watch-port';

/**
 * Writes down each time the cash drawer was left open a minute or more (`printer.drawerSensor`)
 * in the open shift: the X and Z reports count them. The printer's watch says "open, since …" and
 * then "closed", and the time is written once it is shut; a drawer still standing open when the
 * shift closes or the till stops is written down then, until that moment (`leftOpenUntil`), and
 * what stays open after it counts afresh from there (in the next shift, or from the first reading
 * after the restart). Wired here, in the composition root, because it joins the printer's readings
 * to the shift's journal; selling reaches it through its DrawerWatchPort.
 */
export function recordDrawerLeftOpen(deps: { events: EventHub; journal: Journal; logger: Logger; leftOpenMs?: number }): DrawerWatchPort {
  const leftOpenMs = deps.leftOpenMs ?? drawerLeftOpenMs;
  let openSince: string | null = null;
  const record = (until: string, why: 'shut' | 'still open') => {
    const openedAt = openSince;
    if (openedAt === null || Date.parse(until) - Date.parse(openedAt) < leftOpenMs) return;
    const recorded = deps.journal.shifts.recordDrawerLeftOpen({ openedAt, closedAt: until });
    // Outside a shift (a drawer opened with its key after the close) there is no report to count it on.
    if (!recorded.ok) deps.logger.warn('the drawer left open was not recorded', { code: recorded.error.code, reason: recorded.error.message, openedAt, why });
  };
  deps.events.subscribe((event, payload) => {
    if (event !== 'printer:status-changed') return;
    const view = payload as PrinterStatusView;
    // Its first reading open, or the watch's own "since" (kept from reading to reading); not
    // earlier than a close that already counted the time before it.
    if (view.drawer === 'open' && view.drawerOpenSince && (openSince === null || view.drawerOpenSince > openSince)) openSince = view.drawerOpenSince;
    if (view.drawer !== 'closed' || openSince === null || view.checkedAt === null) return;
    record(view.checkedAt, 'shut');
    openSince = null;
  });
  return {
    leftOpenUntil(at) {
      if (openSince === null) return;
      const until = at.toISOString();
      record(until, 'still open');
      openSince = until;
    },
  };
}
