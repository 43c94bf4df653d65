import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { z } from 'zod';
import { tillNumberSchema, type HealthItem } from '../../shared/app';
import type { PosError } from '../../shared/errors';
import { fail, ok, type Result } from '../../shared/result';
import { validationError } from '../../shared/validation';
import { registerChainFunctions } from './chain-functions';
import { leaveCleanCloseNote, takeCleanCloseNote } from './clean-close';
import { createCorrectionsRepository, type CorrectionsRepository } from './corrections-repository';
import { createPaymentsRepository, type PaymentsRepository } from './payments-repository';
import { exportSalesCsv } from './csv-export';
import { dateRangeSchema, type DateRange } from './date-range';
import { createJournalGuard } from './guard';
import { isCorruption, journalUnavailable, sqliteCode, toJournalError } from './journal-errors';
import { createJournalProbe } from './journal-probe';
import { applyMigrations, checkSchema } from './migrate';
import { migrations } from './migrations';
import { createPrintJobsRepository, type PrintJobsRepository, type PrintRetryPolicy } from './print-jobs-repository';
import { listQuarantined, quarantineFile } from './quarantine';
import { createSalesRepository, type SalesRepository } from './sales-repository';
import { createShiftsRepository, type ShiftsRepository } from './shifts-repository';
import { createStaffRepository, type StaffRepository } from './staff-repository';

export const journalFileName = 'journal.sqlite';
export const journalFile = (dataDir: string) => path.join(dataDir, journalFileName);

export interface JournalOptions {
  /** Normally `journalFile(config.dataDir)`. */
  file: string;
  /** Stamped on every row this journal writes. */
  terminalId: string;
  clock?: () => Date;
  /** Path of a better-sqlite3 build to load instead of the default (the packaged Electron app's ABI). */
  nativeBinding?: string;
  /** How long a write waits for another connection's lock before reporting the journal unavailable. */
  busyTimeoutMs?: number;
  /**
   * Caps the file at this many pages (SQLite's max_page_count; never below its current size).
   * At the cap writes fail exactly as on a full disk, which is how tests produce a real SQLITE_FULL.
   */
  maxPageCount?: number;
  printRetryPolicy?: PrintRetryPolicy;
}

const optionsSchema = z.object({
  file: z.string().min(1),
  terminalId: tillNumberSchema,
  nativeBinding: z.string().min(1).optional(),
  busyTimeoutMs: z.number().int().min(0).max(60_000).default(5_000),
  maxPageCount: z.number().int().positive().optional(),
});

export interface Journal {
  readonly file: string;
  readonly terminalId: string;
  /** Schema versions before and after this open (equal when nothing was migrated). */
  readonly schema: { from: number; to: number };
  /**
   * Whether this open read the whole file for damage, and when that was last done: a journal closed
   * cleanly, unchanged since, and checked within the week skips it (clean-close.ts).
   */
  readonly wholeFileCheck: { atOpen: boolean; lastAt: Date };
  /** Damaged journals set aside beside this one earlier: staff should export them and call support. */
  readonly setAside: readonly string[];
  readonly sales: SalesRepository;
  readonly staff: StaffRepository;
  readonly shifts: ShiftsRepository;
  readonly printJobs: PrintJobsRepository;
  /** Voids, refunds and the cancellations they leave owed by the partner. */
  readonly corrections: CorrectionsRepository;
  /** Card payments taken at an integrated terminal: attempts, outcomes, reversals. */
  readonly payments: PaymentsRepository;
  /** One row per sale created in the range (from inclusive, to exclusive). */
  exportCsv(range?: DateRange): Result<{ csv: string; rows: number }>;
  /** For the status strip (HealthProbes.journal). */
  probe(): HealthItem;
  close(): void;
}

/** A failed open; `movedTo` is set when the file was damaged and set aside (open it with openSalvage). */
export type JournalOpenFailure = { ok: false; error: PosError; movedTo?: string };

/**
 * Opens (creating if needed) and checks the sale journal. Every way this can fail is a value the
 * caller shows while refusing to sell: a newer schema leaves the file untouched, a damaged file is
 * set aside whole, and anything else (read-only, full, locked) is JOURNAL_UNAVAILABLE.
 */
export function openJournal(options: JournalOptions): { ok: true; value: Journal } | JournalOpenFailure {
  const parsed = optionsSchema.safeParse({
    file: options.file,
    terminalId: options.terminalId,
    nativeBinding: options.nativeBinding,
    busyTimeoutMs: options.busyTimeoutMs,
    maxPageCount: options.maxPageCount,
  });
  if (!parsed.success) return fail(validationError(parsed.error, 'The journal settings are not valid.'));
  const settings = parsed.data;
  const file = path.resolve(settings.file);
  const clock = options.clock ?? (() => new Date());

  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
  } catch {
    return fail(journalUnavailable(`The data folder ${path.dirname(file)} cannot be created. Ask a supervisor to check it.`));
  }

  // Taken (and removed) before the file is opened, so a crash from here on leaves no note.
  const checkedBefore = takeCleanCloseNote(file, clock());

  let db: Database.Database;
  try {
    db = new Database(file, { timeout: settings.busyTimeoutMs, nativeBinding: settings.nativeBinding });
  } catch (error) {
    if (sqliteCode(error)) return fail(toJournalError(error));
    return fail(journalUnavailable("The journal's database engine could not be loaded. Reinstall Lobby POS, or call support."));
  }

  const setAside = (): JournalOpenFailure => {
    closeQuietly(db);
    try {
      const movedTo = quarantineFile(file, clock());
      return {
        ok: false,
        error: journalUnavailable(
          `The journal file is damaged. It has been moved aside as ${path.basename(movedTo)} with nothing deleted; staff can export what is still readable from it. Call support before selling again.`,
        ),
        movedTo,
      };
    } catch {
      return { ok: false, error: journalUnavailable(`The journal file ${path.basename(file)} is damaged and could not be moved aside. Call support.`) };
    }
  };

  try {
    // Read before anything writes: a refused file must be left exactly as it was.
    const schema = checkSchema(db, migrations);
    if (schema.kind === 'newer') {
      db.close();
      return fail(
        journalUnavailable(
          `This journal was written by a newer version of Lobby POS (journal version ${schema.version}; this version knows up to ${migrations.length}). Install the newer version again; the journal has not been changed.`,
        ),
      );
    }
    const wholeFileCheck = { atOpen: checkedBefore === null, lastAt: checkedBefore ?? clock() };
    if (wholeFileCheck.atOpen) {
      const check = db.pragma('quick_check') as { quick_check: string }[];
      if (check.length !== 1 || check[0]!.quick_check !== 'ok') return setAside();
    }

    db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    db.pragma(`busy_timeout = ${settings.busyTimeoutMs}`);
    // Before any migration or write: the hash chain's triggers call sha256().
    registerChainFunctions(db);
    if (settings.maxPageCount !== undefined) db.pragma(`max_page_count = ${settings.maxPageCount}`);
    // Schema steps commit without waiting for the disk (WAL's NORMAL: each step still lands whole
    // or not at all, but the last ones may be undone by a power cut, leaving the file at an earlier
    // version the next start continues from). Each of a new journal's 18 steps waited for its own
    // flush: 26 flushes to create and close one, now 8; 0.5-2.4 s on a disk busy with other
    // writers, now 0.15-0.45 s (no difference on a quiet one). Every sale after them waits for the
    // disk (FULL), and its flush takes the steps with it.
    db.pragma('synchronous = NORMAL');
    const applied = applyMigrations(db, migrations);
    db.pragma('synchronous = FULL');

    return ok(assemble(db, file, settings.terminalId, clock, applied, wholeFileCheck, options.printRetryPolicy));
  } catch (error) {
    if (isCorruption(error)) return setAside();
    closeQuietly(db);
    return fail(toJournalError(error));
  }
}

function assemble(
  db: Database.Database,
  file: string,
  terminalId: string,
  clock: () => Date,
  schema: { from: number; to: number },
  wholeFileCheck: Journal['wholeFileCheck'],
  retryPolicy: PrintRetryPolicy | undefined,
): Journal {
  const guard = createJournalGuard(clock);
  const deps = { db, guard, terminalId, clock };
  const probe = createJournalProbe({ db, file, guard });
  return {
    file,
    terminalId,
    schema,
    wholeFileCheck,
    setAside: listQuarantined(file),
    sales: createSalesRepository(deps),
    staff: createStaffRepository(deps),
    shifts: createShiftsRepository(deps),
    printJobs: createPrintJobsRepository({ ...deps, retryPolicy }),
    corrections: createCorrectionsRepository(deps),
    payments: createPaymentsRepository(deps),
    exportCsv: (range = {}) =>
      guard.read(() => {
        const parsed = dateRangeSchema.safeParse(range);
        if (!parsed.success) return fail(validationError(parsed.error));
        const exported = exportSalesCsv(db, parsed.data);
        if (!exported.complete) throw exported.cause;
        return ok({ csv: exported.csv, rows: exported.rows });
      }),
    probe,
    close: () => {
      if (!db.open) return;
      db.close();
      // A session that met damage leaves no note: the next open checks the whole file and sets it aside.
      if (!guard.damageSeen()) leaveCleanCloseNote(file, wholeFileCheck.lastAt);
    },
  };
}

function closeQuietly(db: Database.Database) {
  try {
    if (db.open) db.close();
  } catch {
    // Already failing; the caller reports the first problem.
  }
}
