import type { PosError } from '../../shared/errors';
import type { Result } from '../../shared/result';
import { isCorruption, sqliteCode, toJournalError } from './journal-errors';

export interface JournalGuard {
  /** Runs a read; a throw becomes a value. */
  read<T>(work: () => Result<T>): Result<T>;
  /** Runs a write; a throw becomes a value and is remembered until a later write succeeds. */
  write<T>(work: () => Result<T>): Result<T>;
  /** The write failure the journal has not yet recovered from, for the status strip. */
  lastWriteFailure(): { at: Date; error: PosError } | null;
  /** Whether SQLite has said, since the open, that the file is damaged or the disk failed to read or write it. */
  damageSeen(): boolean;
}

/**
 * The one place where SQLite's exceptions become Results. The sales layer decides whether to call
 * the partner from a write's Result alone, so no write may fail without saying so.
 */
export function createJournalGuard(clock: () => Date): JournalGuard {
  let failure: { at: Date; error: PosError } | null = null;
  let damaged = false;

  const attempt = <T>(work: () => Result<T>, isWrite: boolean): Result<T> => {
    try {
      const result = work();
      if (isWrite && result.ok) failure = null;
      return result;
    } catch (thrown) {
      if (isCorruption(thrown) || sqliteCode(thrown)?.startsWith('SQLITE_IOERR')) damaged = true;
      const error = toJournalError(thrown);
      if (isWrite && error.code === 'JOURNAL_UNAVAILABLE') failure = { at: clock(), error };
      return { ok: false, error };
    }
  };

  return {
    read: (work) => attempt(work, false),
    write: (work) => attempt(work, true),
    lastWriteFailure: () => failure,
    damageSeen: () => damaged,
  };
}
