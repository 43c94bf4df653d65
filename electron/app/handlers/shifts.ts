import type { PosContext } from '../context';
import type { Handlers } from '../dispatch';
import { withSales } from './with-sales';

type ShiftChannel = 'shift:current' | 'shift:open' | 'shift:cash' | 'shift:close' | 'shift:z-report' | 'shift:z-reports';

/** Shift channels: the drawer's figures all come from the journal. */
export function createShiftHandlers(ctx: PosContext): Pick<Handlers, ShiftChannel> {
  const sales = withSales(ctx);
  return {
    'shift:current': () => sales((s) => s.shifts.current()),
    'shift:open': (input) => sales((s) => s.shifts.open(input)),
    'shift:cash': (input) => sales((s) => s.shifts.cash(input)),
    'shift:close': (input) => sales((s) => s.shifts.close(input)),
    'shift:z-report': (input) => sales((s) => s.shifts.zReport(input)),
    'shift:z-reports': (input) => sales((s) => s.shifts.zReports(input)),
  };
}
