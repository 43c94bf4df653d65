import type Database from 'better-sqlite3';
import { z } from 'zod';
import { saidError } from '../../shared/errors';
import { formatNairaPlain, koboSchema, type Kobo } from '../../shared/money';
import { fail, ok, type Result } from '../../shared/result';
import { validationError } from '../../shared/validation';
import {
  agreementChannelIds,
  correctionKinds,
  moneyBackRoutes,
  type AgreementChannel,
  type CancellationState,
  type CorrectionKind,
  type CorrectionState,
  type MoneyBackRoute,
} from '../../shared/sales/corrections';
import type { JournalGuard } from './guard';
import { staffIdSchema } from './sale-inputs';
import { tenderKinds, type TenderKind } from './sale-records';
import { createShiftReporter } from './shift-report';

/** One line of a refund: the sale's line (its index in the sale's details) and how many of its items. */
export interface CorrectionLine {
  line: number;
  quantity: number;
}

export interface CancellationMove {
  state: 'agreed' | 'closed';
  agreedByName: string | null;
  agreedChannel: AgreementChannel | null;
  feeWithheldKobo: Kobo | null;
  note: string;
  staffId: number;
  staffName: string;
  at: string;
}

export interface Cancellation {
  correctionId: string;
  saleId: string;
  partnerReference: string | null;
  openedAt: string;
  state: CancellationState;
  moves: CancellationMove[];
}

/** A void or refund as the journal holds it, with what the card terminal answered and the cancellation it opened. */
export interface Correction {
  id: string;
  saleId: string;
  /** 1, 2, 3... per sale. */
  seq: number;
  terminalId: string;
  shiftId: number;
  shiftNumber: number;
  kind: CorrectionKind;
  tender: TenderKind;
  route: MoneyBackRoute;
  amountKobo: Kobo;
  lines: CorrectionLine[];
  approvalCode: string | null;
  transferReference: string | null;
  reason: string;
  note: string;
  askedBy: { id: number; name: string };
  approvedBy: { id: number; name: string };
  createdAt: string;
  state: CorrectionState;
  terminalReference: string | null;
  /** The terminal's last word when it did not give the money back (or has not said yet). */
  problem: string | null;
  settledAt: string | null;
  cancellation: Cancellation | null;
}

const text = (max: number) => z.string().trim().min(1, 'must not be empty').max(max);

export const recordCorrectionSchema = z
  .object({
    id: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/, 'must be 1-64 letters, digits, - or _'),
    saleId: z.string().min(1).max(64),
    /** The sale's corrections before this one + 1: refused if someone else got there first. */
    seq: z.number().int().positive(),
    kind: z.enum(correctionKinds),
    tender: z.enum(tenderKinds),
    route: z.enum(moneyBackRoutes),
    amountKobo: koboSchema.positive('must be more than zero'),
    lines: z.array(z.object({ line: z.number().int().nonnegative(), quantity: z.number().int().positive() }).strict()).max(50),
    approvalCode: text(64).optional(),
    transferReference: text(128).optional(),
    reason: text(40),
    note: text(300),
    askedBy: staffIdSchema,
    approvedBy: staffIdSchema,
  })
  .strict();
export type RecordCorrectionInput = z.input<typeof recordCorrectionSchema>;

const outcomeSchema = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('done'), terminalReference: text(128), detail: z.string().max(500).default('') }).strict(),
  z.object({ outcome: z.literal('failed'), detail: text(500) }).strict(),
  z.object({ outcome: z.literal('unknown'), detail: text(500) }).strict(),
]);
export type CorrectionOutcomeInput = z.input<typeof outcomeSchema>;

const moveSchema = z.discriminatedUnion('to', [
  z
    .object({
      to: z.literal('agreed'),
      correctionId: z.string().min(1).max(64),
      agreedByName: text(100),
      agreedChannel: z.enum(agreementChannelIds),
      feeWithheldKobo: koboSchema.nonnegative(),
      note: z.string().trim().max(300).default(''),
      staffId: staffIdSchema,
    })
    .strict(),
  z.object({ to: z.literal('closed'), correctionId: z.string().min(1).max(64), note: z.string().trim().max(300).default(''), staffId: staffIdSchema }).strict(),
]);
export type CancellationMoveInput = z.input<typeof moveSchema>;

export interface CorrectionsRepository {
  /**
   * Writes a void or refund in the terminal's open shift, in one transaction; a refund given back
   * from the drawer, on a stand-alone card terminal or by transfer also opens its cancellation.
   * An id already written returns that correction with `created: false` (a double tap or retry).
   * Cash is refused beyond what the drawer should hold.
   */
  record(input: RecordCorrectionInput): Result<{ correction: Correction; created: boolean }>;
  /** Records the card terminal's answer; `done` on a refund opens its cancellation in the same transaction. */
  settle(id: string, outcome: CorrectionOutcomeInput): Result<Correction>;
  get(id: string): Result<Correction | null>;
  /** Oldest first. */
  forSale(saleId: string): Result<Correction[]>;
  /** This terminal's corrections written at or after `since` (ISO), oldest first: their slips are checked at start. */
  since(since: string): Result<Correction[]>;
  /** Card-terminal corrections still without a final answer, oldest first: asked about at start. */
  unsettled(): Result<Correction[]>;
  /** Cancellations of this terminal, oldest first: open ones (owed or agreed), or all. */
  cancellations(options: { open: boolean }): Result<Correction[]>;
  /** owed -> agreed (who agreed, how, the fee withheld) -> closed. */
  moveCancellation(input: CancellationMoveInput): Result<Correction>;
  /** The cash the open shift's drawer should hold now, or null without an open shift. */
  drawerKobo(): Result<Kobo | null>;
}

interface CorrectionRow {
  id: string;
  sale_id: string;
  seq: number;
  terminal_id: string;
  shift_id: number;
  shift_number: number;
  kind: CorrectionKind;
  tender: TenderKind;
  route: MoneyBackRoute;
  amount_kobo: number;
  lines_json: string;
  approval_code: string | null;
  transfer_reference: string | null;
  reason: string;
  note: string;
  asked_by: number;
  asked_by_name: string;
  approved_by: number;
  approved_by_name: string;
  created_at: string;
  final_outcome: 'done' | 'failed' | null;
  final_reference: string | null;
  final_detail: string | null;
  final_at: string | null;
  unknown_detail: string | null;
}

interface CancellationRow {
  correction_id: string;
  sale_id: string;
  partner_reference: string | null;
  opened_at: string;
}

interface MoveRow {
  to_state: 'agreed' | 'closed';
  agreed_by_name: string | null;
  agreed_channel: AgreementChannel | null;
  fee_withheld_kobo: number | null;
  note: string;
  staff_id: number;
  staff_name: string;
  at: string;
}

const correctionSelect = `
  SELECT c.*, sh.number AS shift_number, a.name AS asked_by_name, p.name AS approved_by_name,
    f.outcome AS final_outcome, f.terminal_reference AS final_reference, f.detail AS final_detail, f.at AS final_at,
    (SELECT detail FROM correction_outcomes u WHERE u.correction_id = c.id AND u.outcome = 'unknown' ORDER BY u.id DESC LIMIT 1) AS unknown_detail
  FROM corrections c
  JOIN shifts sh ON sh.id = c.shift_id
  JOIN staff a ON a.id = c.asked_by
  JOIN staff p ON p.id = c.approved_by
  LEFT JOIN correction_outcomes f ON f.correction_id = c.id AND f.outcome <> 'unknown'`;

export function createCorrectionsRepository(deps: { db: Database.Database; guard: JournalGuard; terminalId: string; clock: () => Date }): CorrectionsRepository {
  const { db, guard, terminalId, clock } = deps;
  const reporter = createShiftReporter(db);

  const selectById = db.prepare<[string], CorrectionRow>(`${correctionSelect} WHERE c.id = ?`);
  const selectForSale = db.prepare<[string], CorrectionRow>(`${correctionSelect} WHERE c.sale_id = ? ORDER BY c.seq`);
  const selectSince = db.prepare<[string, string], CorrectionRow>(`${correctionSelect} WHERE c.terminal_id = ? AND c.created_at >= ? ORDER BY c.created_at, c.id`);
  const selectUnsettled = db.prepare<[string], CorrectionRow>(
    `${correctionSelect} WHERE c.terminal_id = ? AND c.route = 'terminal' AND f.id IS NULL ORDER BY c.created_at, c.id`,
  );
  const selectCancellations = db.prepare<[{ terminalId: string; open: number }], CorrectionRow>(
    `${correctionSelect} JOIN cancellations k ON k.correction_id = c.id
     WHERE k.terminal_id = @terminalId
       AND (@open = 0 OR NOT EXISTS (SELECT 1 FROM cancellation_moves m WHERE m.correction_id = k.correction_id AND m.to_state = 'closed'))
     ORDER BY k.opened_at, c.id`,
  );
  const selectCancellation = db.prepare<[string], CancellationRow>('SELECT * FROM cancellations WHERE correction_id = ?');
  const selectMoves = db.prepare<[string], MoveRow>(
    `SELECT m.*, s.name AS staff_name FROM cancellation_moves m JOIN staff s ON s.id = m.staff_id WHERE m.correction_id = ? ORDER BY m.id`,
  );
  const selectOpenShift = db.prepare<[string], { id: number }>('SELECT id FROM shifts WHERE terminal_id = ? AND closed_at IS NULL');
  const selectSale = db.prepare<[string], { terminal_id: string; partner_reference: string | null }>('SELECT terminal_id, partner_reference FROM sales WHERE id = ?');
  const insertCorrection = db.prepare(
    `INSERT INTO corrections (id, sale_id, seq, terminal_id, shift_id, kind, tender, route, amount_kobo, lines_json, approval_code,
       transfer_reference, reason, note, asked_by, approved_by, created_at)
     VALUES (@id, @saleId, @seq, @terminalId, @shiftId, @kind, @tender, @route, @amountKobo, @linesJson, @approvalCode,
       @transferReference, @reason, @note, @askedBy, @approvedBy, @at)`,
  );
  const insertOutcome = db.prepare(
    `INSERT INTO correction_outcomes (correction_id, terminal_id, outcome, terminal_reference, detail, at)
     VALUES (@id, @terminalId, @outcome, @terminalReference, @detail, @at)`,
  );
  const insertCancellation = db.prepare(
    `INSERT INTO cancellations (correction_id, sale_id, terminal_id, partner_reference, opened_at)
     SELECT c.id, c.sale_id, c.terminal_id, s.partner_reference, @at FROM corrections c JOIN sales s ON s.id = c.sale_id WHERE c.id = @id`,
  );
  const insertMove = db.prepare(
    `INSERT INTO cancellation_moves (correction_id, terminal_id, to_state, agreed_by_name, agreed_channel, fee_withheld_kobo, note, staff_id, at)
     VALUES (@correctionId, @terminalId, @to, @agreedByName, @agreedChannel, @feeWithheldKobo, @note, @staffId, @at)`,
  );
  const selectActiveStaff = db.prepare<[number], number>('SELECT 1 FROM staff WHERE id = ? AND active = 1').pluck();

  const load = (row: CorrectionRow): Correction => {
    const cancellationRow = selectCancellation.get(row.id);
    const moves = cancellationRow ? selectMoves.all(row.id) : [];
    const state: CorrectionState =
      row.route !== 'terminal' ? 'done' : row.final_outcome ?? (row.unknown_detail !== null ? 'unknown' : 'pending');
    return {
      id: row.id,
      saleId: row.sale_id,
      seq: row.seq,
      terminalId: row.terminal_id,
      shiftId: row.shift_id,
      shiftNumber: row.shift_number,
      kind: row.kind,
      tender: row.tender,
      route: row.route,
      amountKobo: row.amount_kobo,
      lines: JSON.parse(row.lines_json) as CorrectionLine[],
      approvalCode: row.approval_code,
      transferReference: row.transfer_reference,
      reason: row.reason,
      note: row.note,
      askedBy: { id: row.asked_by, name: row.asked_by_name },
      approvedBy: { id: row.approved_by, name: row.approved_by_name },
      createdAt: row.created_at,
      state,
      terminalReference: row.final_reference,
      problem: state === 'failed' ? row.final_detail : state === 'unknown' ? row.unknown_detail : null,
      settledAt: row.route !== 'terminal' ? row.created_at : row.final_at,
      cancellation: cancellationRow
        ? {
            correctionId: cancellationRow.correction_id,
            saleId: cancellationRow.sale_id,
            partnerReference: cancellationRow.partner_reference,
            openedAt: cancellationRow.opened_at,
            state: moves.some((m) => m.to_state === 'closed') ? 'closed' : moves.some((m) => m.to_state === 'agreed') ? 'agreed' : 'owed',
            moves: moves.map((m) => ({
              state: m.to_state,
              agreedByName: m.agreed_by_name,
              agreedChannel: m.agreed_channel,
              feeWithheldKobo: m.fee_withheld_kobo,
              note: m.note,
              staffId: m.staff_id,
              staffName: m.staff_name,
              at: m.at,
            })),
          }
        : null,
    };
  };

  const drawer = (): Kobo | null => {
    const shift = selectOpenShift.get(terminalId);
    return shift ? reporter.report(shift.id, clock())!.cash.expectedKobo : null;
  };

  const recordTx = db
    .transaction((input: z.output<typeof recordCorrectionSchema>): Result<{ correction: Correction; created: boolean }> => {
      const existing = selectById.get(input.id);
      if (existing) {
        if (existing.sale_id !== input.saleId) return fail(saidError('CONFLICT', 'said.correction.ofAnotherSale', { correction: input.id }));
        return ok({ correction: load(existing), created: false });
      }
      const shift = selectOpenShift.get(terminalId);
      if (!shift) return fail(saidError('SHIFT_REQUIRED', 'said.correction.openShift'));
      const sale = selectSale.get(input.saleId);
      if (!sale) return fail(saidError('NOT_FOUND', 'said.noSuchSale', { sale: input.saleId }));
      for (const staffId of [input.askedBy, input.approvedBy]) {
        if (!selectActiveStaff.get(staffId)) return fail(saidError('VALIDATION', 'said.staffNotActive'));
      }
      if (input.tender === 'cash') {
        const inDrawer = drawer() ?? 0;
        if (input.amountKobo > inDrawer) {
          return fail(
            saidError('VALIDATION', 'said.refund.drawerShort', { amount: formatNairaPlain(inDrawer) }, {
              amountKobo: ['is more than the drawer should hold'],
            }),
          );
        }
      }
      const at = clock().toISOString();
      insertCorrection.run({
        id: input.id,
        saleId: input.saleId,
        seq: input.seq,
        terminalId,
        shiftId: shift.id,
        kind: input.kind,
        tender: input.tender,
        route: input.route,
        amountKobo: input.amountKobo,
        linesJson: JSON.stringify(input.lines),
        approvalCode: input.approvalCode ?? null,
        transferReference: input.transferReference ?? null,
        reason: input.reason,
        note: input.note,
        askedBy: input.askedBy,
        approvedBy: input.approvedBy,
        at,
      });
      if (input.kind === 'refund' && input.route !== 'terminal') insertCancellation.run({ id: input.id, at });
      return ok({ correction: load(selectById.get(input.id)!), created: true });
    })
    .immediate;

  const settleTx = db
    .transaction((id: string, outcome: z.output<typeof outcomeSchema>): Result<Correction> => {
      const row = selectById.get(id);
      if (!row) return fail(saidError('NOT_FOUND', 'said.correction.noneHere', { correction: id }));
      if (row.final_outcome) return ok(load(row));
      const at = clock().toISOString();
      insertOutcome.run({
        id,
        terminalId,
        outcome: outcome.outcome,
        terminalReference: outcome.outcome === 'done' ? outcome.terminalReference : null,
        detail: outcome.detail,
        at,
      });
      if (outcome.outcome === 'done' && row.kind === 'refund') insertCancellation.run({ id, at });
      return ok(load(selectById.get(id)!));
    })
    .immediate;

  const moveTx = db
    .transaction((input: z.output<typeof moveSchema>): Result<Correction> => {
      const row = selectById.get(input.correctionId);
      const cancellation = row ? selectCancellation.get(input.correctionId) : undefined;
      if (!row || !cancellation) return fail(saidError('NOT_FOUND', 'said.cancellation.noneOwed'));
      if (!selectActiveStaff.get(input.staffId)) return fail(saidError('VALIDATION', 'said.staffNotActive'));
      const moves = selectMoves.all(input.correctionId);
      if (moves.some((m) => m.to_state === input.to)) {
        return fail(saidError('CONFLICT', 'said.cancellation.already', { state: input.to === 'agreed' ? 'agreed' : 'closed' }));
      }
      insertMove.run({
        correctionId: input.correctionId,
        terminalId,
        to: input.to,
        agreedByName: input.to === 'agreed' ? input.agreedByName : null,
        agreedChannel: input.to === 'agreed' ? input.agreedChannel : null,
        feeWithheldKobo: input.to === 'agreed' ? input.feeWithheldKobo : null,
        note: input.note,
        staffId: input.staffId,
        at: clock().toISOString(),
      });
      return ok(load(selectById.get(input.correctionId)!));
    })
    .immediate;

  return {
    record: (input) =>
      guard.write(() => {
        const parsed = recordCorrectionSchema.safeParse(input);
        if (!parsed.success) return fail(validationError(parsed.error, 'The void or refund could not be written down: some details are not valid.'));
        return recordTx(parsed.data);
      }),

    settle: (id, outcome) =>
      guard.write(() => {
        const parsed = outcomeSchema.safeParse(outcome);
        if (!parsed.success) return fail(validationError(parsed.error));
        return settleTx(id, parsed.data);
      }),

    get: (id) =>
      guard.read(() => {
        const row = selectById.get(id);
        return ok(row ? load(row) : null);
      }),

    forSale: (saleId) => guard.read(() => ok(selectForSale.all(saleId).map(load))),

    since: (since) => guard.read(() => ok(selectSince.all(terminalId, since).map(load))),

    unsettled: () => guard.read(() => ok(selectUnsettled.all(terminalId).map(load))),

    cancellations: ({ open }) => guard.read(() => ok(selectCancellations.all({ terminalId, open: open ? 1 : 0 }).map(load))),

    moveCancellation: (input) =>
      guard.write(() => {
        const parsed = moveSchema.safeParse(input);
        if (!parsed.success) return fail(validationError(parsed.error));
        return moveTx(parsed.data);
      }),

    drawerKobo: () => guard.read(() => ok(drawer())),
  };
}
