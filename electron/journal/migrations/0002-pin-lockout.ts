import { neverDeleted } from './never-deleted';

/**
 * 2: PIN lockout per member of staff, and the staff audit trail. The lockout lives in the journal
 * so that a restart does not clear it and every screen that asks for a PIN (sign-in, a supervisor
 * approving a refund) counts towards the same lock. Each attempt is counted before the PIN is
 * looked at, in one transaction, so parallel guesses cannot all slip past the count.
 */
export const pinLockout = `
  CREATE TABLE pin_lockouts (
    staff_id        INTEGER PRIMARY KEY REFERENCES staff (id),
    -- PIN attempts since the last right PIN or the last lock, counted before each is evaluated
    attempts        INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    -- locks in a row since the last right PIN: each lasts twice as long as the one before
    locks_in_a_row  INTEGER NOT NULL DEFAULT 0 CHECK (locks_in_a_row >= 0),
    locked_until    TEXT,
    updated_at      TEXT NOT NULL
  ) STRICT;

  CREATE TABLE staff_audit (
    id           INTEGER PRIMARY KEY,
    terminal_id  TEXT NOT NULL,
    staff_id     INTEGER REFERENCES staff (id),
    kind         TEXT NOT NULL CHECK (kind IN ('pin-locked')),
    at           TEXT NOT NULL,
    detail_json  TEXT NOT NULL CHECK (json_valid(detail_json))
  ) STRICT;
  CREATE INDEX staff_audit_by_staff ON staff_audit (staff_id, at);

  CREATE TRIGGER staff_audit_fixed BEFORE UPDATE ON staff_audit
  BEGIN SELECT RAISE(ABORT, 'A staff audit event cannot be changed.'); END;

  ${neverDeleted(['staff_audit'])}
`;
