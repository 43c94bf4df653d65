import { neverDeleted } from './never-deleted';

/**
 * 6: voids and refunds. A correction is one append-only row: money given back for a sale, by one
 * tender, approved by a supervisor other than the person asking. A card terminal's later answer is
 * its own row in `correction_outcomes`; a refund's cancellation owed by the partner is a row in
 * `cancellations`, moved on by rows in `cancellation_moves`. Nothing here is ever updated.
 *
 * The money rules are triggers, so no code path can give back more than was paid:
 * - a void only for a rejected sale, a refund only for a confirmed one, never while the outcome is unknown;
 * - only on the sale's own terminal, in its open shift, approved by an active supervisor;
 * - per tender, never more than was paid by that tender minus what already went back (failed
 *   terminal attempts excepted);
 * - per line, never more items than were sold minus those already refunded;
 * - `seq` numbers a sale's corrections 1, 2, 3...: two people correcting the same sale from the
 *   same starting point produce one correction, the other is refused (UNIQUE and the trigger).
 */
export const corrections = `
  CREATE TABLE corrections (
    id                 TEXT PRIMARY KEY CHECK (length(id) BETWEEN 1 AND 64),
    sale_id            TEXT NOT NULL REFERENCES sales (id),
    seq                INTEGER NOT NULL CHECK (seq > 0),
    terminal_id        TEXT NOT NULL,
    shift_id           INTEGER NOT NULL REFERENCES shifts (id),
    kind               TEXT NOT NULL CHECK (kind IN ('void', 'refund')),
    tender             TEXT NOT NULL CHECK (tender IN ('cash', 'card', 'transfer')),
    route              TEXT NOT NULL CHECK (route IN ('drawer', 'approval-code', 'bank', 'terminal')),
    amount_kobo        INTEGER NOT NULL CHECK (amount_kobo > 0),
    lines_json         TEXT NOT NULL CHECK (json_valid(lines_json) AND json_type(lines_json) = 'array'),
    approval_code      TEXT,
    transfer_reference TEXT,
    reason             TEXT NOT NULL CHECK (length(reason) BETWEEN 1 AND 40),
    note               TEXT NOT NULL CHECK (length(trim(note)) > 0),
    asked_by           INTEGER NOT NULL REFERENCES staff (id),
    approved_by        INTEGER NOT NULL REFERENCES staff (id),
    created_at         TEXT NOT NULL,
    UNIQUE (sale_id, seq),
    CHECK (approved_by <> asked_by),
    CHECK ((kind = 'void') = (json_array_length(lines_json) = 0)),
    CHECK (CASE tender
      WHEN 'cash' THEN route = 'drawer' AND approval_code IS NULL AND transfer_reference IS NULL
      WHEN 'card' THEN transfer_reference IS NULL
                   AND ((route = 'approval-code' AND length(trim(approval_code)) > 0) OR (route = 'terminal' AND approval_code IS NULL))
      ELSE route = 'bank' AND approval_code IS NULL AND length(trim(transfer_reference)) > 0
    END)
  ) STRICT;
  CREATE INDEX corrections_by_shift ON corrections (shift_id);
  CREATE INDEX corrections_by_created ON corrections (created_at);

  CREATE TABLE correction_outcomes (
    id                 INTEGER PRIMARY KEY,
    correction_id      TEXT NOT NULL REFERENCES corrections (id),
    terminal_id        TEXT NOT NULL,
    outcome            TEXT NOT NULL CHECK (outcome IN ('done', 'failed', 'unknown')),
    terminal_reference TEXT,
    detail             TEXT NOT NULL DEFAULT '',
    at                 TEXT NOT NULL,
    CHECK (outcome <> 'done' OR length(trim(terminal_reference)) > 0)
  ) STRICT;
  CREATE INDEX correction_outcomes_by_correction ON correction_outcomes (correction_id);
  CREATE UNIQUE INDEX correction_outcomes_one_final ON correction_outcomes (correction_id) WHERE outcome <> 'unknown';

  -- What still counts against a sale: everything but terminal attempts that gave nothing back.
  CREATE VIEW corrections_in_force AS
    SELECT * FROM corrections c
    WHERE NOT EXISTS (SELECT 1 FROM correction_outcomes o WHERE o.correction_id = c.id AND o.outcome = 'failed');

  -- One trigger, so the checks run in this order and the first broken rule is the one reported.
  CREATE TRIGGER corrections_rules BEFORE INSERT ON corrections
  BEGIN
    SELECT RAISE(ABORT, 'Money for a sale is given back only on the terminal that made the sale.')
    WHERE NOT EXISTS (SELECT 1 FROM sales WHERE id = NEW.sale_id AND terminal_id = NEW.terminal_id);

    SELECT RAISE(ABORT, 'Money can only be given back in an open shift on this terminal.')
    WHERE NOT EXISTS (SELECT 1 FROM shifts WHERE id = NEW.shift_id AND terminal_id = NEW.terminal_id AND closed_at IS NULL);

    SELECT RAISE(ABORT, 'This sale''s outcome is not known yet, so no money can be given back until it is settled.')
    WHERE (SELECT state FROM sales WHERE id = NEW.sale_id) NOT IN ('confirmed', 'rejected');

    SELECT RAISE(ABORT, 'A rejected sale is voided and a confirmed sale is refunded, never the other way round.')
    WHERE (NEW.kind = 'void') <> ((SELECT state FROM sales WHERE id = NEW.sale_id) = 'rejected');

    SELECT RAISE(ABORT, 'Only an active supervisor can approve giving money back.')
    WHERE NOT EXISTS (SELECT 1 FROM staff WHERE id = NEW.approved_by AND role = 'supervisor' AND active = 1);

    SELECT RAISE(ABORT, 'Someone else gave money back for this sale a moment ago. Look at the sale again before giving more.')
    WHERE NEW.seq <> (SELECT count(*) FROM corrections WHERE sale_id = NEW.sale_id) + 1;

    SELECT RAISE(ABORT, 'Each refunded line is named once, with a whole number of items above zero.')
    WHERE EXISTS (SELECT 1 FROM json_each(NEW.lines_json) l
                  WHERE json_type(l.value, '$.line') IS NOT 'integer' OR json_type(l.value, '$.quantity') IS NOT 'integer'
                     OR json_extract(l.value, '$.line') < 0 OR json_extract(l.value, '$.quantity') <= 0)
       OR (SELECT count(*) FROM json_each(NEW.lines_json))
          <> (SELECT count(DISTINCT json_extract(value, '$.line')) FROM json_each(NEW.lines_json));

    -- Per line: sold >= this refund + what earlier refunds in force took back.
    SELECT RAISE(ABORT, 'That is more items than are left to refund on this sale.')
    WHERE EXISTS (
      SELECT 1 FROM json_each(NEW.lines_json) l JOIN sales s ON s.id = NEW.sale_id
      WHERE coalesce(json_extract(s.details_json, '$.lines[' || json_extract(l.value, '$.line') || '].quantity'), 0)
          < json_extract(l.value, '$.quantity') + coalesce((
              SELECT sum(json_extract(m.value, '$.quantity'))
              FROM corrections_in_force c, json_each(c.lines_json) m
              WHERE c.sale_id = NEW.sale_id AND json_extract(m.value, '$.line') = json_extract(l.value, '$.line')), 0));

    -- A line's items are worth their share of the line's total, rounded up: the most a refund of them may give back.
    SELECT RAISE(ABORT, 'A refund cannot be more than the price of the items it takes back.')
    WHERE NEW.kind = 'refund' AND NEW.amount_kobo > (
      SELECT sum((json_extract(l.value, '$.quantity') * json_extract(s.details_json, '$.lines[' || json_extract(l.value, '$.line') || '].totalKobo')
                  + json_extract(s.details_json, '$.lines[' || json_extract(l.value, '$.line') || '].quantity') - 1)
                 / json_extract(s.details_json, '$.lines[' || json_extract(l.value, '$.line') || '].quantity'))
      FROM json_each(NEW.lines_json) l JOIN sales s ON s.id = NEW.sale_id);

    -- Per tender: paid this way >= this correction + what earlier ones in force gave back this way.
    SELECT RAISE(ABORT, 'That is more than is left of what the customer paid this way.')
    WHERE NEW.amount_kobo > (SELECT coalesce(sum(amount_kobo), 0) FROM tenders WHERE sale_id = NEW.sale_id AND kind = NEW.tender)
                          - (SELECT coalesce(sum(amount_kobo), 0) FROM corrections_in_force WHERE sale_id = NEW.sale_id AND tender = NEW.tender);
  END;

  CREATE TRIGGER corrections_fixed BEFORE UPDATE ON corrections
  BEGIN SELECT RAISE(ABORT, 'A recorded void or refund cannot be changed.'); END;

  CREATE TRIGGER correction_outcomes_terminal_only BEFORE INSERT ON correction_outcomes
  WHEN NOT EXISTS (SELECT 1 FROM corrections WHERE id = NEW.correction_id AND route = 'terminal' AND terminal_id = NEW.terminal_id)
  BEGIN SELECT RAISE(ABORT, 'Only a card terminal''s answer is recorded after a void or refund.'); END;

  CREATE TRIGGER correction_outcomes_after_final BEFORE INSERT ON correction_outcomes
  WHEN EXISTS (SELECT 1 FROM correction_outcomes WHERE correction_id = NEW.correction_id AND outcome <> 'unknown')
  BEGIN SELECT RAISE(ABORT, 'The card terminal''s answer for this void or refund is already recorded.'); END;

  CREATE TRIGGER correction_outcomes_fixed BEFORE UPDATE ON correction_outcomes
  BEGIN SELECT RAISE(ABORT, 'A recorded terminal answer cannot be changed.'); END;

  CREATE TABLE cancellations (
    correction_id     TEXT PRIMARY KEY REFERENCES corrections (id),
    sale_id           TEXT NOT NULL REFERENCES sales (id),
    terminal_id       TEXT NOT NULL,
    partner_reference TEXT,
    opened_at         TEXT NOT NULL
  ) STRICT;
  CREATE INDEX cancellations_by_sale ON cancellations (sale_id);

  -- Owed only for a refund whose money is back with the customer.
  CREATE TRIGGER cancellations_for_refunds BEFORE INSERT ON cancellations
  WHEN NOT EXISTS (
    SELECT 1 FROM corrections c
    WHERE c.id = NEW.correction_id AND c.sale_id = NEW.sale_id AND c.terminal_id = NEW.terminal_id AND c.kind = 'refund'
      AND (c.route <> 'terminal' OR EXISTS (SELECT 1 FROM correction_outcomes o WHERE o.correction_id = c.id AND o.outcome = 'done')))
  BEGIN SELECT RAISE(ABORT, 'A cancellation is owed only for a refund whose money was given back.'); END;

  CREATE TRIGGER cancellations_fixed BEFORE UPDATE ON cancellations
  BEGIN SELECT RAISE(ABORT, 'A cancellation record cannot be changed; record its next step instead.'); END;

  CREATE TABLE cancellation_moves (
    id                INTEGER PRIMARY KEY,
    correction_id     TEXT NOT NULL REFERENCES cancellations (correction_id),
    terminal_id       TEXT NOT NULL,
    to_state          TEXT NOT NULL CHECK (to_state IN ('agreed', 'closed')),
    agreed_by_name    TEXT,
    agreed_channel    TEXT,
    fee_withheld_kobo INTEGER,
    note              TEXT NOT NULL DEFAULT '',
    staff_id          INTEGER NOT NULL REFERENCES staff (id),
    at                TEXT NOT NULL,
    UNIQUE (correction_id, to_state),
    CHECK (CASE to_state
      WHEN 'agreed' THEN length(trim(agreed_by_name)) > 0 AND agreed_channel IN ('phone', 'email', 'partner-portal', 'in-person', 'other')
                     AND fee_withheld_kobo >= 0
      ELSE agreed_by_name IS NULL AND agreed_channel IS NULL AND fee_withheld_kobo IS NULL
    END)
  ) STRICT;

  CREATE TRIGGER cancellation_moves_in_order BEFORE INSERT ON cancellation_moves
  WHEN NEW.to_state = 'closed' AND NOT EXISTS (SELECT 1 FROM cancellation_moves WHERE correction_id = NEW.correction_id AND to_state = 'agreed')
  BEGIN SELECT RAISE(ABORT, 'Record who agreed to the cancellation before closing it.'); END;

  CREATE TRIGGER cancellation_moves_fee_within_refund BEFORE INSERT ON cancellation_moves
  WHEN NEW.fee_withheld_kobo > (SELECT amount_kobo FROM corrections WHERE id = NEW.correction_id)
  BEGIN SELECT RAISE(ABORT, 'The fee withheld cannot be more than the refund.'); END;

  CREATE TRIGGER cancellation_moves_fixed BEFORE UPDATE ON cancellation_moves
  BEGIN SELECT RAISE(ABORT, 'A recorded step of a cancellation cannot be changed.'); END;

  ${neverDeleted(['corrections', 'correction_outcomes', 'cancellations', 'cancellation_moves'])}
  `;
