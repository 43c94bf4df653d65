import { neverDeleted } from './never-deleted';

/** 1: staff, shifts, cash movements, sales with events and tenders, print jobs. */
export const initial = `
  CREATE TABLE staff (
    id          INTEGER PRIMARY KEY,
    terminal_id TEXT NOT NULL,
    name        TEXT NOT NULL COLLATE NOCASE UNIQUE CHECK (length(trim(name)) > 0),
    role        TEXT NOT NULL CHECK (role IN ('cashier', 'supervisor')),
    pin_hash    TEXT NOT NULL,
    active      INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
    created_at  TEXT NOT NULL
  ) STRICT;

  CREATE TABLE shifts (
    id            INTEGER PRIMARY KEY,
    terminal_id   TEXT NOT NULL,
    number        INTEGER NOT NULL CHECK (number > 0),
    opened_by     INTEGER NOT NULL REFERENCES staff (id),
    opened_at     TEXT NOT NULL,
    float_kobo    INTEGER NOT NULL CHECK (float_kobo >= 0),
    closed_by     INTEGER REFERENCES staff (id),
    closed_at     TEXT,
    counted_kobo  INTEGER CHECK (counted_kobo >= 0),
    expected_kobo INTEGER,
    z_number      INTEGER CHECK (z_number > 0),
    z_report_json TEXT CHECK (json_valid(z_report_json)),
    UNIQUE (terminal_id, number),
    UNIQUE (terminal_id, z_number),
    -- a shift is either open (nothing of the close set) or closed (all of it)
    CHECK ((closed_at IS NULL) = (closed_by IS NULL)
       AND (closed_at IS NULL) = (counted_kobo IS NULL)
       AND (closed_at IS NULL) = (expected_kobo IS NULL)
       AND (closed_at IS NULL) = (z_number IS NULL)
       AND (closed_at IS NULL) = (z_report_json IS NULL))
  ) STRICT;
  CREATE UNIQUE INDEX shifts_one_open_per_terminal ON shifts (terminal_id) WHERE closed_at IS NULL;

  CREATE TRIGGER shifts_close_once BEFORE UPDATE ON shifts
  WHEN OLD.closed_at IS NOT NULL
  BEGIN SELECT RAISE(ABORT, 'This shift is closed; its Z report can no longer be changed.'); END;

  CREATE TRIGGER shifts_opening_fixed BEFORE UPDATE ON shifts
  WHEN NEW.id IS NOT OLD.id OR NEW.terminal_id IS NOT OLD.terminal_id OR NEW.number IS NOT OLD.number
    OR NEW.opened_by IS NOT OLD.opened_by OR NEW.opened_at IS NOT OLD.opened_at OR NEW.float_kobo IS NOT OLD.float_kobo
  BEGIN SELECT RAISE(ABORT, 'How a shift was opened cannot be changed.'); END;

  CREATE TABLE cash_movements (
    id          INTEGER PRIMARY KEY,
    terminal_id TEXT NOT NULL,
    shift_id    INTEGER NOT NULL REFERENCES shifts (id),
    kind        TEXT NOT NULL CHECK (kind IN ('in', 'out')),
    amount_kobo INTEGER NOT NULL CHECK (amount_kobo > 0),
    reason      TEXT NOT NULL CHECK (length(trim(reason)) > 0),
    staff_id    INTEGER NOT NULL REFERENCES staff (id),
    at          TEXT NOT NULL
  ) STRICT;
  CREATE INDEX cash_movements_by_shift ON cash_movements (shift_id);

  CREATE TRIGGER cash_movements_open_shift BEFORE INSERT ON cash_movements
  WHEN NOT EXISTS (SELECT 1 FROM shifts WHERE id = NEW.shift_id AND terminal_id = NEW.terminal_id AND closed_at IS NULL)
  BEGIN SELECT RAISE(ABORT, 'Cash can only be moved in an open shift on this terminal.'); END;

  CREATE TRIGGER cash_movements_fixed BEFORE UPDATE ON cash_movements
  BEGIN SELECT RAISE(ABORT, 'A recorded cash movement cannot be changed.'); END;

  CREATE TABLE sales (
    id                  TEXT PRIMARY KEY CHECK (length(id) BETWEEN 1 AND 64),
    terminal_id         TEXT NOT NULL,
    shift_id            INTEGER NOT NULL REFERENCES shifts (id),
    staff_id            INTEGER REFERENCES staff (id),
    kind                TEXT NOT NULL CHECK (kind IN ('cinema', 'hotel')),
    state               TEXT NOT NULL CHECK (state IN ('pending', 'sent', 'confirmed', 'rejected', 'unknown')),
    quote_kobo          INTEGER NOT NULL CHECK (quote_kobo >= 0),
    partner_amount_kobo INTEGER CHECK (partner_amount_kobo >= 0),
    amount_mismatch     INTEGER NOT NULL DEFAULT 0
                        CHECK (amount_mismatch = (partner_amount_kobo IS NOT NULL AND partner_amount_kobo <> quote_kobo)),
    request_json        TEXT NOT NULL CHECK (json_valid(request_json)),
    details_json        TEXT NOT NULL CHECK (json_valid(details_json)),
    partner_reference   TEXT,
    invoice_id          TEXT,
    booking_number      TEXT,
    failure_reason      TEXT,
    created_at          TEXT NOT NULL,
    updated_at          TEXT NOT NULL
  ) STRICT;
  CREATE INDEX sales_by_state ON sales (state);
  CREATE INDEX sales_by_shift ON sales (shift_id);
  CREATE INDEX sales_by_created ON sales (created_at);

  CREATE TRIGGER sales_start_pending BEFORE INSERT ON sales
  WHEN NEW.state <> 'pending'
  BEGIN SELECT RAISE(ABORT, 'A sale is always written down as pending first.'); END;

  CREATE TRIGGER sales_open_shift BEFORE INSERT ON sales
  WHEN NOT EXISTS (SELECT 1 FROM shifts WHERE id = NEW.shift_id AND terminal_id = NEW.terminal_id AND closed_at IS NULL)
  BEGIN SELECT RAISE(ABORT, 'A sale can only be made in an open shift on this terminal.'); END;

  CREATE TRIGGER sales_legal_transition BEFORE UPDATE ON sales
  WHEN NOT (
       (OLD.state = 'pending' AND NEW.state IN ('sent', 'rejected'))
    OR (OLD.state = 'sent'    AND NEW.state IN ('confirmed', 'rejected', 'unknown'))
    OR (OLD.state = 'unknown' AND NEW.state IN ('confirmed', 'rejected')))
  BEGIN SELECT RAISE(ABORT, 'That change of sale state is not allowed.'); END;

  CREATE TRIGGER sales_what_was_sold_fixed BEFORE UPDATE ON sales
  WHEN NEW.id IS NOT OLD.id OR NEW.terminal_id IS NOT OLD.terminal_id OR NEW.shift_id IS NOT OLD.shift_id
    OR NEW.staff_id IS NOT OLD.staff_id OR NEW.kind IS NOT OLD.kind OR NEW.quote_kobo IS NOT OLD.quote_kobo
    OR NEW.request_json IS NOT OLD.request_json OR NEW.details_json IS NOT OLD.details_json OR NEW.created_at IS NOT OLD.created_at
  BEGIN SELECT RAISE(ABORT, 'What a sale sold, to whom and for how much cannot be changed.'); END;

  CREATE TABLE sale_events (
    id          INTEGER PRIMARY KEY,
    sale_id     TEXT NOT NULL REFERENCES sales (id),
    terminal_id TEXT NOT NULL,
    shift_id    INTEGER NOT NULL REFERENCES shifts (id),
    from_state  TEXT,
    to_state    TEXT NOT NULL,
    at          TEXT NOT NULL,
    detail_json TEXT NOT NULL CHECK (json_valid(detail_json))
  ) STRICT;
  CREATE INDEX sale_events_by_sale ON sale_events (sale_id);

  CREATE TRIGGER sale_events_fixed BEFORE UPDATE ON sale_events
  BEGIN SELECT RAISE(ABORT, 'A sale event cannot be changed.'); END;

  CREATE TABLE tenders (
    id                 INTEGER PRIMARY KEY,
    sale_id            TEXT NOT NULL REFERENCES sales (id),
    terminal_id        TEXT NOT NULL,
    shift_id           INTEGER NOT NULL REFERENCES shifts (id),
    kind               TEXT NOT NULL CHECK (kind IN ('cash', 'card', 'transfer')),
    amount_kobo        INTEGER NOT NULL CHECK (amount_kobo > 0),
    tendered_kobo      INTEGER,
    change_kobo        INTEGER,
    approval_code      TEXT,
    transfer_reference TEXT,
    CHECK (CASE kind
      WHEN 'cash' THEN tendered_kobo >= amount_kobo AND change_kobo = tendered_kobo - amount_kobo
                   AND approval_code IS NULL AND transfer_reference IS NULL
      WHEN 'card' THEN tendered_kobo IS NULL AND change_kobo IS NULL AND transfer_reference IS NULL
      ELSE tendered_kobo IS NULL AND change_kobo IS NULL AND approval_code IS NULL AND length(trim(transfer_reference)) > 0
    END)
  ) STRICT;
  CREATE INDEX tenders_by_sale ON tenders (sale_id);

  CREATE TRIGGER tenders_fixed BEFORE UPDATE ON tenders
  BEGIN SELECT RAISE(ABORT, 'A recorded tender cannot be changed.'); END;

  CREATE TABLE print_jobs (
    id              INTEGER PRIMARY KEY,
    terminal_id     TEXT NOT NULL,
    shift_id        INTEGER REFERENCES shifts (id),
    sale_id         TEXT REFERENCES sales (id),
    kind            TEXT NOT NULL CHECK (kind IN ('receipt', 'reprint', 'report', 'test')),
    copy_number     INTEGER NOT NULL CHECK (copy_number > 0),
    state           TEXT NOT NULL CHECK (state IN ('queued', 'printing', 'printed', 'failed')),
    attempts        INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    next_attempt_at TEXT NOT NULL,
    deadline_at     TEXT NOT NULL,
    last_error      TEXT,
    payload_json    TEXT NOT NULL CHECK (json_valid(payload_json)),
    created_at      TEXT NOT NULL,
    updated_at      TEXT NOT NULL,
    CHECK ((kind IN ('receipt', 'reprint')) = (sale_id IS NOT NULL))
  ) STRICT;
  CREATE INDEX print_jobs_due ON print_jobs (state, next_attempt_at);
  CREATE UNIQUE INDEX print_jobs_one_receipt_per_sale ON print_jobs (sale_id) WHERE kind = 'receipt';
  CREATE UNIQUE INDEX print_jobs_copy_numbers ON print_jobs (sale_id, copy_number) WHERE sale_id IS NOT NULL;

  CREATE TRIGGER print_jobs_legal_transition BEFORE UPDATE OF state ON print_jobs
  WHEN NOT (
       (OLD.state = 'queued'   AND NEW.state IN ('printing', 'failed'))
    OR (OLD.state = 'printing' AND NEW.state IN ('printed', 'queued', 'failed'))
    OR (OLD.state = 'failed'   AND NEW.state = 'queued'))
  BEGIN SELECT RAISE(ABORT, 'That change of print job state is not allowed.'); END;

  CREATE TRIGGER print_jobs_content_fixed BEFORE UPDATE ON print_jobs
  WHEN NEW.id IS NOT OLD.id OR NEW.terminal_id IS NOT OLD.terminal_id OR NEW.sale_id IS NOT OLD.sale_id
    OR NEW.kind IS NOT OLD.kind OR NEW.copy_number IS NOT OLD.copy_number OR NEW.payload_json IS NOT OLD.payload_json
    OR NEW.created_at IS NOT OLD.created_at
  BEGIN SELECT RAISE(ABORT, 'What a print job prints cannot be changed.'); END;

  ${neverDeleted(['staff', 'shifts', 'cash_movements', 'sales', 'sale_events', 'tenders', 'print_jobs'])}
  `;

