import { posError, type PosError } from '../../shared/errors';

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

const pausedPrefix = 'The sale journal cannot be written, so selling is paused.';

/**
 * Why the journal cannot take a write, in words for the person at the till. The sales layer will
 * not call the partner after one of these, so every cause a cashier could meet must land here.
 */
function unavailableReason(code: string): string {
  if (code === 'SQLITE_FULL') return 'The disk is full. Free some space on this computer (or ask a supervisor to), then try again.';
  if (code.startsWith('SQLITE_READONLY_DIRECTORY'))
    return "The journal's folder is read-only. Ask a supervisor to check the data folder's permissions, then restart Lobby POS.";
  if (code.startsWith('SQLITE_READONLY'))
    return 'The journal file is read-only. Ask a supervisor to check the data folder and its permissions, then restart Lobby POS.';
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'))
    return 'Another program is holding the journal (is Lobby POS open twice?). Close it and try again.';
  if (code.startsWith('SQLITE_CANTOPEN') || code === 'SQLITE_PERM' || code === 'SQLITE_AUTH')
    return 'The journal file cannot be opened. Ask a supervisor to check that the data folder exists and can be written.';
  if (code.startsWith('SQLITE_IOERR')) return 'The disk reported an error. Ask a supervisor to check the disk, then restart Lobby POS.';
  if (code === 'SQLITE_NOMEM') return 'This computer is out of memory. Restart Lobby POS.';
  return 'An unexpected storage error happened. Restart Lobby POS; if it happens again, call support.';
}

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
  if (code === null) {
    return journalUnavailable('An unexpected error happened in the journal. Restart Lobby POS; if it happens again, call support.');
  }
  if (code.startsWith('SQLITE_CONSTRAINT')) return posError('CONFLICT', constraintMessage(error as Error));
  return journalUnavailable(unavailableReason(code));
}

/** Trigger messages are written for people (see migrations); SQL's own constraint text is not. */
function constraintMessage(error: Error): string {
  const text = error.message ?? '';
  if (/^[A-Z][^:]*\.$/.test(text)) return text;
  return 'The journal refused this change because it breaks one of its rules.';
}
