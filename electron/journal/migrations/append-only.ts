import { neverDeleted } from './never-deleted';

/**
 * A table whose rows, once written, are never changed or deleted: its `_fixed` and `_never_deleted`
 * triggers, dropped first so the step can run again on a file that has them (tests set
 * user_version back). `changed` is the sentence a refused change says. For steps from 16 on; the
 * steps before wrote theirs out and, having shipped, stay as they are.
 */
export function appendOnly(table: string, changed: string): string {
  return `DROP TRIGGER IF EXISTS ${table}_fixed;
  CREATE TRIGGER ${table}_fixed BEFORE UPDATE ON ${table}
  BEGIN SELECT RAISE(ABORT, '${changed.replace(/'/g, "''")}'); END;

  DROP TRIGGER IF EXISTS ${table}_never_deleted;
  ${neverDeleted([table])}`;
}
