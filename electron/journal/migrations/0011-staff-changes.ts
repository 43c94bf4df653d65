import { neverDeleted } from './never-deleted';

/**
 * 11: a supervisor manages the staff list. Deactivating someone who left, reactivating them and
 * setting a new PIN (which clears a PIN lock) each leave an event in the staff audit trail, whose
 * kinds are widened here (SQLite cannot alter a CHECK, so the table is rebuilt with its rows, its
 * index and its triggers). Staff rows are still never deleted: someone who left is `active = 0`.
 *
 * The journal itself keeps one active supervisor at least: the last one can neither be
 * deactivated nor made a cashier, whatever code asks.
 */
export const staffChanges = `
  CREATE TABLE staff_audit_new (
    id           INTEGER PRIMARY KEY,
    terminal_id  TEXT NOT NULL,
    staff_id     INTEGER REFERENCES staff (id),
    kind         TEXT NOT NULL CHECK (kind IN ('pin-locked', 'deactivated', 'reactivated', 'pin-set')),
    at           TEXT NOT NULL,
    detail_json  TEXT NOT NULL CHECK (json_valid(detail_json))
  ) STRICT;
  INSERT INTO staff_audit_new (id, terminal_id, staff_id, kind, at, detail_json)
    SELECT id, terminal_id, staff_id, kind, at, detail_json FROM staff_audit ORDER BY id;
  DROP TRIGGER staff_audit_never_deleted;
  DROP TRIGGER staff_audit_fixed;
  DROP TABLE staff_audit;
  ALTER TABLE staff_audit_new RENAME TO staff_audit;
  CREATE INDEX staff_audit_by_staff ON staff_audit (staff_id, at);

  CREATE TRIGGER staff_audit_fixed BEFORE UPDATE ON staff_audit
  BEGIN SELECT RAISE(ABORT, 'A staff audit event cannot be changed.'); END;

  ${neverDeleted(['staff_audit'])}

  -- IF EXISTS: the step runs again cleanly on a file whose user_version was set back (tests rewind files so).
  DROP TRIGGER IF EXISTS staff_keeps_a_supervisor;
  CREATE TRIGGER staff_keeps_a_supervisor BEFORE UPDATE OF active, role ON staff
  WHEN OLD.active = 1 AND OLD.role = 'supervisor' AND (NEW.active = 0 OR NEW.role <> 'supervisor')
    AND NOT EXISTS (SELECT 1 FROM staff WHERE id <> OLD.id AND role = 'supervisor' AND active = 1)
  BEGIN SELECT RAISE(ABORT, 'The last active supervisor cannot be deactivated.'); END;
`;
