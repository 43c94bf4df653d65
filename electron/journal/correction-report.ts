import type Database from 'better-sqlite3';
import type { CorrectionTotals } from '../../shared/sales/corrections';
import type { ShiftReport } from '../../shared/sales/reports';

/** Money back with the customer: drawer, stand-alone card and transfer at once, the card terminal once it said so. */
const done = `(c.route <> 'terminal' OR EXISTS (SELECT 1 FROM correction_outcomes o WHERE o.correction_id = c.id AND o.outcome = 'done'))`;
const settled = `EXISTS (SELECT 1 FROM correction_outcomes o WHERE o.correction_id = c.id AND o.outcome <> 'unknown')`;

/** The X/Z report lines of voids, refunds and cancellations still owed; summed by SQLite from the journal. */
export function createCorrectionReporter(db: Database.Database) {
  const totals = db.prepare<[number], { kind: 'void' | 'refund'; tender: 'cash' | 'card' | 'transfer'; count: number; totalKobo: number }>(
    `SELECT k.kind, t.tender, count(c.id) AS count, coalesce(sum(c.amount_kobo), 0) AS totalKobo
     FROM (SELECT 'void' AS kind, 1 AS position UNION ALL SELECT 'refund', 2) AS k
     CROSS JOIN (SELECT 'cash' AS tender, 1 AS position UNION ALL SELECT 'card', 2 UNION ALL SELECT 'transfer', 3) AS t
     LEFT JOIN corrections c ON c.kind = k.kind AND c.tender = t.tender AND c.shift_id = ? AND ${done}
     GROUP BY k.kind, t.tender ORDER BY k.position, t.position`,
  );
  const byApprover = db.prepare<[number], CorrectionTotals['byApprover'][number]>(
    `SELECT c.approved_by AS staffId, st.name, count(*) AS count, sum(c.amount_kobo) AS totalKobo
     FROM corrections c JOIN staff st ON st.id = c.approved_by
     WHERE c.shift_id = ? AND ${done}
     GROUP BY c.approved_by ORDER BY st.name`,
  );
  const inProgress = db.prepare<[number], CorrectionTotals['inProgress']>(
    `SELECT count(*) AS count, coalesce(sum(c.amount_kobo), 0) AS totalKobo
     FROM corrections c WHERE c.shift_id = ? AND c.route = 'terminal' AND NOT ${settled}`,
  );
  const owed = db.prepare<[string], NonNullable<ShiftReport['cancellationsOwed']>[number]>(
    `SELECT k.correction_id AS correctionId, k.sale_id AS saleId, k.partner_reference AS partnerReference, c.amount_kobo AS amountKobo,
            CASE WHEN EXISTS (SELECT 1 FROM cancellation_moves m WHERE m.correction_id = k.correction_id AND m.to_state = 'agreed')
                 THEN 'agreed' ELSE 'owed' END AS state,
            k.opened_at AS openedAt
     FROM cancellations k JOIN corrections c ON c.id = k.correction_id
     WHERE k.terminal_id = ? AND NOT EXISTS (SELECT 1 FROM cancellation_moves m WHERE m.correction_id = k.correction_id AND m.to_state = 'closed')
     ORDER BY k.opened_at, k.correction_id`,
  );

  return {
    corrections(shiftId: number): CorrectionTotals {
      const rows = totals.all(shiftId);
      const sum = (kind: 'void' | 'refund') =>
        rows.filter((r) => r.kind === kind).reduce((acc, r) => ({ count: acc.count + r.count, totalKobo: acc.totalKobo + r.totalKobo }), { count: 0, totalKobo: 0 });
      return { voids: sum('void'), refunds: sum('refund'), byTender: rows, byApprover: byApprover.all(shiftId), inProgress: inProgress.get(shiftId)! };
    },
    /** Every cancellation of the terminal not yet closed, whichever shift opened it. */
    cancellationsOwed: (terminalId: string) => owed.all(terminalId),
  };
}
