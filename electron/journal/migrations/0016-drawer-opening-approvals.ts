import { chainTriggers } from '../chain-spec';
import { drawerOpeningApprovalsChain } from '../chain-tables';
import { appendOnly } from './append-only';

/**
 * 16: a supervisor's approval of a cashier's "no sale". Where only supervisors may open the drawer
 * without a sale (printer.noSaleBy), a supervisor types their PIN on the cashier's screen for that
 * one opening, as for a refund. The opening stays the cashier's (who opened it and why); the
 * approval is a row of its own beside it, so drawer_openings and its chained content stay as step
 * 15 made them. The database itself refuses an approval by anyone but an active supervisor other
 * than the person who opened the drawer, a second approval of one opening, and any change or delete.
 *
 * The table is new and empty when this step first runs, so only its triggers are chained (no
 * backfill). Written to run again on a file that already has it (tests set user_version back).
 */
export const drawerOpeningApprovals = `
  CREATE TABLE IF NOT EXISTS drawer_opening_approvals (
    id          INTEGER PRIMARY KEY REFERENCES drawer_openings (id),
    terminal_id TEXT NOT NULL,
    approved_by INTEGER NOT NULL REFERENCES staff (id),
    at          TEXT NOT NULL
  ) STRICT;

  DROP TRIGGER IF EXISTS drawer_opening_approvals_by_another_supervisor;
  CREATE TRIGGER drawer_opening_approvals_by_another_supervisor BEFORE INSERT ON drawer_opening_approvals
  WHEN NOT EXISTS (
    SELECT 1 FROM drawer_openings o JOIN staff s ON s.id = NEW.approved_by
    WHERE o.id = NEW.id AND o.terminal_id = NEW.terminal_id AND o.staff_id <> NEW.approved_by
      AND s.role = 'supervisor' AND s.active = 1
  )
  BEGIN SELECT RAISE(ABORT, 'Only an active supervisor other than the person who opened the drawer can approve a no sale.'); END;

  ${appendOnly('drawer_opening_approvals', 'A recorded approval cannot be changed.')}

  DROP TRIGGER IF EXISTS drawer_opening_approvals_chain_insert;
  ${chainTriggers([drawerOpeningApprovalsChain])}
`;
