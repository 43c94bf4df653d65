import { koboDecimalText } from '../../shared/money';
import { lagosDateTimeText } from '../../shared/dates';
import type Database from 'better-sqlite3';
import { csvRecord, type CsvCell } from './csv';

/**
 * One row per sale, and one per void or refund (`record`), linked to its sale by `sale_id`; amounts
 * in Naira with two decimals (what an accountant's spreadsheet expects). Every money column sums
 * honestly down the file: each row carries only the money it moved itself. A sale row has what was
 * taken in its tender's column (`cash_ngn`, `card_ngn`, `transfer_ngn`; at the till's own terminal,
 * what it approved and did not reverse) and nothing in
 * `given_back_ngn`; a void or refund row has the money it gave back as a negative amount in its
 * tender's column and as a positive one in `given_back_ngn`, who asked (`cashier`) and who
 * approved, and the cancellation the partner owes for a refund. A refund through the card terminal
 * moves money only once the terminal says it is done (`money_state`): until then, and if it
 * failed, its money columns are 0.00, as on the X and Z reports, and `correction_amount_ngn` says
 * what was asked (that column is for reading, not summing). `created_at` is the instant (UTC, ISO
 * 8601); `created_at_lagos` the same as Lagos's clock showed it, as on the receipt, so a sale at
 * 00:30 in Lagos falls on its Lagos day in a spreadsheet.
 */
const columns = [
  'sale_id', 'created_at', 'created_at_lagos', 'updated_at', 'terminal_id', 'shift_number', 'cashier', 'kind', 'state',
  'quote_ngn', 'partner_amount_ngn', 'amount_mismatch', 'cash_ngn', 'card_ngn', 'transfer_ngn',
  'cash_tendered_ngn', 'change_ngn', 'card_approval_codes', 'transfer_references',
  'partner_reference', 'invoice_id', 'booking_number', 'failure_reason', 'details_json',
  'record', 'correction_id', 'approved_by', 'correction_reason', 'correction_note', 'given_back_items', 'money_route', 'money_state',
  'terminal_reference', 'given_back_ngn', 'cancellation_state', 'cancellation_agreed_by', 'cancellation_channel', 'cancellation_fee_ngn',
  'card_scheme', 'card_masked_pan', 'card_auth_code', 'card_payment_reference', 'card_terminal_reference', 'card_payment_state', 'card_attempts', 'card_reversed_ngn',
  'correction_amount_ngn',
] as const;

/**
 * UTF-8's byte-order mark, first in the file: without it Excel reads the CSV as the PC's legacy code
 * page and garbles "·", "₦" and accented names. Readers of the file skip it (RFC 4180 readers and
 * spreadsheets do; `test/helpers/csv-reader.ts` does).
 */
export const CSV_BYTE_ORDER_MARK = '\uFEFF';

/** A sale's card payments at an integrated terminal (journals from before card terminals have none). */
interface CardPaymentRow {
  reference: string;
  state: string;
  scheme: string | null;
  masked_pan: string | null;
  auth_code: string | null;
  terminal_reference: string | null;
  amount_kobo: number;
}

/**
 * A sale paid at the till's own terminal: the card money it holds is what the terminal approved and
 * has not reversed. A card never charged (cancelled, declined: say the till restarted while the
 * terminal waited) or given back by the reversal of a sale the partner did not make moved nothing,
 * as on the X and Z reports; its tender's amount alone would count it in `card_ngn`.
 */
function cardKeptKobo(payments: CardPaymentRow[]): number {
  return payments.filter((p) => p.state === 'approved' || p.state === 'reversing').reduce((sum, p) => sum + p.amount_kobo, 0);
}

/** The payment that took the money (approved, or given back) or else the last attempt; how many attempts; what went back. */
function cardCells(payments: CardPaymentRow[]): CsvCell[] {
  if (payments.length === 0) return [null, null, null, null, null, null, null, null];
  const charged = payments.find((p) => p.state === 'approved' || p.state === 'reversing' || p.state === 'reversed') ?? payments.at(-1)!;
  const reversed = payments.filter((p) => p.state === 'reversed').reduce((sum, p) => sum + p.amount_kobo, 0);
  return [charged.scheme, charged.masked_pan, charged.auth_code, charged.reference, charged.terminal_reference, charged.state, payments.length, reversed > 0 ? koboToNairaText(reversed) : null];
}

interface ExportRow {
  sale_id: string;
  created_at: string;
  updated_at: string;
  terminal_id: string;
  shift_number: number | null;
  cashier: string | null;
  kind: string;
  state: string;
  quote_kobo: number | null;
  partner_amount_kobo: number | null;
  amount_mismatch: number | null;
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
  record: 'sale' | 'void' | 'refund';
  correction_id: string | null;
  approved_by: string | null;
  correction_reason: string | null;
  correction_note: string | null;
  lines_json: string | null;
  sale_details_json: string | null;
  money_route: string | null;
  money_state: string | null;
  terminal_reference: string | null;
  given_back_kobo: number | null;
  cancellation_state: string | null;
  cancellation_agreed_by: string | null;
  cancellation_channel: string | null;
  cancellation_fee_kobo: number | null;
  correction_amount_kobo: number | null;
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

const salesPart = `SELECT s.id AS sale_id, s.created_at, s.updated_at, s.terminal_id, sh.number AS shift_number,
       st.name AS cashier, s.kind, s.state, s.quote_kobo, s.partner_amount_kobo, s.amount_mismatch,
       coalesce((SELECT sum(amount_kobo) FROM tenders WHERE sale_id = s.id AND kind = 'cash'), 0) AS cash_kobo,
       coalesce((SELECT sum(amount_kobo) FROM tenders WHERE sale_id = s.id AND kind = 'card'), 0) AS card_kobo,
       coalesce((SELECT sum(amount_kobo) FROM tenders WHERE sale_id = s.id AND kind = 'transfer'), 0) AS transfer_kobo,
       (SELECT sum(tendered_kobo) FROM tenders WHERE sale_id = s.id AND kind = 'cash') AS cash_tendered_kobo,
       (SELECT sum(change_kobo) FROM tenders WHERE sale_id = s.id AND kind = 'cash') AS change_kobo,
       (SELECT group_concat(approval_code, '; ') FROM tenders WHERE sale_id = s.id AND kind = 'card') AS card_approval_codes,
       (SELECT group_concat(transfer_reference, '; ') FROM tenders WHERE sale_id = s.id AND kind = 'transfer') AS transfer_references,
       s.partner_reference, s.invoice_id, s.booking_number,
       CASE WHEN s.state = 'confirmed' THEN NULL ELSE s.failure_reason END AS failure_reason, s.details_json,
       'sale' AS record, NULL AS correction_id, NULL AS approved_by, NULL AS correction_reason, NULL AS correction_note,
       NULL AS lines_json, NULL AS sale_details_json, NULL AS money_route, NULL AS money_state, NULL AS terminal_reference,
       NULL AS given_back_kobo,
       NULL AS cancellation_state, NULL AS cancellation_agreed_by, NULL AS cancellation_channel, NULL AS cancellation_fee_kobo,
       NULL AS correction_amount_kobo
FROM sales s LEFT JOIN shifts sh ON sh.id = s.shift_id LEFT JOIN staff st ON st.id = s.staff_id
WHERE (@from IS NULL OR s.created_at >= @from) AND (@to IS NULL OR s.created_at < @to)`;

/** Whether a void's or refund's money has moved: at once by hand (drawer, stand-alone card, transfer); through the terminal once it said done. */
const moneyState = `CASE WHEN c.route <> 'terminal' THEN 'done' WHEN f.outcome IS NOT NULL THEN f.outcome
            WHEN EXISTS (SELECT 1 FROM correction_outcomes u WHERE u.correction_id = c.id) THEN 'unknown' ELSE 'pending' END`;
/** The money a void or refund row moved: its amount once done, else nothing. */
const moved = `CASE WHEN (${moneyState}) = 'done' THEN c.amount_kobo ELSE 0 END`;

/** Voids and refunds made in the range, each linked to its sale (journals from before they existed have none). */
const correctionsPart = `SELECT c.sale_id, c.created_at, coalesce(f.at, c.created_at) AS updated_at, c.terminal_id, sh.number AS shift_number,
       a.name AS cashier, s.kind, s.state, NULL AS quote_kobo, NULL AS partner_amount_kobo, NULL AS amount_mismatch,
       CASE c.tender WHEN 'cash' THEN -${moved} ELSE 0 END AS cash_kobo,
       CASE c.tender WHEN 'card' THEN -${moved} ELSE 0 END AS card_kobo,
       CASE c.tender WHEN 'transfer' THEN -${moved} ELSE 0 END AS transfer_kobo,
       NULL AS cash_tendered_kobo, NULL AS change_kobo, c.approval_code AS card_approval_codes, c.transfer_reference AS transfer_references,
       s.partner_reference, s.invoice_id, s.booking_number,
       CASE WHEN f.outcome = 'failed' THEN f.detail END AS failure_reason, NULL AS details_json,
       c.kind AS record, c.id AS correction_id, p.name AS approved_by, c.reason AS correction_reason, c.note AS correction_note,
       c.lines_json, s.details_json AS sale_details_json, c.route AS money_route,
       ${moneyState} AS money_state,
       f.terminal_reference, ${moved} AS given_back_kobo,
       CASE WHEN k.correction_id IS NULL THEN NULL
            WHEN EXISTS (SELECT 1 FROM cancellation_moves m WHERE m.correction_id = c.id AND m.to_state = 'closed') THEN 'closed'
            WHEN ag.id IS NOT NULL THEN 'agreed' ELSE 'owed' END AS cancellation_state,
       ag.agreed_by_name AS cancellation_agreed_by, ag.agreed_channel AS cancellation_channel, ag.fee_withheld_kobo AS cancellation_fee_kobo,
       c.amount_kobo AS correction_amount_kobo
FROM corrections c
JOIN sales s ON s.id = c.sale_id
LEFT JOIN shifts sh ON sh.id = c.shift_id
LEFT JOIN staff a ON a.id = c.asked_by
LEFT JOIN staff p ON p.id = c.approved_by
LEFT JOIN correction_outcomes f ON f.correction_id = c.id AND f.outcome <> 'unknown'
LEFT JOIN cancellations k ON k.correction_id = c.id
LEFT JOIN cancellation_moves ag ON ag.correction_id = c.id AND ag.to_state = 'agreed'
WHERE (@from IS NULL OR c.created_at >= @from) AND (@to IS NULL OR c.created_at < @to)`;

const exportQuery = (withCorrections: boolean) =>
  withCorrections
    ? `SELECT * FROM (${salesPart} UNION ALL ${correctionsPart}) ORDER BY created_at, record <> 'sale', sale_id, correction_id`
    : `${salesPart} ORDER BY s.created_at, s.id`;

/** "2 x Regular; 1 x VIP": the items a refund took back, by the sale's own labels. */
function itemsText(linesJson: string | null, saleDetailsJson: string | null): string | null {
  if (linesJson === null) return null;
  try {
    const lines = JSON.parse(linesJson) as { line: number; quantity: number }[];
    const labels = ((saleDetailsJson ? JSON.parse(saleDetailsJson) : {}) as { lines?: { label?: string }[] }).lines ?? [];
    return lines.map((l) => `${l.quantity} x ${labels[l.line]?.label ?? `line ${l.line + 1}`}`).join('; ') || null;
  } catch {
    return null;
  }
}

const cells = (row: ExportRow): CsvCell[] => [
  row.sale_id, row.created_at, lagosDateTimeText(row.created_at), row.updated_at, row.terminal_id, row.shift_number, row.cashier, row.kind, row.state,
  koboToNairaText(row.quote_kobo), koboToNairaText(row.partner_amount_kobo), row.amount_mismatch,
  koboToNairaText(row.cash_kobo), koboToNairaText(row.card_kobo), koboToNairaText(row.transfer_kobo),
  koboToNairaText(row.cash_tendered_kobo), koboToNairaText(row.change_kobo), row.card_approval_codes, row.transfer_references,
  row.partner_reference, row.invoice_id, row.booking_number, row.failure_reason, row.details_json,
  row.record, row.correction_id, row.approved_by, row.correction_reason, row.correction_note, itemsText(row.lines_json, row.sale_details_json),
  row.money_route, row.money_state, row.terminal_reference, koboToNairaText(row.given_back_kobo), row.cancellation_state,
  row.cancellation_agreed_by, row.cancellation_channel, koboToNairaText(row.cancellation_fee_kobo),
];

/**
 * Reads row by row so a damaged file still yields everything before the damage; only the caller
 * knows whether a partial export is acceptable (salvage) or an error (live journal). The statement
 * is prepared here, not up front, because on a damaged file even preparing it can fail.
 */
export function exportSalesCsv(db: Database.Database, range: { from?: string; to?: string }): CsvExport {
  let csv = CSV_BYTE_ORDER_MARK + csvRecord(columns);
  let rows = 0;
  try {
    const withCorrections = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'corrections'").get() !== undefined;
    const withPayments = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'card_payments'").get() !== undefined;
    const paymentsOf = withPayments
      ? db.prepare<[string], CardPaymentRow>('SELECT reference, state, scheme, masked_pan, auth_code, terminal_reference, amount_kobo FROM card_payments WHERE sale_id = ? ORDER BY attempt')
      : null;
    for (const row of db.prepare<[{ from: string | null; to: string | null }], ExportRow>(exportQuery(withCorrections)).iterate({ from: range.from ?? null, to: range.to ?? null })) {
      const payments = row.record === 'sale' && paymentsOf ? paymentsOf.all(row.sale_id) : [];
      csv += csvRecord([...cells(payments.length > 0 ? { ...row, card_kobo: cardKeptKobo(payments) } : row), ...cardCells(payments), koboToNairaText(row.correction_amount_kobo)]);
      rows++;
    }
    return { csv, rows, complete: true };
  } catch (error) {
    const problem = `Only the first ${rows} rows could be read; the rest of the file is unreadable.`;
    return { csv, rows, complete: false, problem, cause: error };
  }
}
