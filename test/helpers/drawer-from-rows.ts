import type Database from 'better-sqlite3';

/**
 * What the open shift's drawer should hold, summed from the journal's rows alone (never from the
 * till's own report, which the tests compare with it): float + cash taken - change + cash in - cash
 * out - cash given back. Undefined when no shift is open.
 */
export function drawerFromRows(db: Database.Database): number | undefined {
  const row = db
    .prepare(
      `SELECT sh.float_kobo
            + (SELECT coalesce(sum(t.tendered_kobo - t.change_kobo), 0) FROM tenders t WHERE t.shift_id = sh.id AND t.kind = 'cash')
            + (SELECT coalesce(sum(CASE kind WHEN 'in' THEN amount_kobo ELSE -amount_kobo END), 0) FROM cash_movements WHERE shift_id = sh.id)
            - (SELECT coalesce(sum(amount_kobo), 0) FROM corrections WHERE shift_id = sh.id AND tender = 'cash') AS expected
       FROM shifts sh WHERE sh.closed_at IS NULL`,
    )
    .get() as { expected: number } | undefined;
  return row?.expected;
}
