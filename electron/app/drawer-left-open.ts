import { drawerLeftOpenMs } from '../../shared/printing/cash-drawer';
import type { PrinterStatusView } from '../../shared/printing/printer-status';
import type { EventHub } from '../core/event-hub';
import type { Logger } from '../core/logger';
import type { Journal } from '../journal';

/**
 * Writes down each time the cash drawer was left open a minute or more (`printer.drawerSensor`),
 * once it is shut, in the open shift: the X and Z reports count them. The printer's watch says
 * "open, since …" and then "closed"; a drawer still open at a restart or never read shut is not
 * recorded (there is no end to it yet). Wired here, in the composition root, because it joins the
 * printer's readings to the shift's journal.
 */
export function recordDrawerLeftOpen(deps: { events: EventHub; journal: Journal; logger: Logger; leftOpenMs?: number }): () => void {
  const leftOpenMs = deps.leftOpenMs ?? drawerLeftOpenMs;
  let openSince: string | null = null;
  return deps.events.subscribe((event, payload) => {
    if (event !== 'printer:status-changed') return;
    const view = payload as PrinterStatusView;
    if (view.drawer === 'open' && view.drawerOpenSince) openSince = view.drawerOpenSince;
    if (view.drawer !== 'closed' || openSince === null || view.checkedAt === null) return;
    const openedAt = openSince;
    openSince = null;
    if (Date.parse(view.checkedAt) - Date.parse(openedAt) < leftOpenMs) return;
    const recorded = deps.journal.shifts.recordDrawerLeftOpen({ openedAt, closedAt: view.checkedAt });
    // Outside a shift (a drawer opened with its key after the close) there is no report to count it on.
    if (!recorded.ok) deps.logger.warn('the drawer left open was not recorded', { code: recorded.error.code, reason: recorded.error.message, openedAt });
  });
}
