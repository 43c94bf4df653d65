import type Database from 'better-sqlite3';
import { z } from 'zod';
import { posError, saidError } from '../../shared/errors';
import { koboSchema } from '../../shared/money';
import { legalPaymentMoves, paymentStates, type PaymentState } from '../../shared/payments/card-payment';
import { fail, ok, type Result } from '../../shared/result';
import { jsonValueSchema } from '../../shared/json-value';
import { validationError } from '../../shared/validation';
import type { JournalGuard } from './guard';

/** One card payment attempt at an integrated terminal, as the journal holds it. */
export interface CardPayment {
  id: number;
  saleId: string;
  attempt: number;
  /** Ours, sent to the terminal. */
  reference: string;
  terminalId: string;
  shiftId: number;
  /** Which terminal took it: `simulated` or `paystack:<terminal id>`. */
  device: string;
  amountKobo: number;
  state: PaymentState;
  terminalReference: string | null;
  transactionReference: string | null;
  authCode: string | null;
  maskedPan: string | null;
  scheme: string | null;
  declineCode: string | null;
  reason: string | null;
  refundReference: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface CardPaymentEvent {
  id: number;
  paymentId: number;
  fromState: PaymentState | null;
  toState: PaymentState;
  at: string;
  detail: unknown;
}

const text = (max: number) => z.string().trim().min(1).max(max);

const beginSchema = z.object({ saleId: text(64), device: text(80), amountKobo: koboSchema.positive() }).strict();

export const paymentDetailSchema = z
  .object({
    terminalReference: text(80).optional(),
    transactionReference: text(80).optional(),
    authCode: text(32).optional(),
    /** Only ever `**** 1234` (or `****` when the terminal did not say). */
    maskedPan: z.string().regex(/^\*{4}( \d{4})?$/, 'must be masked: **** 1234').optional(),
    scheme: text(20).optional(),
    declineCode: text(8).optional(),
    reason: text(500).optional(),
    refundReference: text(200).optional(),
    /** Anything else worth keeping with the event. */
    note: jsonValueSchema.optional(),
  })
  .strict();
export type PaymentDetail = Omit<z.input<typeof paymentDetailSchema>, 'note'> & { note?: unknown };

export interface PaymentsRepository {
  /**
   * Writes the next attempt for a pending sale as `started`, before the terminal is called.
   * Refused (CONFLICT) while an earlier attempt is approved or still being settled.
   */
  begin(input: z.input<typeof beginSchema>): Result<CardPayment>;
  /** Moves an attempt and appends the event, in one transaction; `to` equal to the state appends a note only. */
  move(reference: string, to: PaymentState, detail?: PaymentDetail): Result<CardPayment>;
  get(reference: string): Result<CardPayment | null>;
  /** A sale's attempts, oldest first. */
  forSale(saleId: string): Result<CardPayment[]>;
  events(reference: string): Result<CardPaymentEvent[]>;
  /** Attempts without a final answer (started, unknown) and reversals under way, oldest first. */
  unfinished(): Result<CardPayment[]>;
  /** Approved payments whose sale was rejected: each must be reversed. */
  approvedForRejectedSales(): Result<CardPayment[]>;
  /** This terminal's payments given back (reversed) at or after `since` (ISO), oldest first: their slips are checked at start. */
  reversedSince(since: string): Result<CardPayment[]>;
}

interface PaymentRow {
  id: number;
  sale_id: string;
  attempt: number;
  reference: string;
  terminal_id: string;
  shift_id: number;
  device: string;
  amount_kobo: number;
  state: PaymentState;
  terminal_reference: string | null;
  transaction_reference: string | null;
  auth_code: string | null;
  masked_pan: string | null;
  scheme: string | null;
  decline_code: string | null;
  reason: string | null;
  refund_reference: string | null;
  created_at: string;
  updated_at: string;
}

const toPayment = (row: PaymentRow): CardPayment => ({
  id: row.id,
  saleId: row.sale_id,
  attempt: row.attempt,
  reference: row.reference,
  terminalId: row.terminal_id,
  shiftId: row.shift_id,
  device: row.device,
  amountKobo: row.amount_kobo,
  state: row.state,
  terminalReference: row.terminal_reference,
  transactionReference: row.transaction_reference,
  authCode: row.auth_code,
  maskedPan: row.masked_pan,
  scheme: row.scheme,
  declineCode: row.decline_code,
  reason: row.reason,
  refundReference: row.refund_reference,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/**
 * A card number in free text (a terminal's message, a note) is cut down to its last four digits:
 * a run of 13-19 digits (spaces or dashes between groups allowed) that passes the Luhn check.
 * References are opaque and never scrubbed; only `reason` and `note` are free text.
 */
export function scrubCardNumbers(text: string): string {
  return text.replace(/\b\d(?:[ -]?\d){12,18}\b/g, (run) => {
    const digits = run.replace(/\D/g, '');
    return digits.length >= 13 && digits.length <= 19 && luhn(digits) ? `**** ${digits.slice(-4)}` : run;
  });
}

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

/** Our reference for attempt `n` of a sale: the sale id is URL-safe, so this is too. */
export const paymentReference = (saleId: string, attempt: number) => `${saleId}-P${attempt}`;

export function createPaymentsRepository(deps: { db: Database.Database; guard: JournalGuard; terminalId: string; clock: () => Date }): PaymentsRepository {
  const { db, guard, terminalId, clock } = deps;

  const selectByReference = db.prepare<[string], PaymentRow>('SELECT * FROM card_payments WHERE reference = ?');
  const selectForSale = db.prepare<[string], PaymentRow>('SELECT * FROM card_payments WHERE sale_id = ? ORDER BY attempt');
  const selectSale = db.prepare<[string], { state: string; shift_id: number }>('SELECT state, shift_id FROM sales WHERE id = ?');
  const selectEvents = db.prepare<[string], { id: number; payment_id: number; from_state: PaymentState | null; to_state: PaymentState; at: string; detail_json: string }>(
    'SELECT e.* FROM card_payment_events e JOIN card_payments p ON p.id = e.payment_id WHERE p.reference = ? ORDER BY e.id',
  );
  const selectUnfinished = db.prepare<[], PaymentRow>("SELECT * FROM card_payments WHERE state IN ('started', 'unknown', 'reversing') ORDER BY created_at, id");
  const selectToReverse = db.prepare<[], PaymentRow>(
    "SELECT p.* FROM card_payments p JOIN sales s ON s.id = p.sale_id WHERE p.state IN ('approved', 'reversing') AND s.state = 'rejected' ORDER BY p.created_at, p.id",
  );
  const selectReversedSince = db.prepare<[string, string], PaymentRow>(
    "SELECT * FROM card_payments WHERE terminal_id = ? AND state = 'reversed' AND updated_at >= ? ORDER BY updated_at, id",
  );
  const insertPayment = db.prepare(
    `INSERT INTO card_payments (sale_id, attempt, reference, terminal_id, shift_id, device, amount_kobo, state, created_at, updated_at)
     VALUES (@saleId, @attempt, @reference, @terminalId, @shiftId, @device, @amountKobo, 'started', @at, @at)`,
  );
  const updatePayment = db.prepare(
    `UPDATE card_payments SET state = @state, terminal_reference = @terminalReference, transaction_reference = @transactionReference,
       auth_code = @authCode, masked_pan = @maskedPan, scheme = @scheme, decline_code = @declineCode, reason = @reason,
       refund_reference = @refundReference, updated_at = @at
     WHERE id = @id`,
  );
  const insertEvent = db.prepare(
    `INSERT INTO card_payment_events (payment_id, sale_id, terminal_id, shift_id, from_state, to_state, at, detail_json)
     VALUES (@paymentId, @saleId, @terminalId, @shiftId, @from, @to, @at, @detailJson)`,
  );

  const beginTx = db
    .transaction((input: z.output<typeof beginSchema>): Result<CardPayment> => {
      const sale = selectSale.get(input.saleId);
      if (!sale) return fail(saidError('NOT_FOUND', 'said.noSuchSale', { sale: input.saleId }));
      if (sale.state !== 'pending') return fail(saidError('CONFLICT', 'said.payments.notWaiting', { sale: input.saleId, state: sale.state }));
      const earlier = selectForSale.all(input.saleId);
      const open = earlier.find((p) => !['declined', 'cancelled', 'timed-out', 'failed'].includes(p.state));
      if (open) return fail(saidError('CONFLICT', 'said.payments.alreadyCharging', { sale: input.saleId, state: open.state }));
      const attempt = earlier.length + 1;
      const reference = paymentReference(input.saleId, attempt);
      const at = clock().toISOString();
      const { lastInsertRowid } = insertPayment.run({ saleId: input.saleId, attempt, reference, terminalId, shiftId: sale.shift_id, device: input.device, amountKobo: input.amountKobo, at });
      insertEvent.run({ paymentId: Number(lastInsertRowid), saleId: input.saleId, terminalId, shiftId: sale.shift_id, from: null, to: 'started', at, detailJson: JSON.stringify({ device: input.device, amountKobo: input.amountKobo }) });
      return ok(toPayment(selectByReference.get(reference)!));
    })
    .immediate;

  const moveTx = db
    .transaction((reference: string, to: PaymentState, detail: z.output<typeof paymentDetailSchema>): Result<CardPayment> => {
      const row = selectByReference.get(reference);
      if (!row) return fail(saidError('NOT_FOUND', 'said.payments.noSuchPayment', { reference }));
      if (to !== row.state && !legalPaymentMoves[row.state].includes(to)) {
        return fail(posError('CONFLICT', `Card payment ${reference} is ${row.state}; it cannot become ${to}.`));
      }
      const at = clock().toISOString();
      updatePayment.run({
        id: row.id,
        state: to,
        terminalReference: row.terminal_reference ?? detail.terminalReference ?? null,
        transactionReference: row.transaction_reference ?? detail.transactionReference ?? null,
        authCode: row.auth_code ?? detail.authCode ?? null,
        maskedPan: row.masked_pan ?? detail.maskedPan ?? null,
        scheme: row.scheme ?? detail.scheme ?? null,
        declineCode: row.decline_code ?? detail.declineCode ?? null,
        reason: detail.reason !== undefined ? scrubCardNumbers(detail.reason) : row.reason,
        refundReference: row.refund_reference ?? detail.refundReference ?? null,
        at,
      });
      const kept = {
        ...detail,
        ...(detail.reason !== undefined ? { reason: scrubCardNumbers(detail.reason) } : {}),
        ...(detail.note !== undefined ? { note: JSON.parse(scrubCardNumbers(JSON.stringify(detail.note))) as unknown } : {}),
      };
      insertEvent.run({ paymentId: row.id, saleId: row.sale_id, terminalId: row.terminal_id, shiftId: row.shift_id, from: row.state, to, at, detailJson: JSON.stringify(kept) });
      return ok(toPayment(selectByReference.get(reference)!));
    })
    .immediate;

  return {
    begin: (input) =>
      guard.write(() => {
        const parsed = beginSchema.safeParse(input);
        if (!parsed.success) return fail(validationError(parsed.error, 'The card payment could not be written down.'));
        return beginTx(parsed.data);
      }),

    move: (reference, to, detail = {}) =>
      guard.write(() => {
        const state = z.enum(paymentStates).safeParse(to);
        if (!state.success) return fail(validationError(state.error));
        const parsed = paymentDetailSchema.safeParse(detail);
        if (!parsed.success) return fail(validationError(parsed.error, 'The card payment could not be recorded.'));
        return moveTx(reference, state.data, parsed.data);
      }),

    get: (reference) =>
      guard.read(() => {
        const row = selectByReference.get(reference);
        return ok(row ? toPayment(row) : null);
      }),

    forSale: (saleId) => guard.read(() => ok(selectForSale.all(saleId).map(toPayment))),

    events: (reference) =>
      guard.read(() => ok(selectEvents.all(reference).map((e) => ({ id: e.id, paymentId: e.payment_id, fromState: e.from_state, toState: e.to_state, at: e.at, detail: JSON.parse(e.detail_json) as unknown })))),

    unfinished: () => guard.read(() => ok(selectUnfinished.all().map(toPayment))),

    approvedForRejectedSales: () => guard.read(() => ok(selectToReverse.all().map(toPayment))),

    reversedSince: (since) => guard.read(() => ok(selectReversedSince.all(terminalId, since).map(toPayment))),
  };
}
