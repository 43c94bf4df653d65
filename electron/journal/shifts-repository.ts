import type Database from 'better-sqlite3';
import { countSheetSchema, countSheetTotalKobo } from '../../shared/sales/cash-count';
import { z } from 'zod';
import { saidError } from '../../shared/errors';
import { formatNairaPlain, koboSchema, type Kobo } from '../../shared/money';
import { fail, ok, type Result } from '../../shared/result';
import { validationError } from '../../shared/validation';
import { createChainHeadReader } from './chain-head';
import type { JournalGuard } from './guard';
import { staffIdSchema } from './sale-inputs';
import { createShiftReporter, zReportSchema, type ShiftReport, type ZReport } from './shift-report';
import { createTransactionHooks } from './transaction-hooks';

export interface Shift {
  id: number;
  terminalId: string;
  /** 1, 2, 3... per terminal. */
  number: number;
  openedBy: number;
  openedAt: string;
  floatKobo: Kobo;
  closedBy: number | null;
  closedAt: string | null;
  countedKobo: Kobo | null;
  expectedKobo: Kobo | null;
  zNumber: number | null;
}

export interface CashMovement {
  id: number;
  shiftId: number;
  kind: 'in' | 'out';
  amountKobo: Kobo;
  reason: string;
  staffId: number;
  /** A supervisor who approved a cashier's cash out with their PIN (migration 0017); null when none was asked. */
  approvedBy: number | null;
  at: string;
}

/** What a drawer's paper adds to a row: who by name, under which shift number. */
interface AsOnPaper {
  staffName: string;
  shiftNumber: number;
}

/** A cash movement as its voucher tells it. */
export type CashMovementRecorded = CashMovement & AsOnPaper & { approvedByName: string | null };

/** The drawer opened without a sale ("no sale"): who, why, in which shift, and the supervisor who approved it, if one did. */
export interface DrawerOpening {
  id: number;
  shiftId: number;
  reason: string;
  staffId: number;
  /** A supervisor who approved a cashier's no sale with their PIN (migration 0016); null when none was asked. */
  approvedBy: number | null;
  at: string;
}

/** A drawer opening as its slip tells it. */
export type DrawerOpeningRecorded = DrawerOpening & AsOnPaper & { approvedByName: string | null };

const openShiftSchema = z.object({ staffId: staffIdSchema, floatKobo: koboSchema.nonnegative() }).strict();
const cashMovementSchema = z
  .object({
    kind: z.enum(['in', 'out']),
    amountKobo: koboSchema.positive('must be more than zero'),
    reason: z.string().trim().min(1, 'say why the cash is moved').max(200),
    staffId: staffIdSchema,
    approvedBy: staffIdSchema.optional(),
  })
  .strict();
const drawerOpeningSchema = z
  .object({ reason: z.string().trim().min(1, 'say why the drawer is opened').max(200), staffId: staffIdSchema, approvedBy: staffIdSchema.optional() })
  .strict();
const drawerLeftOpenSchema = z.object({ openedAt: z.iso.datetime(), closedAt: z.iso.datetime() }).strict();
const closeShiftSchema = z
  .object({ staffId: staffIdSchema, countedKobo: koboSchema.nonnegative(), countSheet: countSheetSchema.optional() })
  .strict()
  // A count recorded beside a different counted figure would leave the Z report saying two things.
  .refine((input) => input.countSheet === undefined || countSheetTotalKobo(input.countSheet) === input.countedKobo, {
    path: ['countSheet'],
    message: 'must add up to the counted cash',
  });

export interface ShiftsRepository {
  open(input: z.input<typeof openShiftSchema>): Result<Shift>;
  /** The terminal's open shift, or null. */
  current(): Result<Shift | null>;
  get(id: number): Result<Shift | null>;
  /** Cash put into or taken out of the drawer of the open shift, with a reason. */
  moveCash(input: z.input<typeof cashMovementSchema>): Result<CashMovement>;
  /**
   * Work done inside each cash movement's own transaction (the drawer's voucher, queued as a print
   * job): one commit for both, so no movement is ever on file without its voucher waiting. Work
   * that throws takes back only its own writes; the returned function stops it.
   */
  whileMovingCash(work: (movement: CashMovementRecorded) => void): () => void;
  /** The drawer opened without a sale, in the open shift, with a reason: recorded, never changed. */
  openDrawer(input: z.input<typeof drawerOpeningSchema>): Result<DrawerOpening>;
  /** Work done inside each drawer opening's own transaction (its slip, which pulses the drawer); as whileMovingCash. */
  whileOpeningDrawer(work: (opening: DrawerOpeningRecorded) => void): () => void;
  /** The drawer left open a minute or more, from when it opened to when it was shut, in the open shift: recorded, never changed. */
  recordDrawerLeftOpen(input: z.input<typeof drawerLeftOpenSchema>): Result<{ id: number; shiftId: number }>;
  /** Running totals of a shift (default: the open one). */
  xReport(shiftId?: number): Result<ShiftReport>;
  /** Closes the open shift against the counted cash and stores its numbered Z report, in one transaction. */
  close(input: z.input<typeof closeShiftSchema>): Result<{ shift: Shift; zReport: ZReport }>;
  /** A stored Z report of this terminal, exactly as it was closed. */
  zReport(zNumber: number): Result<ZReport | null>;
  /** This terminal's Z reports in short, newest first (`before`: only those numbered below it). */
  zReports(input: { limit: number; before?: number }): Result<ZReportSummary[]>;
  /** Whether this journal holds any shift, of any till number: before the first, nothing is recorded under the till's number. */
  anyRecorded(): Result<boolean>;
}

export interface ZReportSummary {
  zNumber: number;
  shiftNumber: number;
  closedAt: string;
  closedBy: { id: number; name: string };
  expectedKobo: Kobo;
  countedKobo: Kobo;
  differenceKobo: Kobo;
}

interface ShiftRow {
  id: number;
  terminal_id: string;
  number: number;
  opened_by: number;
  opened_at: string;
  float_kobo: number;
  closed_by: number | null;
  closed_at: string | null;
  counted_kobo: number | null;
  expected_kobo: number | null;
  z_number: number | null;
  z_report_json: string | null;
}

const toShift = (row: ShiftRow): Shift => ({
  id: row.id,
  terminalId: row.terminal_id,
  number: row.number,
  openedBy: row.opened_by,
  openedAt: row.opened_at,
  floatKobo: row.float_kobo,
  closedBy: row.closed_by,
  closedAt: row.closed_at,
  countedKobo: row.counted_kobo,
  expectedKobo: row.expected_kobo,
  zNumber: row.z_number,
});

const closedByName = (row: ShiftRow & { closed_by_name: string }): string => {
  try {
    const frozen = JSON.parse(row.z_report_json ?? '{}') as { closedBy?: { name?: unknown } };
    return typeof frozen.closedBy?.name === 'string' ? frozen.closedBy.name : row.closed_by_name;
  } catch {
    return row.closed_by_name;
  }
};

const noShift = () => fail(saidError('SHIFT_REQUIRED', 'said.noOpenShift'));

export function createShiftsRepository(deps: {
  db: Database.Database;
  guard: JournalGuard;
  terminalId: string;
  clock: () => Date;
}): ShiftsRepository {
  const { db, guard, terminalId, clock } = deps;
  const reporter = createShiftReporter(db);
  const chainHead = createChainHeadReader(db);

  const selectOpen = db.prepare<[string], ShiftRow>('SELECT * FROM shifts WHERE terminal_id = ? AND closed_at IS NULL');
  const selectById = db.prepare<[number], ShiftRow>('SELECT * FROM shifts WHERE id = ?');
  const selectByZ = db.prepare<[string, number], ShiftRow>('SELECT * FROM shifts WHERE terminal_id = ? AND z_number = ?');
  const selectZs = db.prepare<[string, number | null, number | null, number], ShiftRow & { closed_by_name: string }>(
    `SELECT shifts.*, staff.name AS closed_by_name FROM shifts JOIN staff ON staff.id = shifts.closed_by
     WHERE shifts.terminal_id = ? AND shifts.z_number IS NOT NULL AND (? IS NULL OR shifts.z_number < ?)
     ORDER BY shifts.z_number DESC LIMIT ?`,
  );
  const selectStaff = db.prepare<[number], { name: string; active: number }>('SELECT name, active FROM staff WHERE id = ?');
  const selectAny = db.prepare<[], number>('SELECT EXISTS (SELECT 1 FROM shifts)').pluck();
  const nextNumber = db.prepare<[string], number>('SELECT coalesce(max(number), 0) + 1 FROM shifts WHERE terminal_id = ?').pluck();
  const nextZ = db.prepare<[string], number>('SELECT coalesce(max(z_number), 0) + 1 FROM shifts WHERE terminal_id = ?').pluck();
  const insertShift = db.prepare(
    'INSERT INTO shifts (terminal_id, number, opened_by, opened_at, float_kobo) VALUES (@terminalId, @number, @staffId, @at, @floatKobo)',
  );
  const insertMovement = db.prepare(
    `INSERT INTO cash_movements (terminal_id, shift_id, kind, amount_kobo, reason, staff_id, at)
     VALUES (@terminalId, @shiftId, @kind, @amountKobo, @reason, @staffId, @at)`,
  );
  const selectMovement = db.prepare<[number], { id: number; shift_id: number; kind: 'in' | 'out'; amount_kobo: number; reason: string; staff_id: number; at: string }>(
    'SELECT * FROM cash_movements WHERE id = ?',
  );
  const insertOpening = db.prepare(
    'INSERT INTO drawer_openings (terminal_id, shift_id, staff_id, reason, at) VALUES (@terminalId, @shiftId, @staffId, @reason, @at)',
  );
  const insertMovementApproval = db.prepare('INSERT INTO cash_movement_approvals (id, terminal_id, approved_by, at) VALUES (@id, @terminalId, @approvedBy, @at)');
  const insertOpeningApproval = db.prepare('INSERT INTO drawer_opening_approvals (id, terminal_id, approved_by, at) VALUES (@id, @terminalId, @approvedBy, @at)');
  const insertLeftOpen = db.prepare(
    'INSERT INTO drawer_left_open (terminal_id, shift_id, opened_at, closed_at) VALUES (@terminalId, @shiftId, @openedAt, @closedAt)',
  );
  const closeShift = db.prepare(
    `UPDATE shifts SET closed_by = @staffId, closed_at = @at, counted_kobo = @countedKobo, expected_kobo = @expectedKobo,
       z_number = @zNumber, z_report_json = @zReportJson
     WHERE id = @id AND closed_at IS NULL`,
  );

  /** Staff who may act: on file and not deactivated. */
  const activeStaff = (staffId: number): Result<string> => {
    const staff = selectStaff.get(staffId);
    if (!staff || staff.active !== 1) return fail(saidError('NOT_FOUND', 'said.staffNotActive', undefined, { staffId: ['is not an active member of staff'] }));
    return ok(staff.name);
  };

  /** The name of the supervisor approving, when one is (on file and active; the database checks the rest). */
  const approverName = (approvedBy: number | undefined): Result<string | null> => (approvedBy === undefined ? ok(null) : activeStaff(approvedBy));

  /** Work by active staff in this terminal's open shift: refused for anyone else, or with no shift open. */
  const inOpenShift = <T>(staffId: number, work: (shift: ShiftRow, staffName: string) => Result<T>): Result<T> => {
    const staff = activeStaff(staffId);
    if (!staff.ok) return staff;
    const shift = selectOpen.get(terminalId);
    return shift ? work(shift, staff.value) : noShift();
  };

  const openTx = db
    .transaction((input: z.output<typeof openShiftSchema>): Result<Shift> => {
      const staff = activeStaff(input.staffId);
      if (!staff.ok) return staff;
      const open = selectOpen.get(terminalId);
      if (open) return fail(saidError('CONFLICT', 'said.shiftStillOpen', { number: open.number }));
      const { lastInsertRowid } = insertShift.run({ terminalId, number: nextNumber.get(terminalId)!, staffId: input.staffId, at: clock().toISOString(), floatKobo: input.floatKobo });
      return ok(toShift(selectById.get(Number(lastInsertRowid))!));
    })
    .immediate;

  const movingCash = createTransactionHooks<CashMovementRecorded>(db);
  const moveTx = db
    .transaction((input: z.output<typeof cashMovementSchema>): Result<CashMovement> => inOpenShift(input.staffId, (shift, staffName) => {
      if (input.kind === 'out') {
        const inDrawer = reporter.report(shift.id, clock())!.cash.expectedKobo;
        if (input.amountKobo > inDrawer) {
          return fail(saidError('VALIDATION', 'said.drawerHoldsOnly', { amount: formatNairaPlain(inDrawer) }, { amountKobo: ['is more than the drawer should hold'] }));
        }
      }
      const approvedByName = approverName(input.approvedBy);
      if (!approvedByName.ok) return approvedByName;
      const { lastInsertRowid } = insertMovement.run({ terminalId, shiftId: shift.id, kind: input.kind, amountKobo: input.amountKobo, reason: input.reason, staffId: input.staffId, at: clock().toISOString() });
      const row = selectMovement.get(Number(lastInsertRowid))!;
      const movement: CashMovement = { id: row.id, shiftId: row.shift_id, kind: row.kind, amountKobo: row.amount_kobo, reason: row.reason, staffId: row.staff_id, approvedBy: input.approvedBy ?? null, at: row.at };
      // In the movement's own transaction: no movement said to be approved is on file without its approval.
      if (movement.approvedBy !== null) insertMovementApproval.run({ id: movement.id, terminalId, approvedBy: movement.approvedBy, at: movement.at });
      movingCash.run({ ...movement, staffName, shiftNumber: shift.number, approvedByName: approvedByName.value });
      return ok(movement);
    }))
    .immediate;

  const openingDrawer = createTransactionHooks<DrawerOpeningRecorded>(db);
  const drawerTx = db
    .transaction((input: z.output<typeof drawerOpeningSchema>): Result<DrawerOpening> => inOpenShift(input.staffId, (shift, staffName) => {
      const approvedByName = approverName(input.approvedBy);
      if (!approvedByName.ok) return approvedByName;
      const at = clock().toISOString();
      const { lastInsertRowid } = insertOpening.run({ terminalId, shiftId: shift.id, reason: input.reason, staffId: input.staffId, at });
      const recorded: DrawerOpening = { id: Number(lastInsertRowid), shiftId: shift.id, reason: input.reason, staffId: input.staffId, approvedBy: input.approvedBy ?? null, at };
      // In the opening's own transaction: no opening said to be approved is on file without its approval.
      if (recorded.approvedBy !== null) insertOpeningApproval.run({ id: recorded.id, terminalId, approvedBy: recorded.approvedBy, at });
      openingDrawer.run({ ...recorded, staffName, shiftNumber: shift.number, approvedByName: approvedByName.value });
      return ok(recorded);
    }))
    .immediate;

  const leftOpenTx = db
    .transaction((input: z.output<typeof drawerLeftOpenSchema>): Result<{ id: number; shiftId: number }> => {
      const shift = selectOpen.get(terminalId);
      if (!shift) return noShift();
      const { lastInsertRowid } = insertLeftOpen.run({ terminalId, shiftId: shift.id, openedAt: input.openedAt, closedAt: input.closedAt });
      return ok({ id: Number(lastInsertRowid), shiftId: shift.id });
    })
    .immediate;

  const closeTx = db
    .transaction((input: z.output<typeof closeShiftSchema>): Result<{ shift: Shift; zReport: ZReport }> => inOpenShift(input.staffId, (shift, staffName) => {
      const at = clock();
      const report = reporter.report(shift.id, at)!;
      const zReport: ZReport = {
        ...report,
        zNumber: nextZ.get(terminalId)!,
        closedAt: at.toISOString(),
        closedBy: { id: input.staffId, name: staffName },
        countedKobo: input.countedKobo,
        differenceKobo: input.countedKobo - report.cash.expectedKobo,
        // The Z report anchors the hash chain: it seals every money row written before it.
        chain: chainHead(terminalId),
        ...(input.countSheet && { countSheet: input.countSheet }),
      };
      closeShift.run({
        id: shift.id,
        staffId: input.staffId,
        at: zReport.closedAt,
        countedKobo: input.countedKobo,
        expectedKobo: report.cash.expectedKobo,
        zNumber: zReport.zNumber,
        zReportJson: JSON.stringify(zReport),
      });
      return ok({ shift: toShift(selectById.get(shift.id)!), zReport });
    }))
    .immediate;

  const parsed = <S extends z.ZodType, T>(schema: S, input: unknown, then: (value: z.output<S>) => Result<T>): Result<T> => {
    const result = schema.safeParse(input);
    return result.success ? then(result.data) : fail(validationError(result.error));
  };

  return {
    open: (input) => guard.write(() => parsed(openShiftSchema, input, openTx)),

    current: () =>
      guard.read(() => {
        const row = selectOpen.get(terminalId);
        return ok(row ? toShift(row) : null);
      }),

    get: (id) =>
      guard.read(() => {
        const row = selectById.get(id);
        return ok(row ? toShift(row) : null);
      }),

    moveCash: (input) => guard.write(() => parsed(cashMovementSchema, input, moveTx)),

    whileMovingCash: (work) => movingCash.add(work),

    openDrawer: (input) => guard.write(() => parsed(drawerOpeningSchema, input, drawerTx)),

    whileOpeningDrawer: (work) => openingDrawer.add(work),

    recordDrawerLeftOpen: (input) => guard.write(() => parsed(drawerLeftOpenSchema, input, leftOpenTx)),

    xReport: (shiftId) =>
      guard.read(() => {
        const id = shiftId ?? selectOpen.get(terminalId)?.id;
        if (id === undefined) return noShift();
        const report = reporter.report(id, clock());
        return report ? ok(report) : fail(saidError('NOT_FOUND', 'said.noSuchShift', { number: String(id) }));
      }),

    close: (input) => guard.write(() => parsed(closeShiftSchema, input, closeTx)),

    zReports: ({ limit, before }) =>
      guard.read(() =>
        ok(
          selectZs.all(terminalId, before ?? null, before ?? null, limit).map((row) => ({
            zNumber: row.z_number!,
            shiftNumber: row.number,
            closedAt: row.closed_at!,
            // The name as it was at close (the Z report froze it), not as the staff list says today.
            closedBy: { id: row.closed_by!, name: closedByName(row) },
            expectedKobo: row.expected_kobo!,
            countedKobo: row.counted_kobo!,
            differenceKobo: row.counted_kobo! - row.expected_kobo!,
          })),
        ),
      ),

    anyRecorded: () => guard.read(() => ok(selectAny.get() === 1)),

    zReport: (zNumber) =>
      guard.read(() => {
        const row = selectByZ.get(terminalId, zNumber);
        return ok(row?.z_report_json ? zReportSchema.parse(JSON.parse(row.z_report_json)) : null);
      }),
  };
}
