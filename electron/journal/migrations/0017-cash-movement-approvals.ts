import { chainTriggers } from '../chain-spec';
import { cashMovementApprovalsChain } from '../chain-tables';
import { appendOnly } from './append-only';

/**
 * 17: a supervisor's approval of a cashier's cash out. Where only supervisors may take cash out of
 * the drawer (printer.cashOutBy), a supervisor types their PIN on the cashier's screen for that one
 * movement, as for a no sale (step 16). The movement stays the cashier's; the approval is a row of
 * its own beside it, so cash_movements and its chained content stay as they were. The database
 * itself refuses an approval of anything but a cash out, by anyone but an active supervisor other
 * than the person who took the cash, a second approval of one movement, and any change or delete.
 *
 * The table is new and empty when this step first runs, so only its triggers are chained (no
 * backfill). Written to run again on a file that already has it (tests set user_version back).
 */
export const cashMovementApprovals = `
  CREATE TABLE IF NOT EXISTS cash_movement_approvals (
    id          INTEGER PRIMARY KEY REFERENCES cash_movements (id),
    terminal_id TEXT NOT NULL,
    approved_by INTEGER NOT NULL REFERENCES staff (id),
    at          TEXT NOT NULL
  ) STRICT;

  DROP TRIGGER IF EXISTS cash_movement_approvals_by_another_supervisor;
  CREATE TRIGGER cash_movement_approvals_by_another_supervisor BEFORE INSERT ON cash_movement_approvals
  WHEN NOT EXISTS (
    SELECT 1 FROM cash_movements m JOIN staff s ON s.id = NEW.approved_by
    WHERE m.id = NEW.id AND m.kind = 'out' AND m.terminal_id = NEW.terminal_id AND m.staff_id <> NEW.approved_by
      AND s.role = 'supervisor' AND s.active = 1
  )
  BEGIN SELECT RAISE(ABORT, 'Only an active supervisor other than the person who took the cash can approve a cash out.'); END;

  ${appendOnly('cash_movement_approvals', 'A recorded approval cannot be changed.')}

  DROP TRIGGER IF EXISTS cash_movement_approvals_chain_insert;
  ${chainTriggers([cashMovementApprovalsChain])}
`;
