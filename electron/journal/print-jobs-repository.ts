import type Database from 'better-sqlite3';
import { z } from 'zod';
import { posError, saidError, saidSchema, type Said } from '../../shared/errors';
import { fail, ok, type Result } from '../../shared/result';
import { jsonValueSchema } from '../../shared/json-value';
import { validationError } from '../../shared/validation';
import type { JournalGuard } from './guard';
import { saleIdSchema } from './sale-inputs';

export const printJobKinds = ['receipt', 'reprint', 'slip', 'report', 'test'] as const;
export type PrintJobKind = (typeof printJobKinds)[number];
/** `held`: a kiosk receipt whose customer left before it printed; it waits for staff (step 12). */
export const printJobStates = ['queued', 'printing', 'printed', 'failed', 'held'] as const;
export type PrintJobState = (typeof printJobStates)[number];

export interface PrintJob {
  id: number;
  terminalId: string;
  shiftId: number | null;
  saleId: string | null;
  kind: PrintJobKind;
  /** 1 for the original; reprints of a sale count up from 2 and print as COPY (slips: 1, then 2, ... for their copies). */
  copyNumber: number;
  /** The sale's receipt number, gapless per terminal (its original and every copy carry it); null for other jobs. */
  receiptNumber: number | null;
  /** Bytes may have reached the paper: this job is never sent again, only a copy may follow. */
  mayHavePrinted: boolean;
  printedAt: string | null;
  /** The later job staff printed in its place (a failed job that may have printed, reprinted as a copy). */
  supersededBy: number | null;
  state: PrintJobState;
  attempts: number;
  nextAttemptAt: string;
  /** After this the job stops retrying and waits for staff. */
  deadlineAt: string;
  /** When this kiosk receipt was held for staff (its customer had left); it stays set once staff print it. */
  heldAt: string | null;
  lastError: string | null;
  /** `lastError` as a shared sentence, when it is one (the screen says it in the reader's language). */
  lastErrorSaid: Said | null;
  payload: unknown;
  createdAt: string;
  updatedAt: string;
}

/** How long a job keeps retrying on its own, and the pause between tries (doubling up to a cap). */
export interface PrintRetryPolicy {
  deadlineMs: number;
  firstDelayMs: number;
  maxDelayMs: number;
}
export const defaultPrintRetryPolicy: PrintRetryPolicy = { deadlineMs: 15 * 60_000, firstDelayMs: 2_000, maxDelayMs: 60_000 };

const enqueueSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.enum(['receipt', 'reprint']), saleId: saleIdSchema, payload: jsonValueSchema }).strict(),
  z.object({ kind: z.literal('slip'), saleId: saleIdSchema.nullable(), copyNumber: z.number().int().positive().default(1), payload: jsonValueSchema }).strict(),
  z.object({ kind: z.enum(['report', 'test']), payload: jsonValueSchema }).strict(),
]);
/** `payload` is checked as JSON at run time; typed `unknown` so the printing layer can pass its own receipt model. */
export type EnqueuePrintJob =
  | { kind: 'receipt' | 'reprint'; saleId: string; payload: unknown }
  | { kind: 'slip'; saleId: string | null; copyNumber?: number; payload: unknown }
  | { kind: 'report' | 'test'; payload: unknown };

export interface PrintJobsRepository {
  /** A sale has one original receipt: enqueueing it again returns the existing job. Reprints get the next copy number. */
  enqueue(input: EnqueuePrintJob): Result<PrintJob>;
  /**
   * Strictly first in, first out: the oldest queued job, now marked printing, if it is due; null when
   * the queue is empty or its oldest job waits (nothing overtakes it). Jobs past their deadline fail first;
   * with `holdReceiptsCreatedBefore` (a kiosk), original receipts queued before then are held first
   * (`hold`), in the same transaction: none of them is ever claimed.
   */
  claimNext(options?: { holdReceiptsCreatedBefore?: string }): Result<PrintJob | null>;
  /** The oldest queued job (the next to print), whether due or not. */
  head(): Result<PrintJob | null>;
  markPrinted(id: number): Result<PrintJob>;
  /**
   * Back in the queue after a pause that doubles each time, or failed for good once past the deadline.
   * `retry: false` fails it for good now; `mayHavePrinted` records that bytes may be on paper (it is
   * then never sent again: staff print a copy).
   */
  markFailed(id: number, error: string, options?: { retry?: boolean; mayHavePrinted?: boolean; said?: Said }): Result<PrintJob>;
  /** The printer answers again: every queued job is due now (the pauses were for a printer that was away). */
  resume(): Result<number>;
  /** A failed job replaced by a later one (its copy): no longer waits for staff. */
  supersede(id: number, byId: number): Result<PrintJob>;
  /**
   * The printer refused the job before anything was sent because it needs staff (out of paper, cover
   * open): back in the queue, due now, and the try does not count as an attempt.
   */
  returnUntried(id: number, reason: string, said?: Said): Result<PrintJob>;
  /** Time spent waiting for staff to fix the printer does not count against queued jobs' deadlines. */
  extendDeadlines(ms: number): Result<number>;
  /**
   * Staff asked to print it now: a failed job goes back in the queue, a queued one stops waiting; both
   * due now with a fresh deadline. Refused (CONFLICT) for a receipt that may already be on paper.
   */
  retry(id: number): Result<PrintJob>;
  /**
   * Kiosk receipts whose customer has left: the sale's original receipt (`saleId`), or every one
   * queued before `createdBefore`, or every one (`all`), if still queued and never held, is held
   * for staff; it never prints by itself. Returns the jobs held.
   */
  hold(which: { saleId: string } | { createdBefore: string } | { all: true }): Result<PrintJob[]>;
  /** A job left printing by a crash may or may not have printed: fail it so staff decide, never print a ticket twice silently. */
  failInterrupted(): Result<number>;
  get(id: number): Result<PrintJob | null>;
  /** Newest first. */
  list(query?: { states?: readonly PrintJobState[]; saleId?: string; limit?: number }): Result<PrintJob[]>;
  /**
   * How many papers of this till's Z report `zNumber` exist or may: its report jobs (payload
   * `report.kind` 'Z', `report.zNumber`) printed, on their way, or failed after bytes may have
   * reached the paper. The next print of it is a copy when this is more than 0.
   */
  zReportPapers(zNumber: number): Result<number>;
}

interface PrintJobRow {
  id: number;
  terminal_id: string;
  shift_id: number | null;
  sale_id: string | null;
  kind: PrintJobKind;
  copy_number: number;
  receipt_number: number | null;
  state: PrintJobState;
  attempts: number;
  next_attempt_at: string;
  deadline_at: string;
  last_error: string | null;
  last_error_said: string | null;
  payload_json: string;
  may_have_printed: number;
  printed_at: string | null;
  superseded_by: number | null;
  held_at: string | null;
  created_at: string;
  updated_at: string;
}

const toPrintJob = (row: PrintJobRow): PrintJob => ({
  id: row.id,
  terminalId: row.terminal_id,
  shiftId: row.shift_id,
  saleId: row.sale_id,
  kind: row.kind,
  copyNumber: row.copy_number,
  receiptNumber: row.receipt_number,
  mayHavePrinted: row.may_have_printed === 1,
  printedAt: row.printed_at,
  supersededBy: row.superseded_by,
  state: row.state,
  attempts: row.attempts,
  nextAttemptAt: row.next_attempt_at,
  deadlineAt: row.deadline_at,
  heldAt: row.held_at,
  lastError: row.last_error,
  lastErrorSaid: saidOf(row.last_error_said),
  payload: JSON.parse(row.payload_json),
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/** A stored sentence that a later version no longer has is left out: the English is still there. */
function saidOf(json: string | null): Said | null {
  if (json === null) return null;
  try {
    const parsed = saidSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
const saidJson = (said: Said | undefined): string | null => (said ? JSON.stringify(said) : null);

const isoInstant = z.iso.datetime();
const holdSchema = z.union([
  z.object({ saleId: saleIdSchema }).strict(),
  z.object({ createdBefore: isoInstant }).strict(),
  z.object({ all: z.literal(true) }).strict(),
]);

const listSchema = z
  .object({ states: z.array(z.enum(printJobStates)).optional(), saleId: saleIdSchema.optional(), limit: z.number().int().min(1).max(500).default(100) })
  .strict();

export function createPrintJobsRepository(deps: {
  db: Database.Database;
  guard: JournalGuard;
  terminalId: string;
  clock: () => Date;
  retryPolicy?: PrintRetryPolicy;
}): PrintJobsRepository {
  const { db, guard, terminalId, clock } = deps;
  const policy = deps.retryPolicy ?? defaultPrintRetryPolicy;
  const later = (from: Date, ms: number) => new Date(from.getTime() + ms).toISOString();

  const selectById = db.prepare<[number], PrintJobRow>('SELECT * FROM print_jobs WHERE id = ?');
  const selectReceipt = db.prepare<[string], PrintJobRow>("SELECT * FROM print_jobs WHERE sale_id = ? AND kind = 'receipt'");
  const selectSale = db.prepare<[string], { id: string }>('SELECT id FROM sales WHERE id = ?');
  const selectOpenShift = db.prepare<[string], number>('SELECT id FROM shifts WHERE terminal_id = ? AND closed_at IS NULL').pluck();
  const nextCopy = db.prepare<[string], number>("SELECT coalesce(max(copy_number), 1) + 1 FROM print_jobs WHERE sale_id = ? AND kind IN ('receipt', 'reprint')").pluck();
  const nextReceiptNumber = db
    .prepare<[string], number>("SELECT coalesce(max(receipt_number), 0) + 1 FROM print_jobs WHERE terminal_id = ? AND kind = 'receipt'")
    .pluck();
  const insert = db.prepare(
    `INSERT INTO print_jobs (terminal_id, shift_id, sale_id, kind, copy_number, receipt_number, state, next_attempt_at, deadline_at, payload_json, created_at, updated_at)
     VALUES (@terminalId, @shiftId, @saleId, @kind, @copyNumber, @receiptNumber, 'queued', @at, @deadlineAt, @payloadJson, @at, @at)`,
  );
  const expire = db.prepare(
    `UPDATE print_jobs SET state = 'failed', updated_at = @at,
       last_error = coalesce(last_error || ' ', '') || '(Stopped retrying: past its deadline.)'
     WHERE terminal_id = @terminalId AND state = 'queued' AND deadline_at <= @at`,
  );
  // Strict FIFO: the oldest queued job goes first or nothing does, whatever its pause says.
  const selectHead = db.prepare<[string], PrintJobRow>("SELECT * FROM print_jobs WHERE terminal_id = ? AND state = 'queued' ORDER BY id LIMIT 1");
  const resumeQueued = db.prepare(
    "UPDATE print_jobs SET next_attempt_at = @at, updated_at = @at WHERE terminal_id = @terminalId AND state = 'queued' AND next_attempt_at > @at",
  );
  const hurry = db.prepare('UPDATE print_jobs SET next_attempt_at = @at, deadline_at = max(deadline_at, @deadlineAt), updated_at = @at WHERE id = @id');
  const setSuperseded = db.prepare('UPDATE print_jobs SET superseded_by = @byId, updated_at = @at WHERE id = @id');
  // Printed: no try failed last, so an earlier try's reason is not shown beside it.
  const setPrinted = db.prepare("UPDATE print_jobs SET state = 'printed', printed_at = @at, last_error = NULL, last_error_said = NULL, updated_at = @at WHERE id = @id");
  const setMayHavePrinted = db.prepare('UPDATE print_jobs SET may_have_printed = 1 WHERE id = ?');
  const setState = db.prepare(
    `UPDATE print_jobs SET state = @state, attempts = attempts + @addAttempt, next_attempt_at = coalesce(@nextAttemptAt, next_attempt_at),
       deadline_at = coalesce(@deadlineAt, deadline_at), last_error = coalesce(@lastError, last_error),
       last_error_said = CASE WHEN @lastError IS NULL THEN last_error_said ELSE @lastErrorSaid END, updated_at = @at
     WHERE id = @id`,
  );
  const untried = db.prepare(
    `UPDATE print_jobs SET state = 'queued', attempts = attempts - 1, next_attempt_at = @at, last_error = @reason, last_error_said = @reasonSaid, updated_at = @at
     WHERE id = @id`,
  );
  const extend = db.prepare(
    `UPDATE print_jobs SET deadline_at = strftime('%Y-%m-%dT%H:%M:%fZ', deadline_at, '+' || @seconds || ' seconds'), updated_at = @at
     WHERE terminal_id = @terminalId AND state = 'queued'`,
  );
  const interrupted = db.prepare(
    `UPDATE print_jobs SET state = 'failed', may_have_printed = 1, updated_at = @at,
       last_error = 'Lobby POS stopped while this was printing; check the printout and reprint if it is missing.',
       last_error_said = '{"key":"said.print.interrupted"}'
     WHERE terminal_id = @terminalId AND state = 'printing'`,
  );
  // Only an original receipt still queued and never held before: one staff let go prints.
  const holdWhere = db.prepare<[{ terminalId: string; at: string; saleId: string | null; before: string | null }], PrintJobRow>(
    `UPDATE print_jobs SET state = 'held', held_at = @at, updated_at = @at
     WHERE terminal_id = @terminalId AND kind = 'receipt' AND state = 'queued' AND held_at IS NULL AND may_have_printed = 0
       AND (@saleId IS NULL OR sale_id = @saleId) AND (@before IS NULL OR created_at < @before)
     RETURNING *`,
  );
  const countZReportPapers = db
    .prepare<[{ terminalId: string; zNumber: number }], number>(
      `SELECT count(*) FROM print_jobs
       WHERE terminal_id = @terminalId AND kind = 'report' AND NOT (state = 'failed' AND may_have_printed = 0)
         AND json_extract(payload_json, '$.report.kind') = 'Z' AND json_extract(payload_json, '$.report.zNumber') = @zNumber`,
    )
    .pluck();
  const selectList = db.prepare<[{ states: string | null; saleId: string | null; limit: number }], PrintJobRow>(
    `SELECT * FROM print_jobs
     WHERE (@states IS NULL OR state IN (SELECT value FROM json_each(@states))) AND (@saleId IS NULL OR sale_id = @saleId)
     ORDER BY id DESC LIMIT @limit`,
  );

  const update = (
    id: number,
    change: { state: PrintJobState; addAttempt?: number; nextAttemptAt?: string; deadlineAt?: string; lastError?: string; lastErrorSaid?: Said },
  ): PrintJob => {
    setState.run({
      id,
      state: change.state,
      addAttempt: change.addAttempt ?? 0,
      nextAttemptAt: change.nextAttemptAt ?? null,
      deadlineAt: change.deadlineAt ?? null,
      lastError: change.lastError ?? null,
      lastErrorSaid: saidJson(change.lastErrorSaid),
      at: clock().toISOString(),
    });
    return toPrintJob(selectById.get(id)!);
  };

  const noJob = (id: number) => fail(saidError('NOT_FOUND', 'said.printJob.none', { job: String(id) }));
  const wrongState = (job: PrintJobRow, action: 'markPrinted' | 'markFailed' | 'putBack' | 'printNow' | 'replace') =>
    fail(saidError('CONFLICT', 'said.printJob.wrongState', { job: String(job.id), state: job.state, action }));

  const enqueueTx = db
    .transaction((input: z.output<typeof enqueueSchema>): Result<PrintJob> => {
      const saleId = 'saleId' in input ? input.saleId : null;
      let receiptNumber: number | null = null;
      if (saleId !== null) {
        if (!selectSale.get(saleId)) return fail(saidError('NOT_FOUND', 'said.noSuchSale', { sale: saleId }));
        const original = input.kind === 'receipt' || input.kind === 'reprint' ? selectReceipt.get(saleId) : undefined;
        if (input.kind === 'receipt' && original) return ok(toPrintJob(original));
        if (input.kind === 'reprint' && !original) return fail(saidError('CONFLICT', 'said.receipt.noOriginal', { sale: saleId }));
        if (input.kind === 'receipt') receiptNumber = nextReceiptNumber.get(terminalId)!;
        if (input.kind === 'reprint') receiptNumber = original!.receipt_number;
      }
      const now = clock();
      const { lastInsertRowid } = insert.run({
        terminalId,
        shiftId: selectOpenShift.get(terminalId) ?? null,
        saleId,
        kind: input.kind,
        copyNumber: input.kind === 'reprint' ? nextCopy.get(saleId!)! : input.kind === 'slip' ? input.copyNumber : 1,
        receiptNumber,
        at: now.toISOString(),
        deadlineAt: later(now, policy.deadlineMs),
        payloadJson: JSON.stringify(input.payload),
      });
      return ok(toPrintJob(selectById.get(Number(lastInsertRowid))!));
    })
    .immediate;

  const holdTx = db
    .transaction((which: { saleId: string | null; before: string | null }): PrintJob[] =>
      holdWhere.all({ terminalId, at: clock().toISOString(), ...which }).map(toPrintJob),
    )
    .immediate;

  const claimTx = db
    .transaction((holdBefore: string | null): Result<PrintJob | null> => {
      const at = clock().toISOString();
      if (holdBefore !== null) holdWhere.all({ terminalId, at, saleId: null, before: holdBefore });
      expire.run({ terminalId, at });
      const head = selectHead.get(terminalId);
      return ok(head && head.next_attempt_at <= at ? update(head.id, { state: 'printing', addAttempt: 1 }) : null);
    })
    .immediate;

  const printedTx = db
    .transaction((id: number): Result<PrintJob> => {
      const job = selectById.get(id);
      if (!job) return noJob(id);
      if (job.state !== 'printing') return wrongState(job, 'markPrinted');
      setPrinted.run({ id, at: clock().toISOString() });
      return ok(toPrintJob(selectById.get(id)!));
    })
    .immediate;

  const failedTx = db
    .transaction((id: number, error: string, said: Said | undefined, retry: boolean, mayHavePrinted: boolean): Result<PrintJob> => {
      const job = selectById.get(id);
      if (!job) return noJob(id);
      if (job.state !== 'printing') return wrongState(job, 'markFailed');
      if (mayHavePrinted) setMayHavePrinted.run(id);
      const why = { lastError: error, ...(said && { lastErrorSaid: said }) };
      if (!retry || mayHavePrinted) return ok(update(id, { state: 'failed', ...why }));
      const now = clock();
      const delay = Math.min(policy.firstDelayMs * 2 ** Math.max(0, job.attempts - 1), policy.maxDelayMs);
      const next = later(now, delay);
      return ok(next < job.deadline_at ? update(id, { state: 'queued', nextAttemptAt: next, ...why }) : update(id, { state: 'failed', ...why }));
    })
    .immediate;

  const untriedTx = db
    .transaction((id: number, reason: string, said: Said | undefined): Result<PrintJob> => {
      const job = selectById.get(id);
      if (!job) return noJob(id);
      if (job.state !== 'printing') return wrongState(job, 'putBack');
      untried.run({ id, reason, reasonSaid: saidJson(said), at: clock().toISOString() });
      return ok(toPrintJob(selectById.get(id)!));
    })
    .immediate;

  const retryTx = db
    .transaction((id: number): Result<PrintJob> => {
      const job = selectById.get(id);
      if (!job) return noJob(id);
      if (job.state !== 'failed' && job.state !== 'queued' && job.state !== 'held') return wrongState(job, 'printNow');
      if (job.state === 'failed' && job.may_have_printed === 1 && job.kind !== 'report' && job.kind !== 'test') {
        return fail(saidError('CONFLICT', 'said.printJob.mayBeOnPaper', { job: String(job.id) }));
      }
      const now = clock();
      if (job.state === 'queued') {
        hurry.run({ id, at: now.toISOString(), deadlineAt: later(now, policy.deadlineMs) });
        return ok(toPrintJob(selectById.get(id)!));
      }
      return ok(update(id, { state: 'queued', nextAttemptAt: now.toISOString(), deadlineAt: later(now, policy.deadlineMs) }));
    })
    .immediate;

  const supersedeTx = db
    .transaction((id: number, byId: number): Result<PrintJob> => {
      const job = selectById.get(id);
      if (!job) return noJob(id);
      if (job.state !== 'failed') return wrongState(job, 'replace');
      setSuperseded.run({ id, byId, at: clock().toISOString() });
      return ok(toPrintJob(selectById.get(id)!));
    })
    .immediate;

  const errorText = z.string().trim().min(1).max(500);
  // Only a sentence the catalogues have is stored: the screen falls back to the English otherwise.
  const checkedSaid = (said: Said | undefined): Said | undefined => (said && saidSchema.safeParse(said).success ? said : undefined);

  return {
    enqueue: (input) =>
      guard.write(() => {
        const parsed = enqueueSchema.safeParse(input);
        return parsed.success ? enqueueTx(parsed.data) : fail(validationError(parsed.error));
      }),
    claimNext: (options = {}) =>
      guard.write(() => {
        const before = options.holdReceiptsCreatedBefore;
        if (before !== undefined && !isoInstant.safeParse(before).success) return fail(posError('VALIDATION', 'Say when, as an ISO date and time.'));
        return claimTx(before ?? null);
      }),
    hold: (which) =>
      guard.write(() => {
        const parsed = holdSchema.safeParse(which);
        if (!parsed.success) return fail(validationError(parsed.error));
        const saleId = 'saleId' in parsed.data ? parsed.data.saleId : null;
        const before = 'createdBefore' in parsed.data ? parsed.data.createdBefore : null;
        return ok(holdTx({ saleId, before }));
      }),
    head: () =>
      guard.read(() => {
        const row = selectHead.get(terminalId);
        return ok(row ? toPrintJob(row) : null);
      }),
    resume: () => guard.write(() => ok(resumeQueued.run({ terminalId, at: clock().toISOString() }).changes)),
    supersede: (id, byId) => guard.write(() => supersedeTx(id, byId)),
    markPrinted: (id) => guard.write(() => printedTx(id)),
    markFailed: (id, error, options = {}) =>
      guard.write(() => {
        const parsed = errorText.safeParse(error);
        const said = parsed.success ? checkedSaid(options.said) : undefined;
        return failedTx(id, parsed.success ? parsed.data : 'The printer reported an error.', said, options.retry ?? true, options.mayHavePrinted ?? false);
      }),
    returnUntried: (id, reason, said) =>
      guard.write(() => {
        const parsed = errorText.safeParse(reason);
        return untriedTx(id, parsed.success ? parsed.data : 'The printer needs attention.', parsed.success ? checkedSaid(said) : undefined);
      }),
    extendDeadlines: (ms) =>
      guard.write(() => {
        if (!Number.isInteger(ms) || ms < 0) return fail(posError('VALIDATION', 'A deadline can only be moved later by a whole number of milliseconds.'));
        if (ms === 0) return ok(0);
        return ok(extend.run({ terminalId, seconds: (ms / 1000).toFixed(3), at: clock().toISOString() }).changes);
      }),
    retry: (id) => guard.write(() => retryTx(id)),
    failInterrupted: () => guard.write(() => ok(interrupted.run({ terminalId, at: clock().toISOString() }).changes)),
    get: (id) =>
      guard.read(() => {
        const row = selectById.get(id);
        return ok(row ? toPrintJob(row) : null);
      }),
    list: (query = {}) =>
      guard.read(() => {
        const parsed = listSchema.safeParse(query);
        if (!parsed.success) return fail(validationError(parsed.error));
        const { states, saleId, limit } = parsed.data;
        return ok(selectList.all({ states: states ? JSON.stringify(states) : null, saleId: saleId ?? null, limit }).map(toPrintJob));
      }),

    zReportPapers: (zNumber) => guard.read(() => ok(countZReportPapers.get({ terminalId, zNumber }) ?? 0)),
  };
}
