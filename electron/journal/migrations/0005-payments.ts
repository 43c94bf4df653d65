import { neverDeleted } from './never-deleted';

/**
 * 5: card payments taken at an integrated terminal. One row per attempt, moved along its states
 * (`started` -> approved | declined | cancelled | timed-out | failed | unknown; unknown -> a
 * definite one; approved -> reversing -> reversed), each move an appended event.
 *
 * The money rules are triggers, so no code path can break them:
 * - never two charges for one sale: a new attempt only while every earlier one ended uncharged;
 * - an attempt only for a sale waiting to be paid (pending);
 * - a self-service sale, or one paid at the terminal, goes to the partner only once its payment is approved;
 * - a payment is reversed only for a sale that did not happen (rejected);
 * - what was recorded of a payment (references, approval code, masked card) never changes;
 * - a card number is never written: the card column holds `**** 1234` at most (free text is
 *   scrubbed of card numbers by the repository; references are opaque and may be all digits).
 */
export const payments = `
  CREATE TABLE card_payments (
    id                    INTEGER PRIMARY KEY,
    sale_id               TEXT NOT NULL REFERENCES sales (id),
    attempt               INTEGER NOT NULL CHECK (attempt > 0),
    reference             TEXT NOT NULL UNIQUE CHECK (length(reference) BETWEEN 1 AND 80),
    terminal_id           TEXT NOT NULL,
    shift_id              INTEGER NOT NULL REFERENCES shifts (id),
    device                TEXT NOT NULL CHECK (length(device) BETWEEN 1 AND 80),
    amount_kobo           INTEGER NOT NULL CHECK (amount_kobo > 0),
    state                 TEXT NOT NULL CHECK (state IN ('started', 'approved', 'declined', 'cancelled', 'timed-out', 'failed', 'unknown', 'reversing', 'reversed')),
    terminal_reference    TEXT CHECK (terminal_reference IS NULL OR length(terminal_reference) BETWEEN 1 AND 80),
    transaction_reference TEXT CHECK (transaction_reference IS NULL OR length(transaction_reference) BETWEEN 1 AND 80),
    auth_code             TEXT CHECK (auth_code IS NULL OR length(auth_code) BETWEEN 1 AND 32),
    masked_pan            TEXT CHECK (masked_pan IS NULL OR masked_pan = '****' OR masked_pan GLOB '[*][*][*][*] [0-9][0-9][0-9][0-9]'),
    scheme                TEXT CHECK (scheme IS NULL OR length(scheme) BETWEEN 1 AND 20),
    decline_code          TEXT CHECK (decline_code IS NULL OR length(decline_code) BETWEEN 1 AND 8),
    reason                TEXT CHECK (reason IS NULL OR length(reason) <= 500),
    refund_reference      TEXT CHECK (refund_reference IS NULL OR length(refund_reference) BETWEEN 1 AND 200),
    created_at            TEXT NOT NULL,
    updated_at            TEXT NOT NULL,
    UNIQUE (sale_id, attempt),
    -- an approved payment names its transaction and approval code; a reversed one its refund
    CHECK (state NOT IN ('approved', 'reversing', 'reversed') OR (transaction_reference IS NOT NULL AND auth_code IS NOT NULL)),
    CHECK (state <> 'reversed' OR refund_reference IS NOT NULL),
    CHECK (state <> 'declined' OR decline_code IS NOT NULL)
  ) STRICT;
  CREATE INDEX card_payments_by_sale ON card_payments (sale_id);
  CREATE INDEX card_payments_by_state ON card_payments (state);
  CREATE INDEX card_payments_by_shift ON card_payments (shift_id);

  CREATE TRIGGER card_payments_start_started BEFORE INSERT ON card_payments
  WHEN NEW.state <> 'started'
  BEGIN SELECT RAISE(ABORT, 'A card payment is always written down as started first.'); END;

  CREATE TRIGGER card_payments_for_waiting_sale BEFORE INSERT ON card_payments
  WHEN (SELECT state FROM sales WHERE id = NEW.sale_id) IS NOT 'pending'
  BEGIN SELECT RAISE(ABORT, 'A card payment is only taken for a sale that is waiting to be paid.'); END;

  CREATE TRIGGER card_payments_never_twice BEFORE INSERT ON card_payments
  WHEN EXISTS (SELECT 1 FROM card_payments WHERE sale_id = NEW.sale_id AND state NOT IN ('declined', 'cancelled', 'timed-out', 'failed'))
  BEGIN SELECT RAISE(ABORT, 'This sale already has a card payment that is approved or still being settled: a sale is never charged twice.'); END;

  CREATE TRIGGER card_payments_legal_move BEFORE UPDATE OF state ON card_payments
  WHEN NEW.state IS NOT OLD.state AND NOT (
       (OLD.state = 'started'   AND NEW.state IN ('approved', 'declined', 'cancelled', 'timed-out', 'failed', 'unknown'))
    OR (OLD.state = 'unknown'   AND NEW.state IN ('approved', 'declined', 'cancelled', 'timed-out', 'failed'))
    OR (OLD.state = 'approved'  AND NEW.state = 'reversing')
    OR (OLD.state = 'reversing' AND NEW.state = 'reversed'))
  BEGIN SELECT RAISE(ABORT, 'That change of card payment state is not allowed.'); END;

  CREATE TRIGGER card_payments_reverse_only_unsold BEFORE UPDATE OF state ON card_payments
  WHEN NEW.state = 'reversing' AND OLD.state <> 'reversing' AND (SELECT state FROM sales WHERE id = NEW.sale_id) IS NOT 'rejected'
  BEGIN SELECT RAISE(ABORT, 'A card payment is only reversed for a sale that did not happen.'); END;

  CREATE TRIGGER card_payments_what_was_paid_fixed BEFORE UPDATE ON card_payments
  WHEN NEW.id IS NOT OLD.id OR NEW.sale_id IS NOT OLD.sale_id OR NEW.attempt IS NOT OLD.attempt OR NEW.reference IS NOT OLD.reference
    OR NEW.terminal_id IS NOT OLD.terminal_id OR NEW.shift_id IS NOT OLD.shift_id OR NEW.device IS NOT OLD.device
    OR NEW.amount_kobo IS NOT OLD.amount_kobo OR NEW.created_at IS NOT OLD.created_at
    OR (OLD.terminal_reference IS NOT NULL AND NEW.terminal_reference IS NOT OLD.terminal_reference)
    OR (OLD.transaction_reference IS NOT NULL AND NEW.transaction_reference IS NOT OLD.transaction_reference)
    OR (OLD.auth_code IS NOT NULL AND NEW.auth_code IS NOT OLD.auth_code)
    OR (OLD.masked_pan IS NOT NULL AND NEW.masked_pan IS NOT OLD.masked_pan)
    OR (OLD.scheme IS NOT NULL AND NEW.scheme IS NOT OLD.scheme)
    OR (OLD.decline_code IS NOT NULL AND NEW.decline_code IS NOT OLD.decline_code)
    OR (OLD.refund_reference IS NOT NULL AND NEW.refund_reference IS NOT OLD.refund_reference)
  BEGIN SELECT RAISE(ABORT, 'What was recorded of a card payment cannot be changed.'); END;

  CREATE TABLE card_payment_events (
    id          INTEGER PRIMARY KEY,
    payment_id  INTEGER NOT NULL REFERENCES card_payments (id),
    sale_id     TEXT NOT NULL REFERENCES sales (id),
    terminal_id TEXT NOT NULL,
    shift_id    INTEGER NOT NULL REFERENCES shifts (id),
    from_state  TEXT,
    to_state    TEXT NOT NULL,
    at          TEXT NOT NULL,
    detail_json TEXT NOT NULL CHECK (json_valid(detail_json))
  ) STRICT;
  CREATE INDEX card_payment_events_by_payment ON card_payment_events (payment_id);

  CREATE TRIGGER card_payment_events_fixed BEFORE UPDATE ON card_payment_events
  BEGIN SELECT RAISE(ABORT, 'A card payment event cannot be changed.'); END;

  -- The sale side: booked only once paid, when the card is taken at the terminal or at a kiosk.
  CREATE TRIGGER sales_paid_before_sent BEFORE UPDATE OF state ON sales
  WHEN OLD.state = 'pending' AND NEW.state = 'sent' AND NEW.quote_kobo > 0
    AND (NEW.staff_id IS NULL OR EXISTS (SELECT 1 FROM card_payments WHERE sale_id = NEW.id))
    AND NOT EXISTS (SELECT 1 FROM card_payments WHERE sale_id = NEW.id AND state = 'approved')
  BEGIN SELECT RAISE(ABORT, 'This sale is paid at the card terminal and its payment is not approved, so it cannot be sent to the partner.'); END;

  ${neverDeleted(['card_payments', 'card_payment_events'])}
`;
