import { saidError } from '../../../shared/errors';
import { fail, ok } from '../../../shared/result';
import { reportAsCsv } from '../../fleet/report-format';
import type { PosContext } from '../context';
import type { Handlers } from '../dispatch';

/** Head office: this till's shipping state, and every terminal's figures, on screen or as CSV (supervisors). */
export function createFleetHandlers(ctx: PosContext): Pick<Handlers, 'fleet:status' | 'fleet:report' | 'fleet:export' | 'fleet:set-password'> {
  const notConnected = () => fail(saidError('NOT_FOUND', 'said.fleet.notConnected'));
  return {
    async 'fleet:status'() {
      if (!ctx.fleet) return ok({ configured: false, state: 'off', unsentCount: 0, oldestUnsentAt: null, lastShippedAt: null, database: null, passwordSet: false, problem: null });
      return ok(ctx.fleet.status());
    },
    async 'fleet:set-password'({ password }) {
      if (!ctx.fleet) return notConnected();
      return ctx.fleet.setPassword(password);
    },
    async 'fleet:report'(range) {
      if (!ctx.fleet) return notConnected();
      return ctx.fleet.report(range);
    },
    // The owner takes the period's figures to a spreadsheet: the CLI's CSV, one section per table.
    async 'fleet:export'(range) {
      if (!ctx.fleet) return notConnected();
      const report = await ctx.fleet.report(range);
      if (!report.ok) return report;
      const days = range.from === range.to ? range.from : `${range.from}-to-${range.to}`;
      return ok({ fileName: `lobby-pos-all-terminals-${days}.csv`, csv: reportAsCsv(report.value, ctx.clock()) });
    },
  };
}
