import { saidError } from '../../../shared/errors';
import { fail } from '../../../shared/result';
import type { PosContext } from '../context';
import { pendingTillNumber } from '../till-number';
import type { Handlers } from '../dispatch';
import { withSales } from './with-sales';
import { printCashMovementSlip } from '../cash-movement-slip';

type ShiftChannel = 'shift:current' | 'shift:open' | 'shift:cash' | 'shift:close' | 'shift:z-report' | 'shift:z-reports';

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
    'shift:cash': async (input) => {
      const moved = await sales((s) => s.shifts.cash(input));
      // The voucher goes into the drawer for the cash; the movement stands whatever the printer does.
      if (moved.ok && ctx.printing.ok && ctx.sales.ok) {
        const who = ctx.sales.value.staff.status();
        const name = who.ok && who.value.signedIn ? who.value.signedIn.name : 'Staff';
        void printCashMovementSlip({ printing: ctx.printing.value, config: ctx.config, logger: ctx.logger, clock: ctx.clock }, input, moved.value, name);
      }
      return moved;
    },
    'shift:close': (input) => sales((s) => s.shifts.close(input)),
    'shift:z-report': (input) => sales((s) => s.shifts.zReport(input)),
    'shift:z-reports': (input) => sales((s) => s.shifts.zReports(input)),
  };
}
