import { saidError } from '../../../shared/errors';
import { fail, ok } from '../../../shared/result';
import type { PosContext } from '../context';
import { pendingTillNumber } from '../till-number';
import type { Handlers } from '../dispatch';
import { withSales } from './with-sales';

type ShiftChannel = 'shift:current' | 'shift:open' | 'shift:cash' | 'shift:no-sale' | 'shift:close' | 'shift:z-report' | 'shift:z-reports';

/** Shift channels: the drawer's figures all come from the journal. */
export function createShiftHandlers(ctx: PosContext): Pick<Handlers, ShiftChannel> {
  const sales = withSales(ctx);
  return {
    'shift:current': () => sales((s) => s.shifts.current()),
    'shift:open': (input) =>
      sales((s) => {
        // A new number saved in Settings is taken at the restart: a shift opened before it would
        // be recorded under the old number and left open under it.
        const next = pendingTillNumber(ctx);
        if (next) return fail(saidError('CONFLICT', 'said.settings.tillNumberPending', { from: ctx.config.terminal.id, to: next }));
        return s.shifts.open(input);
      }),
    // Its voucher for the drawer is queued by printing in the movement's own transaction.
    'shift:cash': (input) => sales((s) => s.shifts.cash(input)),
    // Its slip (which pulses the drawer) is queued by printing in the opening's own transaction.
    'shift:no-sale': (input) =>
      sales(async (s) => {
        const report = await s.shifts.noSale(input);
        return report.ok ? ok({ report: report.value, drawerPulse: ctx.config.printer.cashDrawer !== 'off' }) : report;
      }),
    'shift:close': (input) => sales((s) => s.shifts.close(input)),
    'shift:z-report': (input) => sales((s) => s.shifts.zReport(input)),
    'shift:z-reports': (input) => sales((s) => s.shifts.zReports(input)),
  };
}
