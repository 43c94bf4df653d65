import type Database from 'better-sqlite3';
import { posError, saidError } from '../../shared/errors';
import { fail, ok, type Result } from '../../shared/result';
import { validationError } from '../../shared/validation';
import type { JournalGuard } from './guard';
import {
  createSaleSchema,
  saleSearchSchema,
  saleStateSchema,
  transitionDetailSchema,
  type CreateSaleInput,
  type SaleSearch,
  type TransitionDetail,
} from './sale-inputs';
import { toSale, toSaleEvent, type Sale, type SaleEvent, type SaleEventRow, type SaleRow, type TenderRow } from './sale-records';
import { isLegalTransition, type SaleState } from './sale-states';
import { createTransactionHooks } from './transaction-hooks';

export interface SalesRepository {
  /**
   * Writes a new sale as `pending` in the terminal's open shift, with its tenders and first event,
   * in one transaction. An id that already exists returns that sale untouched with
   * `created: false`: a double tap or retry must not lead to a second purchase.
   */
  create(input: CreateSaleInput): Result<{ sale: Sale; created: boolean }>;
  /**
   * `create`, then `sent`, in the same transaction: what the journal must hold before the partner
   * call of a sale paid without the card terminal. The sale's events are the same two moves
   * (new -> pending -> sent); the disk waits once (one fsync) instead of twice. An id that already
   * exists is returned untouched with `created: false`, whatever its state.
   */
  createSent(input: CreateSaleInput): Result<{ sale: Sale; created: boolean }>;
  /** Moves a sale to its next state and appends the event, in one transaction. */
  transition(id: string, to: SaleState, detail?: TransitionDetail): Result<Sale>;
  /**
   * `work` runs inside the transaction that moves a sale to confirmed, after the move: what it
   * writes (the sale's receipt job) commits with the sale, in the same fsync, or not at all. It
   * runs in a savepoint: if it throws, its own writes are taken back and the sale is confirmed all
   * the same. It must not reach back into the sale. Returns a function that removes it.
   */
  whileConfirming(work: (saleId: string) => void): () => void;
  get(id: string): Result<Sale | null>;
  events(id: string): Result<SaleEvent[]>;
  /** Oldest first: the order in which they should be settled. */
  listByState(states: readonly SaleState[]): Result<Sale[]>;
  /** Newest first. */
  search(query: SaleSearch): Result<Sale[]>;
  /** Confirmed sales where the partner charged something other than our quote, oldest first: staff check them. */
  listAmountMismatches(): Result<Sale[]>;
  /**
   * Rejected sales still holding money staff must give back by hand (cash, a bank transfer, a card
   * paid on a stand-alone machine) that no void has given back yet, oldest first. A card paid at the
   * till's own terminal is reversed by itself, so it is never one of these.
   */
  listMoneyToGiveBack(): Result<Sale[]>;
  /** The sale a partner reference already confirms, if any: one purchase is one sale (a trigger refuses a second). */
  saleWithReference(partnerReference: string): Result<string | null>;
  /** The latest confirmed sale with its partner reference: one the partner is known to hold. */
  latestConfirmed(): Result<{ id: string; partnerReference: string } | null>;
}

export function createSalesRepository(deps: {
  db: Database.Database;
  guard: JournalGuard;
  terminalId: string;
  clock: () => Date;
}): SalesRepository {
  const { db, guard, terminalId, clock } = deps;

  const selectSale = db.prepare<[string], SaleRow>('SELECT * FROM sales WHERE id = ?');
  const selectByReference = db.prepare<[string], string>('SELECT id FROM sales WHERE partner_reference = ? ORDER BY created_at LIMIT 1').pluck();
  // Walks sales_by_state backwards: the newest confirmed rows first, without sorting them all.
  const selectLatestConfirmed = db.prepare<[], { id: string; partnerReference: string }>(
    "SELECT id, partner_reference AS partnerReference FROM sales WHERE state = 'confirmed' AND partner_reference IS NOT NULL ORDER BY rowid DESC LIMIT 1",
  );
  // A card paid at the till's terminal carries the payment's approval code and masked card (migration 0005).
  const selectTenders = db.prepare<[string], TenderRow>(
    `SELECT t.*, p.auth_code AS card_auth_code, CASE WHEN p.masked_pan GLOB '*[0-9][0-9][0-9][0-9]' THEN substr(p.masked_pan, -4) END AS card_last4
     FROM tenders t
     LEFT JOIN card_payments p ON t.kind = 'card' AND p.id = (SELECT max(id) FROM card_payments WHERE sale_id = t.sale_id AND state IN ('approved', 'reversing', 'reversed'))
     WHERE t.sale_id = ? ORDER BY t.id`,
  );
  const selectEvents = db.prepare<[string], SaleEventRow>('SELECT * FROM sale_events WHERE sale_id = ? ORDER BY id');
  const selectOpenShift = db.prepare<[string], { id: number }>('SELECT id FROM shifts WHERE terminal_id = ? AND closed_at IS NULL');
  const selectActiveStaff = db.prepare<[number], number>('SELECT 1 FROM staff WHERE id = ? AND active = 1').pluck();
  const insertSale = db.prepare(
    `INSERT INTO sales (id, terminal_id, shift_id, staff_id, kind, state, quote_kobo, request_json, details_json, created_at, updated_at)
     VALUES (@id, @terminalId, @shiftId, @staffId, @kind, 'pending', @quoteKobo, @requestJson, @detailsJson, @at, @at)`,
  );
  const insertTender = db.prepare(
    `INSERT INTO tenders (sale_id, terminal_id, shift_id, kind, amount_kobo, tendered_kobo, change_kobo, approval_code, transfer_reference)
     VALUES (@saleId, @terminalId, @shiftId, @kind, @amountKobo, @tenderedKobo, @changeKobo, @approvalCode, @transferReference)`,
  );
  const insertEvent = db.prepare(
    `INSERT INTO sale_events (sale_id, terminal_id, shift_id, from_state, to_state, at, detail_json)
     SELECT id, terminal_id, shift_id, @from, @to, @at, @detailJson FROM sales WHERE id = @saleId`,
  );
  const updateState = db.prepare(
    `UPDATE sales SET state = @to, partner_amount_kobo = @partnerAmountKobo, amount_mismatch = @amountMismatch,
       partner_reference = @partnerReference, invoice_id = @invoiceId, booking_number = @bookingNumber,
       failure_reason = @failureReason, updated_at = @at
     WHERE id = @id`,
  );
  const selectByStates = db.prepare<[string], SaleRow>(
    'SELECT * FROM sales WHERE state IN (SELECT value FROM json_each(?)) ORDER BY created_at, id',
  );
  // Named, not left to the planner: without statistics it takes sales_by_state, which walks every
  // confirmed sale (nearly all of them) to find the few here (migration 14).
  const selectMismatches = db.prepare<[], SaleRow>(
    "SELECT * FROM sales INDEXED BY sales_with_amount_mismatch WHERE state = 'confirmed' AND amount_mismatch = 1 ORDER BY created_at, id",
  );
  // Given back by hand: every correction but the terminal's (which never applies to these tenders).
  const selectMoneyToGiveBack = db.prepare<[], SaleRow>(
    `SELECT * FROM sales s WHERE s.state = 'rejected' AND EXISTS (
       SELECT 1 FROM tenders t
       WHERE t.sale_id = s.id AND (t.kind <> 'card' OR t.approval_code IS NOT NULL)
         AND t.amount_kobo > (SELECT coalesce(sum(c.amount_kobo), 0) FROM corrections c WHERE c.sale_id = s.id AND c.tender = t.kind AND c.route <> 'terminal'))
     ORDER BY s.created_at, s.id`,
  );
  // A receipt number as printed (T01-000042, see receiptNumberText) is matched whole, by its sale's receipt print job.
  // The dates bound the walk of sales_by_created (an open end is the first or last possible text):
  // written as "@from IS NULL OR created_at >= @from" they were only a filter, and a search of one
  // day walked the whole history back to the till's first sale.
  const selectSearch = db.prepare<[{ from: string | null; to: string | null; like: string | null; phone: string | null; receipt: string | null; limit: number }], SaleRow>(
    `SELECT * FROM sales
     WHERE created_at >= coalesce(@from, '') AND created_at < coalesce(@to, char(0x10FFFF))
       AND (@like IS NULL OR id LIKE @like ESCAPE '\\' OR partner_reference LIKE @like ESCAPE '\\'
            OR invoice_id LIKE @like ESCAPE '\\' OR booking_number LIKE @like ESCAPE '\\' OR details_json LIKE @like ESCAPE '\\'
            OR (@phone IS NOT NULL AND json_extract(details_json, '$.customer.phone') LIKE @phone)
            OR (@receipt IS NOT NULL AND EXISTS (
                 SELECT 1 FROM print_jobs AS receipt WHERE receipt.sale_id = sales.id AND receipt.kind = 'receipt'
                   AND upper(replace(receipt.terminal_id, '-', '')) || printf('%06d', receipt.receipt_number) = @receipt)))
     ORDER BY created_at DESC, id DESC LIMIT @limit`,
  );

  const load = (row: SaleRow): Sale => toSale(row, selectTenders.all(row.id));

  const insertNew = db
    .transaction((sale: ReturnType<typeof createSaleSchema.parse>, send: boolean): Result<{ sale: Sale; created: boolean }> => {
      const existing = selectSale.get(sale.id);
      if (existing) return ok({ sale: load(existing), created: false });
      const shift = selectOpenShift.get(terminalId);
      if (!shift) return fail(saidError('SHIFT_REQUIRED', 'said.openShift'));
      if (sale.staffId !== null && !selectActiveStaff.get(sale.staffId)) {
        return fail(saidError('VALIDATION', 'said.staffNotActive', undefined, { staffId: ['is not an active member of staff'] }));
      }
      const at = clock().toISOString();
      insertSale.run({
        id: sale.id,
        terminalId,
        shiftId: shift.id,
        staffId: sale.staffId,
        kind: sale.kind,
        quoteKobo: sale.quoteKobo,
        requestJson: JSON.stringify(sale.request),
        detailsJson: JSON.stringify(sale.details),
        at,
      });
      for (const tender of sale.tenders) {
        insertTender.run({
          saleId: sale.id,
          terminalId,
          shiftId: shift.id,
          kind: tender.kind,
          amountKobo: tender.amountKobo,
          tenderedKobo: tender.kind === 'cash' ? tender.tenderedKobo : null,
          changeKobo: tender.kind === 'cash' ? tender.tenderedKobo - tender.amountKobo : null,
          approvalCode: tender.kind === 'card' ? (tender.approvalCode ?? null) : null,
          transferReference: tender.kind === 'transfer' ? tender.transferReference : null,
        });
      }
      insertEvent.run({ saleId: sale.id, from: null, to: 'pending', at, detailJson: '{}' });
      if (!send) return ok({ sale: load(selectSale.get(sale.id)!), created: true });
      const sent = moveWithin(sale.id, 'sent', {}, at);
      // A sale just written pending always may become sent; were it refused, a throw rolls the
      // whole sale back, so a failed write never leaves a pending row behind.
      if (!sent.ok) throw new Error(sent.error.message);
      return ok({ sale: sent.value, created: true });
    })
    .immediate;

  /** One move and its event; the caller holds the write transaction (and may give its moment). */
  function moveWithin(id: string, to: SaleState, detail: ReturnType<typeof transitionDetailSchema.parse>, now?: string): Result<Sale> {
    const row = selectSale.get(id);
    if (!row) return fail(posError('NOT_FOUND', `There is no sale ${id} in the journal.`));
    if (!isLegalTransition(row.state, to)) {
      return fail(posError('CONFLICT', `Sale ${id} is ${row.state}; it cannot become ${to}.`));
    }
    const partnerAmountKobo = detail.partnerAmountKobo ?? row.partner_amount_kobo;
    const at = now ?? clock().toISOString();
    updateState.run({
      id,
      to,
      partnerAmountKobo,
      amountMismatch: partnerAmountKobo !== null && partnerAmountKobo !== row.quote_kobo ? 1 : 0,
      partnerReference: detail.partnerReference ?? row.partner_reference,
      invoiceId: detail.invoiceId ?? row.invoice_id,
      bookingNumber: detail.bookingNumber ?? row.booking_number,
      // A confirmed sale did not fail: a reason left from `unknown` ("not known whether...") would
      // tell the next reader it might have (the journal's trigger refuses it too).
      failureReason: to === 'confirmed' ? null : (detail.failureReason ?? row.failure_reason),
      at,
    });
    insertEvent.run({ saleId: id, from: row.state, to, at, detailJson: JSON.stringify(detail) });
    return ok(load(selectSale.get(id)!));
  }
  const confirming = createTransactionHooks<string>(db);
  const move = db.transaction((id: string, to: SaleState, detail: ReturnType<typeof transitionDetailSchema.parse>) => {
    const moved = moveWithin(id, to, detail);
    if (moved.ok && to === 'confirmed') confirming.run(id);
    return moved;
  }).immediate;

  const writeNew = (input: CreateSaleInput, send: boolean) =>
    guard.write(() => {
      const parsed = createSaleSchema.safeParse(input);
      if (!parsed.success) return fail(validationError(parsed.error, 'The sale could not be written down: some details are not valid.'));
      return insertNew(parsed.data, send);
    });

  return {
    create: (input) => writeNew(input, false),
    createSent: (input) => writeNew(input, true),

    transition: (id, to, detail = {}) =>
      guard.write(() => {
        const state = saleStateSchema.safeParse(to);
        if (!state.success) return fail(validationError(state.error));
        const parsed = transitionDetailSchema.safeParse(detail);
        if (!parsed.success) return fail(validationError(parsed.error));
        if (to === 'rejected' && !parsed.data.failureReason) {
          return fail(posError('VALIDATION', 'Say why the sale was rejected.', { failureReason: ['is required when a sale is rejected'] }));
        }
        return move(id, state.data, parsed.data);
      }),

    whileConfirming: (work) => confirming.add(work),

    get: (id) =>
      guard.read(() => {
        const row = selectSale.get(id);
        return ok(row ? load(row) : null);
      }),

    events: (id) => guard.read(() => ok(selectEvents.all(id).map(toSaleEvent))),

    listByState: (states) =>
      guard.read(() => {
        const parsed = saleStateSchema.array().safeParse(states);
        if (!parsed.success) return fail(validationError(parsed.error));
        return ok(selectByStates.all(JSON.stringify(parsed.data)).map(load));
      }),

    search: (query) =>
      guard.read(() => {
        const parsed = saleSearchSchema.safeParse(query);
        if (!parsed.success) return fail(validationError(parsed.error));
        const { from, to, text, limit } = parsed.data;
        const like = text ? `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
        return ok(selectSearch.all({ from: from ?? null, to: to ?? null, like, phone: phoneLike(text), receipt: receiptKey(text), limit }).map(load));
      }),

    listAmountMismatches: () => guard.read(() => ok(selectMismatches.all().map(load))),
    listMoneyToGiveBack: () => guard.read(() => ok(selectMoneyToGiveBack.all().map(load))),
    saleWithReference: (partnerReference) => guard.read(() => ok(selectByReference.get(partnerReference) ?? null)),
    latestConfirmed: () => guard.read(() => ok(selectLatestConfirmed.get() ?? null)),
  };
}

/**
 * A receipt number as staff read it off the paper ("T01-000042", "t01000042", "T01 000042") to the
 * form the search compares: upper case, without dashes or spaces. Null for text that cannot be one
 * (it ends in the six-digit sequence number).
 */
function receiptKey(text: string | undefined): string | null {
  if (!text) return null;
  const key = text.toUpperCase().replace(/[\s-]/g, '');
  return /^[A-Z0-9]*\d{6,}$/.test(key) ? key : null;
}

/**
 * A phone number as the front desk types it (0803 123 4567, +234 803..., or its last digits) to a
 * pattern on the stored +234 form: the digits after the country code or leading 0.
 */
function phoneLike(text: string | undefined): string | null {
  if (!text || !/^[\d\s()+-]+$/.test(text)) return null;
  const digits = text.replace(/\D/g, '').replace(/^(234|0)(?=\d{10}$)/, '');
  return digits.length >= 4 ? `%${digits}%` : null;
}
