import { chainTriggers } from '../chain-spec';
import { drawerOpeningsChain } from '../chain-tables';
import { neverDeleted } from './never-deleted';

/**
 * 15: the cash drawer opened without a sale ("no sale"): to give change for a note, to check a
 * note, to count. A drawer that opens unseen is the oldest way to take money from a till, so each
 * opening is a row of its own, in an open shift of this terminal, with who and why; it is never
 * changed or deleted, it is chained (head office sees it), and the shift's X and Z reports list it.
 *
 * The table is new and empty when this step first runs, so only its triggers are chained (no
 * backfill). Written to run again on a file that already has it (tests set user_version back).
 */
export const drawerOpenings = `
  CREATE TABLE IF NOT EXISTS drawer_openings (
    id          INTEGER PRIMARY KEY,
    terminal_id TEXT NOT NULL,
    shift_id    INTEGER NOT NULL REFERENCES shifts (id),
    staff_id    INTEGER NOT NULL REFERENCES staff (id),
    reason      TEXT NOT NULL CHECK (length(trim(reason)) > 0),
    at          TEXT NOT NULL
  ) STRICT;
  CREATE INDEX IF NOT EXISTS drawer_openings_by_shift ON drawer_openings (shift_id);

  DROP TRIGGER IF EXISTS drawer_openings_open_shift;
  CREATE TRIGGER drawer_openings_open_shift BEFORE INSERT ON drawer_openings
  WHEN NOT EXISTS (SELECT 1 FROM shifts WHERE id = NEW.shift_id AND terminal_id = NEW.terminal_id AND closed_at IS NULL)
  BEGIN SELECT RAISE(ABORT, 'The drawer can only be opened in an open shift on this terminal.'); END;

  DROP TRIGGER IF EXISTS drawer_openings_fixed;
  CREATE TRIGGER drawer_openings_fixed BEFORE UPDATE ON drawer_openings
  BEGIN SELECT RAISE(ABORT, 'A recorded drawer opening cannot be changed.'); END;

  DROP TRIGGER IF EXISTS drawer_openings_never_deleted;
  ${neverDeleted(['drawer_openings'])}

  DROP TRIGGER IF EXISTS drawer_openings_chain_insert;
  ${chainTriggers([drawerOpeningsChain])}
`;
