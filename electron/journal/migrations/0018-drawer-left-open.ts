import { appendOnly } from './append-only';

/**
 * 18: each time the cash drawer was left open a minute or more (its sensor, `printer.drawerSensor`,
 * read through the printer), from when it opened to when it was shut, in the shift it happened in:
 * the X and Z reports count them, so an owner sees a drawer left standing open as she sees a no
 * sale. Not money, so not chained; the database still refuses a row outside this terminal's open
 * shift, one that shuts before it opens, and any change or delete.
 *
 * The table is new and empty when this step first runs. Written to run again on a file that
 * already has it (tests set user_version back).
 */
export const drawerLeftOpen = `
  CREATE TABLE IF NOT EXISTS drawer_left_open (
    id          INTEGER PRIMARY KEY,
    terminal_id TEXT NOT NULL,
    shift_id    INTEGER NOT NULL REFERENCES shifts (id),
    opened_at   TEXT NOT NULL,
    closed_at   TEXT NOT NULL,
    CHECK (closed_at >= opened_at)
  ) STRICT;
  CREATE INDEX IF NOT EXISTS drawer_left_open_by_shift ON drawer_left_open (shift_id);

  DROP TRIGGER IF EXISTS drawer_left_open_in_open_shift;
  CREATE TRIGGER drawer_left_open_in_open_shift BEFORE INSERT ON drawer_left_open
  WHEN NOT EXISTS (SELECT 1 FROM shifts WHERE id = NEW.shift_id AND terminal_id = NEW.terminal_id AND closed_at IS NULL)
  BEGIN SELECT RAISE(ABORT, 'The drawer left open is recorded only in this terminal''s open shift.'); END;

  ${appendOnly('drawer_left_open', 'A recorded time the drawer was left open cannot be changed.')}
`;
