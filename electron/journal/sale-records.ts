import type { Kobo } from '../../shared/money';
import type { SaleKind, SaleState } from './sale-states';

import { tenderKinds } from '../../shared/sales/sale-view';

export { tenderKinds };
export type TenderKind = (typeof tenderKinds)[number];

export interface Tender {
  kind: TenderKind;
  /** What this tender pays towards the sale. */
  amountKobo: Kobo;
  /** Cash only: what the customer handed over, and what went back. */
  tenderedKobo: Kobo | null;
  changeKobo: Kobo | null;
  /** Card only: the approval code (typed from a stand-alone machine, or the integrated terminal's). */
  approvalCode: string | null;
  /** Card taken at the till's own terminal: the last four digits of the (masked) card; else null. */
  cardLast4?: string | null;
  /** Card only: paid at the till's own terminal (no approval code typed), which also gives it back by itself. */
  paidAtTerminal?: boolean;
  /** Bank transfer only: the transfer's reference. */
  transferReference: string | null;
}

export interface Sale {
  /** Also the `merchant_reference` sent to the partner. */
  id: string;
  terminalId: string;
  shiftId: number;
  /** Null for a self-service (kiosk) sale. */
  staffId: number | null;
  kind: SaleKind;
  state: SaleState;
  quoteKobo: Kobo;
  partnerAmountKobo: Kobo | null;
  /** The partner charged something other than our quote; both amounts are kept. */
  amountMismatch: boolean;
  /** The partner request body, exactly as sent. */
  request: unknown;
  /** What was sold: items, customer, dates. */
  details: unknown;
  partnerReference: string | null;
  invoiceId: string | null;
  bookingNumber: string | null;
  failureReason: string | null;
  createdAt: string;
  updatedAt: string;
  tenders: Tender[];
}

export interface SaleEvent {
  id: number;
  saleId: string;
  fromState: SaleState | null;
  toState: SaleState;
  at: string;
  detail: unknown;
}

export interface SaleRow {
  id: string;
  terminal_id: string;
  shift_id: number;
  staff_id: number | null;
  kind: SaleKind;
  state: SaleState;
  quote_kobo: number;
  partner_amount_kobo: number | null;
  amount_mismatch: number;
  request_json: string;
  details_json: string;
  partner_reference: string | null;
  invoice_id: string | null;
  booking_number: string | null;
  failure_reason: string | null;
  created_at: string;
  updated_at: string;
}

export interface TenderRow {
  kind: TenderKind;
  amount_kobo: number;
  tendered_kobo: number | null;
  change_kobo: number | null;
  approval_code: string | null;
  transfer_reference: string | null;
  /** From the approved card payment at the till's terminal, when there is one (payments-repository). */
  card_auth_code?: string | null;
  card_last4?: string | null;
}

export interface SaleEventRow {
  id: number;
  sale_id: string;
  from_state: SaleState | null;
  to_state: SaleState;
  at: string;
  detail_json: string;
}

export function toSale(row: SaleRow, tenders: TenderRow[]): Sale {
  return {
    id: row.id,
    terminalId: row.terminal_id,
    shiftId: row.shift_id,
    staffId: row.staff_id,
    kind: row.kind,
    state: row.state,
    quoteKobo: row.quote_kobo,
    partnerAmountKobo: row.partner_amount_kobo,
    amountMismatch: row.amount_mismatch === 1,
    request: JSON.parse(row.request_json),
    details: JSON.parse(row.details_json),
    partnerReference: row.partner_reference,
    invoiceId: row.invoice_id,
    bookingNumber: row.booking_number,
    // Journals written before migration 3 may hold a stale reason on a confirmed sale.
    failureReason: row.state === 'confirmed' ? null : row.failure_reason,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    tenders: tenders.map(toTender),
  };
}

export function toTender(row: TenderRow): Tender {
  return {
    kind: row.kind,
    amountKobo: row.amount_kobo,
    tenderedKobo: row.tendered_kobo,
    changeKobo: row.change_kobo,
    approvalCode: row.approval_code ?? row.card_auth_code ?? null,
    transferReference: row.transfer_reference,
    ...(row.kind === 'card' ? { cardLast4: row.card_last4 ?? null, paidAtTerminal: row.approval_code === null } : {}),
  };
}

export function toSaleEvent(row: SaleEventRow): SaleEvent {
  return { id: row.id, saleId: row.sale_id, fromState: row.from_state, toState: row.to_state, at: row.at, detail: JSON.parse(row.detail_json) };
}
