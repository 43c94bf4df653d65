import { neverDeleted } from './never-deleted';

/**
 * 12: a kiosk receipt that did not print while its customer was at the kiosk is `held`: it never
 * prints by itself once nobody is there to take it (a cinema receipt carries the ADMIT code), and
 * staff print it, once, when the customer shows the code at the desk. `print_jobs` is rebuilt
 * (SQLite cannot change a CHECK in place) with:
 * - state `held`, for a sale's original receipt only, and only from `queued` (nothing of it can be
 *   on paper: a job that may have printed is `failed` and never queued again);
 * - `held_at`: when it was held. Set once, never changed: a held receipt staff let go prints, and
 *   is never held a second time.
 * A held job leaves only for `queued` (staff print it now).
 */
export const heldKioskReceipts = `
  DROP TRIGGER print_jobs_never_deleted;
  DROP TRIGGER print_jobs_legal_transition;
  DROP TRIGGER print_jobs_content_fixed;
  DROP TRIGGER print_jobs_no_second_original;
  DROP TRIGGER print_jobs_paper_is_final;
  DROP TRIGGER print_jobs_superseded_once;
  DROP TRIGGER print_jobs_receipt_numbers_gapless;
  DROP TRIGGER print_jobs_copy_keeps_number;
  DROP INDEX print_jobs_queue;
  DROP INDEX print_jobs_one_receipt_per_sale;
  DROP INDEX print_jobs_copy_numbers;
  DROP INDEX print_jobs_receipt_numbers;

  CREATE TABLE print_jobs_v12 (
    id               INTEGER PRIMARY KEY,
    terminal_id      TEXT NOT NULL,
    shift_id         INTEGER REFERENCES shifts (id),
    sale_id          TEXT REFERENCES sales (id),
    kind             TEXT NOT NULL CHECK (kind IN ('receipt', 'reprint', 'slip', 'report', 'test')),
    copy_number      INTEGER NOT NULL CHECK (copy_number > 0),
    receipt_number   INTEGER CHECK (receipt_number > 0),
    state            TEXT NOT NULL CHECK (state IN ('queued', 'printing', 'printed', 'failed', 'held')),
    attempts         INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    next_attempt_at  TEXT NOT NULL,
    deadline_at      TEXT NOT NULL,
    last_error       TEXT,
    payload_json     TEXT NOT NULL CHECK (json_valid(payload_json)),
    may_have_printed INTEGER NOT NULL DEFAULT 0 CHECK (may_have_printed IN (0, 1)),
    printed_at       TEXT,
    superseded_by    INTEGER,
    created_at       TEXT NOT NULL,
    updated_at       TEXT NOT NULL,
    last_error_said  TEXT,
    held_at          TEXT,
    CHECK (kind NOT IN ('receipt', 'reprint') OR sale_id IS NOT NULL),
    CHECK (kind NOT IN ('report', 'test') OR sale_id IS NULL),
    CHECK ((kind = 'receipt') <= (receipt_number IS NOT NULL)),
    CHECK (kind IN ('receipt', 'reprint') OR receipt_number IS NULL),
    CHECK (state <> 'held' OR (kind = 'receipt' AND held_at IS NOT NULL AND may_have_printed = 0))
  ) STRICT;

  INSERT INTO print_jobs_v12 (id, terminal_id, shift_id, sale_id, kind, copy_number, receipt_number, state, attempts,
      next_attempt_at, deadline_at, last_error, payload_json, may_have_printed, printed_at, superseded_by, created_at, updated_at, last_error_said)
    SELECT id, terminal_id, shift_id, sale_id, kind, copy_number, receipt_number, state, attempts,
      next_attempt_at, deadline_at, last_error, payload_json, may_have_printed, printed_at, superseded_by, created_at, updated_at, last_error_said
    FROM print_jobs ORDER BY id;

  DROP TABLE print_jobs;
  ALTER TABLE print_jobs_v12 RENAME TO print_jobs;

  CREATE INDEX print_jobs_queue ON print_jobs (terminal_id, state, id);
  CREATE UNIQUE INDEX print_jobs_one_receipt_per_sale ON print_jobs (sale_id) WHERE kind = 'receipt';
  CREATE UNIQUE INDEX print_jobs_copy_numbers ON print_jobs (sale_id, copy_number) WHERE kind IN ('receipt', 'reprint');
  CREATE UNIQUE INDEX print_jobs_receipt_numbers ON print_jobs (terminal_id, receipt_number) WHERE kind = 'receipt';

  CREATE TRIGGER print_jobs_receipt_numbers_gapless BEFORE INSERT ON print_jobs
  WHEN NEW.kind = 'receipt' AND NEW.receipt_number IS NOT
    (SELECT coalesce(max(receipt_number), 0) + 1 FROM print_jobs WHERE terminal_id = NEW.terminal_id AND kind = 'receipt')
  BEGIN SELECT RAISE(ABORT, 'Receipt numbers run without gaps: a new receipt takes the next number of its terminal.'); END;

  CREATE TRIGGER print_jobs_copy_keeps_number BEFORE INSERT ON print_jobs
  WHEN NEW.kind = 'reprint' AND NEW.receipt_number IS NOT
    (SELECT receipt_number FROM print_jobs WHERE sale_id = NEW.sale_id AND kind = 'receipt')
  BEGIN SELECT RAISE(ABORT, 'A copy carries the receipt number of its original.'); END;

  CREATE TRIGGER print_jobs_legal_transition BEFORE UPDATE OF state ON print_jobs
  WHEN NOT (
       (OLD.state = 'queued'   AND NEW.state IN ('printing', 'failed', 'held'))
    OR (OLD.state = 'printing' AND NEW.state IN ('printed', 'queued', 'failed'))
    OR (OLD.state = 'failed'   AND NEW.state = 'queued')
    OR (OLD.state = 'held'     AND NEW.state = 'queued'))
  BEGIN SELECT RAISE(ABORT, 'That change of print job state is not allowed.'); END;

  CREATE TRIGGER print_jobs_held_once BEFORE UPDATE OF state, held_at ON print_jobs
  WHEN (OLD.held_at IS NOT NULL AND NEW.held_at IS NOT OLD.held_at)
    OR (NEW.state = 'held' AND OLD.state <> 'held' AND OLD.held_at IS NOT NULL)
  BEGIN SELECT RAISE(ABORT, 'A kiosk receipt is held once: staff printed it, so it is not held again.'); END;

  CREATE TRIGGER print_jobs_no_second_original BEFORE UPDATE OF state ON print_jobs
  WHEN NEW.state = 'queued' AND OLD.state <> 'queued' AND NEW.may_have_printed = 1 AND OLD.kind IN ('receipt', 'reprint', 'slip')
  BEGIN SELECT RAISE(ABORT, 'This may already be on paper: print a copy instead of sending it again.'); END;

  CREATE TRIGGER print_jobs_paper_is_final BEFORE UPDATE OF may_have_printed ON print_jobs
  WHEN OLD.may_have_printed = 1 AND NEW.may_have_printed = 0
  BEGIN SELECT RAISE(ABORT, 'Once a print job may have reached the paper, that stays recorded.'); END;

  CREATE TRIGGER print_jobs_superseded_once BEFORE UPDATE OF superseded_by ON print_jobs
  WHEN OLD.superseded_by IS NOT NULL OR NEW.state <> 'failed'
    OR NOT EXISTS (SELECT 1 FROM print_jobs AS later WHERE later.id = NEW.superseded_by AND later.id > OLD.id)
  BEGIN SELECT RAISE(ABORT, 'Only a failed print job is replaced, once, by a later one.'); END;

  CREATE TRIGGER print_jobs_content_fixed BEFORE UPDATE ON print_jobs
  WHEN NEW.id IS NOT OLD.id OR NEW.terminal_id IS NOT OLD.terminal_id OR NEW.sale_id IS NOT OLD.sale_id
    OR NEW.kind IS NOT OLD.kind OR NEW.copy_number IS NOT OLD.copy_number OR NEW.payload_json IS NOT OLD.payload_json
    OR NEW.receipt_number IS NOT OLD.receipt_number OR NEW.created_at IS NOT OLD.created_at
  BEGIN SELECT RAISE(ABORT, 'What a print job prints cannot be changed.'); END;

  ${neverDeleted(['print_jobs'])}
`;
