import { koboDecimalText } from '../../shared/money';
import type Database from 'better-sqlite3';
import { csvRecord, type CsvCell } from './csv';

/** One row per sale; amounts in Naira with two decimals (what an accountant's spreadsheet expects). */
const columns = [
  'sale_id', 'created_at', 'updated_at', 'terminal_id', 'shift_number', 'cashier', 'kind', 'state',
  'quote_ngn', 'partner_amount_ngn', 'amount_mismatch', 'cash_ngn', 'card_ngn', 'transfer_ngn',
  'cash_tendered_ngn', 'change_ngn', 'card_approval_codes', 'transfer_references',
  'partner_reference', 'invoice_id', 'booking_number', 'failure_reason', 'details_json',
] as const;

interface ExportRow {
  sale_id: string;
  created_at: string;
  updated_at: string;
  terminal_id: string;
  shift_number: number | null;
  cashier: string | null;
  kind: string;
  state: string;
  quote_kobo: number;
  partner_amount_kobo: number | null;
  amount_mismatch: number;
  cash_kobo: number;
  card_kobo: number;
  transfer_kobo: number;
  cash_tendered_kobo: number | null;
  change_kobo: number | null;
  card_approval_codes: string | null;
  transfer_references: string | null;
  partner_reference: string | null;
  invoice_id: string | null;
  booking_number: string | null;
  failure_reason: string | null;
  details_json: string;
}

export interface CsvExport {
  csv: string;
  rows: number;
  /** False when the file gave out part-way (a damaged journal): `csv` holds what could be read. */
  complete: boolean;
  /** Why it stopped, for staff. */
  problem?: string;
  /** What SQLite threw, for the caller to classify; never shown as is. */
  cause?: unknown;
}

/** Exactly two decimals from integer kobo: no floating point on the way out. */
export function koboToNairaText(kobo: number | null): string | null {
  return kobo === null ? null : koboDecimalText(kobo);
}

const exportQuery = `SELECT s.id AS sale_id, s.created_at, s.updated_at, s.terminal_id, sh.number AS shift_number,
       st.name AS cashier, s.kind, s.state, s.quote_kobo, s.partner_amount_kobo, s.amount_mismatch,
       coalesce((SELECT sum(amount_kobo) FROM tenders WHERE sale_id = s.id AND kind = 'cash'), 0) AS cash_kobo,
       coalesce((SELECT sum(amount_kobo) FROM tenders WHERE sale_id = s.id AND kind = 'card'), 0) AS card_kobo,
       coalesce((SELECT sum(amount_kobo) FROM tenders WHERE sale_id = s.id AND kind = 'transfer'), 0) AS transfer_kobo,
       (SELECT sum(tendered_kobo) FROM tenders WHERE sale_id = s.id AND kind = 'cash') AS cash_tendered_kobo,
       (SELECT sum(change_kobo) FROM tenders WHERE sale_id = s.id AND kind = 'cash') AS change_kobo,
       (SELECT group_concat(approval_code, '; ') FROM tenders WHERE sale_id = s.id AND kind = 'card') AS card_approval_codes,
       (SELECT group_concat(transfer_reference, '; ') FROM tenders WHERE sale_id = s.id AND kind = 'transfer') AS transfer_references,
       s.partner_reference, s.invoice_id, s.booking_number,
       CASE WHEN s.state = 'confirmed' THEN NULL ELSE s.failure_reason END AS failure_reason, s.details_json
FROM sales s LEFT JOIN shifts sh ON sh.id = s.shift_id LEFT JOIN staff st ON st.id = s.staff_id
WHERE (@from IS NULL OR s.created_at >= @from) AND (@to IS NULL OR s.created_at < @to)
ORDER BY s.created_at, s.id`;

const cells = (row: ExportRow): CsvCell[] => [
  row.sale_id, row.created_at, row.updated_at, row.terminal_id, row.shift_number, row.cashier, row.kind, row.state,
  koboToNairaText(row.quote_kobo), koboToNairaText(row.partner_amount_kobo), row.amount_mismatch,
  koboToNairaText(row.cash_kobo), koboToNairaText(row.card_kobo), koboToNairaText(row.transfer_kobo),
  koboToNairaText(row.cash_tendered_kobo), koboToNairaText(row.change_kobo), row.card_approval_codes, row.transfer_references,
  row.partner_reference, row.invoice_id, row.booking_number, row.failure_reason, row.details_json,
];

/**
 * Reads row by row so a damaged file still yields everything before the damage; only the caller
 * knows whether a partial export is acceptable (salvage) or an error (live journal). The statement
 * is prepared here, not up front, because on a damaged file even preparing it can fail.
 */
export function exportSalesCsv(db: Database.Database, range: { from?: string; to?: string }): CsvExport {
  let csv = csvRecord(columns);
  let rows = 0;
  try {
    for (const row of db.prepare<[{ from: string | null; to: string | null }], ExportRow>(exportQuery).iterate({ from: range.from ?? null, to: range.to ?? null })) {
      csv += csvRecord(cells(row));
      rows++;
    }
    return { csv, rows, complete: true };
  } catch (error) {
    const problem = `Only the first ${rows} sales could be read; the rest of the file is unreadable.`;
    return { csv, rows, complete: false, problem, cause: error };
  }
}
