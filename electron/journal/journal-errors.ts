import type { SentenceKey } from '../../shared/error-sentences';
import { posError, saidError, type PosError } from '../../shared/errors';

/**
 * What better-sqlite3 throws: an Error with SQLite's extended result code as a string
 * (`SQLITE_FULL`, `SQLITE_READONLY_DIRECTORY`, `SQLITE_CONSTRAINT_TRIGGER`, ...).
 */
export function sqliteCode(error: unknown): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_') ? code : null;
}

/** The file itself is damaged: set it aside, never write to it again. */
export function isCorruption(error: unknown): boolean {
  const code = sqliteCode(error);
  return code !== null && (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB');
}

/** Every journal sentence opens with this (the shared ones in shared/error-sentences.ts too). */
const pausedPrefix = 'The sale journal cannot be written, so selling is paused.';

/**
 * Why the journal cannot take a write, in words for the person at the till (a shared sentence, so
 * in their language). The sales layer will not call the partner after one of these, so every cause
 * a cashier could meet must land here.
 */
function unavailableReason(code: string): SentenceKey {
  if (code === 'SQLITE_FULL') return 'said.journal.diskFull';
  if (code.startsWith('SQLITE_READONLY_DIRECTORY')) return 'said.journal.folderReadOnly';
  if (code.startsWith('SQLITE_READONLY')) return 'said.journal.fileReadOnly';
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) return 'said.journal.busy';
  if (code.startsWith('SQLITE_CANTOPEN') || code === 'SQLITE_PERM' || code === 'SQLITE_AUTH') return 'said.journal.cantOpen';
  if (code.startsWith('SQLITE_IOERR')) return 'said.journal.diskError';
  if (code === 'SQLITE_NOMEM') return 'said.journal.noMemory';
  return 'said.journal.storageError';
}

/** Opening the journal failed for a reason of its own (a folder, a damaged file): English, with the path. */
export function journalUnavailable(reason: string): PosError {
  return posError('JOURNAL_UNAVAILABLE', `${pausedPrefix} ${reason}`);
}

/**
 * Turns anything a journal call threw into a value. Constraint failures are refusals of a bad
 * request (the triggers guard the rules); everything else means the journal cannot be trusted to
 * hold a write right now.
 */
export function toJournalError(error: unknown): PosError {
  const code = sqliteCode(error);
  if (code === null) return saidError('JOURNAL_UNAVAILABLE', 'said.journal.unexpected');
  if (code.startsWith('SQLITE_CONSTRAINT')) return posError('CONFLICT', constraintMessage(error as Error));
  return saidError('JOURNAL_UNAVAILABLE', unavailableReason(code));
}

/** Trigger messages are written for people (see migrations); SQL's own constraint text is not. */
function constraintMessage(error: Error): string {
  const text = error.message ?? '';
  if (/^[A-Z][^:]*\.$/.test(text)) return text;
  return 'The journal refused this change because it breaks one of its rules.';
}
