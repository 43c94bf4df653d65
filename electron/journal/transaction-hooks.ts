import type Database from 'better-sqlite3';

/**
 * Work others register to run inside a journal write's own transaction (a receipt queued with the
 * sale it confirms, a voucher with its cash movement): one commit for both. Each piece runs in a
 * savepoint of its own, so one that throws takes back only its own writes and the write it rides
 * on stands.
 */
export interface TransactionHooks<T> {
  /** Registers `work`; the returned function stops it. */
  add(work: (value: T) => void): () => void;
  /** Runs every registered piece of work for `value`; call it inside the write's transaction. */
  run(value: T): void;
}

export function createTransactionHooks<T>(db: Database.Database): TransactionHooks<T> {
  const works = new Set<(value: T) => void>();
  const inSavepoint = db.transaction((work: (value: T) => void, value: T) => work(value));
  return {
    add(work) {
      works.add(work);
      return () => void works.delete(work);
    },
    run(value) {
      for (const work of works) {
        try {
          inSavepoint(work, value);
        } catch {
          // The write stands whatever the work did.
        }
      }
    },
  };
}
