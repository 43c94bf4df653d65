import Database from 'better-sqlite3';
import { saidError } from '../../shared/errors';
import { fail, ok, type Result } from '../../shared/result';
import { validationError } from '../../shared/validation';
import { registerChainFunctions } from './chain-functions';
import { exportSalesCsv, type CsvExport } from './csv-export';
import { dateRangeSchema, type DateRange } from './date-range';

export interface SalvagedJournal {
  readonly file: string;
  /** Everything readable in the range; `complete: false` with `problem` when the damage stopped it. */
  exportCsv(range?: DateRange): Result<Omit<CsvExport, 'cause'>>;
  close(): void;
}

/**
 * Opens a journal that was set aside as damaged, read-only, so staff can still export what it
 * holds. Nothing here can write to the file.
 */
export function openSalvage(options: { file: string; nativeBinding?: string }): Result<SalvagedJournal> {
  let db: Database.Database;
  try {
    db = registerChainFunctions(new Database(options.file, { readonly: true, fileMustExist: true, nativeBinding: options.nativeBinding }));
  } catch {
    return fail(saidError('NOT_FOUND', 'said.salvage.cannotOpen'));
  }
  return ok({
    file: options.file,
    exportCsv(range = {}) {
      const parsed = dateRangeSchema.safeParse(range);
      if (!parsed.success) return fail(validationError(parsed.error));
      if (!db.open) return fail(saidError('CONFLICT', 'said.salvage.closed'));
      const { cause: _cause, ...exported } = exportSalesCsv(db, parsed.data);
      return ok(exported);
    },
    close: () => db.close(),
  });
}
