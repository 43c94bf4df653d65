import type Database from 'better-sqlite3';
import { shiftReportSchema, zReportSchema, type ShiftReport, type ZReport } from '../../shared/sales/reports';
import { approvalCodeScheme } from '../../shared/payments/card-schemes';
import { createCorrectionReporter } from './correction-report';
import { unsettledStates } from './sale-states';

export { shiftReportSchema, zReportSchema, type ShiftReport, type ZReport };

const selfService = 'Self-service';
// Our own constants, written into the SQL as literals (no quotes inside them).
const unsettledList = unsettledStates.map((state) => `'${state}'`).join(', ');

/** Every total is summed by SQLite from the journal itself, never accumulated in memory. */
export function createShiftReporter(db: Database.Database) {
  const header = db.prepare<[number], { terminalId: string; shiftId: number; shiftNumber: number; openedAt: string; openedById: number; openedByName: string }>(
    `SELECT s.terminal_id AS terminalId, s.id AS shiftId, s.number AS shiftNumber, s.opened_at AS openedAt,
            s.opened_by AS openedById, st.name AS openedByName
     FROM shifts s JOIN staff st ON st.id = s.opened_by WHERE s.id = ?`,
  );
  const salesTotals = db.prepare<[number], ShiftReport['sales']>(
    `SELECT count(*) FILTER (WHERE state = 'confirmed') AS confirmedCount,
            coalesce(sum(quote_kobo) FILTER (WHERE state = 'confirmed'), 0) AS confirmedKobo,
            count(*) FILTER (WHERE state = 'rejected') AS rejectedCount,
            count(*) FILTER (WHERE state IN (${unsettledList})) AS unsettledCount,
            count(*) FILTER (WHERE state = 'confirmed' AND amount_mismatch = 1) AS amountMismatchCount
     FROM sales WHERE shift_id = ?`,
  );
  const byKind = db.prepare<[number], ShiftReport['byKind'][number]>(
    `SELECT k.kind, count(s.id) AS count, coalesce(sum(s.quote_kobo), 0) AS totalKobo
     FROM (SELECT 'cinema' AS kind UNION ALL SELECT 'hotel') AS k
     LEFT JOIN sales s ON s.kind = k.kind AND s.shift_id = ? AND s.state = 'confirmed'
     GROUP BY k.kind ORDER BY k.kind`,
  );
  const byTender = db.prepare<[number], ShiftReport['byTender'][number]>(
    `SELECT k.kind, count(t.id) AS count, coalesce(sum(t.amount_kobo), 0) AS totalKobo
     FROM (SELECT 'cash' AS kind, 1 AS position UNION ALL SELECT 'card', 2 UNION ALL SELECT 'transfer', 3) AS k
     LEFT JOIN (tenders t JOIN sales s ON s.id = t.sale_id AND s.state = 'confirmed') ON t.kind = k.kind AND t.shift_id = ?
     GROUP BY k.kind ORDER BY k.position`,
  );
  // The film or hotel and its units from each sale's details as written at the sale (never
  // changed after): tickets summed over its categories; a hotel's nights times its rooms.
  const byTitle = db.prepare<[number], NonNullable<ShiftReport['byTitle']>[number]>(
    `SELECT kind, title, count(*) AS count, max(0, coalesce(CAST(sum(units) AS INTEGER), 0)) AS units, sum(quote_kobo) AS totalKobo
     FROM (SELECT kind, quote_kobo,
                  coalesce(CASE kind WHEN 'cinema' THEN json_extract(details_json, '$.film.title') ELSE json_extract(details_json, '$.hotel.name') END, '') AS title,
                  CASE kind
                    WHEN 'cinema' THEN (SELECT sum(json_extract(t.value, '$.count')) FROM json_each(details_json, '$.tickets') AS t)
                    ELSE json_extract(details_json, '$.nights') * json_extract(details_json, '$.rooms')
                  END AS units
           FROM sales WHERE shift_id = ? AND state = 'confirmed')
     GROUP BY kind, title ORDER BY totalKobo DESC, kind, title`,
  );
  const byCashier = db.prepare<[number], ShiftReport['byCashier'][number]>(
    `SELECT s.staff_id AS staffId, coalesce(st.name, '${selfService}') AS name, count(*) AS count, sum(s.quote_kobo) AS totalKobo
     FROM sales s LEFT JOIN staff st ON st.id = s.staff_id
     WHERE s.shift_id = ? AND s.state = 'confirmed'
     GROUP BY s.staff_id ORDER BY name`,
  );
  // A rejected sale's cash stays in the drawer until a void gives it back; corrections' cash leaves it.
  const cash = db.prepare<[number], ShiftReport['cash']>(
    `SELECT *, floatKobo + tenderedKobo - changeKobo + rejectedCashKobo + cashInKobo - cashOutKobo - cashBackKobo AS expectedKobo FROM (
       SELECT sh.float_kobo AS floatKobo,
         (SELECT coalesce(sum(amount_kobo), 0) FROM cash_movements WHERE shift_id = sh.id AND kind = 'in') AS cashInKobo,
         (SELECT coalesce(sum(amount_kobo), 0) FROM cash_movements WHERE shift_id = sh.id AND kind = 'out') AS cashOutKobo,
         (SELECT coalesce(sum(rt.amount_kobo), 0) FROM tenders rt JOIN sales rs ON rs.id = rt.sale_id
          WHERE rt.shift_id = sh.id AND rt.kind = 'cash' AND rs.state = 'rejected') AS rejectedCashKobo,
         (SELECT coalesce(sum(amount_kobo), 0) FROM corrections WHERE shift_id = sh.id AND tender = 'cash') AS cashBackKobo,
         coalesce(sum(t.tendered_kobo) FILTER (WHERE s.id IS NOT NULL), 0) AS tenderedKobo,
         coalesce(sum(t.change_kobo) FILTER (WHERE s.id IS NOT NULL), 0) AS changeKobo,
         coalesce(sum(t.amount_kobo) FILTER (WHERE s.state = 'confirmed'), 0) AS cashSalesKobo,
         coalesce(sum(t.amount_kobo) FILTER (WHERE s.state IN (${unsettledList})), 0) AS unsettledCashKobo
       FROM shifts sh
       -- Two plain LEFT JOINs (a rejected sale's tender counted by none of the sums above), not one
       -- parenthesised join: SQLite builds that whole join, every tender of every shift, before
       -- picking this shift's (60 ms a call on a 60,000-sale journal, against an index probe).
       LEFT JOIN tenders t ON t.shift_id = sh.id AND t.kind = 'cash'
       LEFT JOIN sales s ON s.id = t.sale_id AND s.state <> 'rejected'
       WHERE sh.id = ?
       GROUP BY sh.id)`,
  );
  const movements = db.prepare<[number], ShiftReport['cashMovements'][number]>(
    `SELECT m.kind, m.amount_kobo AS amountKobo, m.reason, st.name AS staffName, ap.name AS approvedByName, m.at
     FROM cash_movements m JOIN staff st ON st.id = m.staff_id
     LEFT JOIN cash_movement_approvals a ON a.id = m.id LEFT JOIN staff ap ON ap.id = a.approved_by
     WHERE m.shift_id = ? ORDER BY m.id`,
  );
  const drawerOpenings = db.prepare<[number], NonNullable<ShiftReport['drawerOpenings']>[number]>(
    `SELECT d.id, d.reason, st.name AS staffName, ap.name AS approvedByName, d.at
     FROM drawer_openings d JOIN staff st ON st.id = d.staff_id
     LEFT JOIN drawer_opening_approvals a ON a.id = d.id LEFT JOIN staff ap ON ap.id = a.approved_by
     WHERE d.shift_id = ? ORDER BY d.id`,
  );
  const drawerLeftOpen = db.prepare<[number], NonNullable<ShiftReport['drawerLeftOpen']>[number]>(
    'SELECT opened_at AS openedAt, closed_at AS closedAt FROM drawer_left_open WHERE shift_id = ? ORDER BY id',
  );
  const unsettled = db.prepare<[number], ShiftReport['unsettled'][number]>(
    `SELECT s.id, s.state, s.kind, s.quote_kobo AS quoteKobo, s.created_at AS createdAt, coalesce(st.name, '${selfService}') AS staffName
     FROM sales s LEFT JOIN staff st ON st.id = s.staff_id
     WHERE s.shift_id = ? AND s.state IN (${unsettledList}) ORDER BY s.created_at, s.id`,
  );

  // A card tender paid at the terminal carries its scheme on the approved payment; one typed in from a stand-alone machine does not.
  const cardByScheme = db.prepare<[number], NonNullable<ShiftReport['cardByScheme']>[number]>(
    `SELECT scheme, count(*) AS count, sum(amount) AS totalKobo FROM (
       SELECT coalesce((SELECT p.scheme FROM card_payments p WHERE p.sale_id = s.id AND p.state = 'approved' ORDER BY p.attempt DESC LIMIT 1), '${approvalCodeScheme}') AS scheme,
              t.amount_kobo AS amount
       FROM tenders t JOIN sales s ON s.id = t.sale_id
       WHERE t.shift_id = ? AND t.kind = 'card' AND s.state = 'confirmed')
     GROUP BY scheme ORDER BY totalKobo DESC, scheme`,
  );
  const cardReversals = db.prepare<[number], NonNullable<ShiftReport['cardReversals']>>(
    "SELECT count(*) AS count, coalesce(sum(amount_kobo), 0) AS totalKobo FROM card_payments WHERE shift_id = ? AND state IN ('reversing', 'reversed')",
  );

  const correctionLines = createCorrectionReporter(db);

  return {
    /** Null when there is no such shift. */
    report(shiftId: number, at: Date): ShiftReport | null {
      const head = header.get(shiftId);
      if (!head) return null;
      return {
        terminalId: head.terminalId,
        shiftId: head.shiftId,
        shiftNumber: head.shiftNumber,
        openedAt: head.openedAt,
        openedBy: { id: head.openedById, name: head.openedByName },
        generatedAt: at.toISOString(),
        sales: salesTotals.get(shiftId)!,
        byKind: byKind.all(shiftId),
        byTender: byTender.all(shiftId),
        byCashier: byCashier.all(shiftId),
        byTitle: byTitle.all(shiftId),
        cash: cash.get(shiftId)!,
        cashMovements: movements.all(shiftId),
        drawerOpenings: drawerOpenings.all(shiftId),
        drawerLeftOpen: drawerLeftOpen.all(shiftId),
        unsettled: unsettled.all(shiftId),
        corrections: correctionLines.corrections(shiftId),
        cancellationsOwed: correctionLines.cancellationsOwed(head.terminalId),
        cardByScheme: cardByScheme.all(shiftId),
        cardReversals: cardReversals.get(shiftId)!,
      };
    },
  };
}
export type ShiftReporter = ReturnType<typeof createShiftReporter>;
