-- Which journal owns each till number (see electron/fleet/README.md, "Two tills, one number").
-- Everything here is keyed by terminal_id, and a number is easy to give twice: every till starts
-- as T01, and a till whose damaged journal was set aside starts a new journal under its old number.
-- Two journals under one number would mix two chains into one. So the first journal to ship under
-- a number owns it; a till whose journal is another one is refused before it sends anything.

-- The owning journal's id (journal_identity on the till). Null for a row made before this step,
-- until the till that shipped those links claims it again (fleet_claim_terminal).
ALTER TABLE fleet_terminals ADD COLUMN journal_id text;

-- A number, once owned, stays its journal's: its chain can only ever be continued by that journal.
-- Tills may update fleet_terminals (their own heartbeat), so this is the database refusing it.
CREATE FUNCTION fleet_terminal_owner_fixed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'Till number % belongs to the journal that first shipped under it; it is never given to another.', OLD.terminal_id;
END $$;
CREATE TRIGGER fleet_terminal_owner_fixed BEFORE UPDATE ON fleet_terminals FOR EACH ROW
  WHEN (OLD.journal_id IS NOT NULL AND NEW.journal_id IS DISTINCT FROM OLD.journal_id)
  EXECUTE FUNCTION fleet_terminal_owner_fixed();

-- Every refused claim, one row per (number, journal): head office's own note that a till is selling
-- under a number it does not own, so its sales are not in the figures (the report and the
-- All terminals screen show it). Written only by fleet_claim_terminal, in the same statement that
-- refuses the claim, so a refused till cannot skip it; tills hold no privilege on this table.
CREATE TABLE fleet_number_conflicts (
  terminal_id   text NOT NULL,
  journal_id    text NOT NULL,
  -- What the refused till calls itself (terminal.name), so the owner can tell which till it is.
  terminal_name text,
  first_seen_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at  timestamptz NOT NULL DEFAULT now(),
  -- The refused journal had links under this number (sales head office never received): its note
  -- stays until an administrator deals with it. One that had recorded nothing (a till refused
  -- before its first shift) loses its note once it ships under a number of its own.
  holds_records boolean NOT NULL DEFAULT false,
  PRIMARY KEY (terminal_id, journal_id)
);

-- Claims terminal t for journal j and returns the journal that owns it (j when the claim holds,
-- another id, or null for a row from before this step that belongs to another journal).
-- first_hash: the hash of the claiming journal's link 1 (null while it has none). A row made
-- before this step with links in it is the same till's only if head office's link 1 is that one.
-- till_name: the claiming till's name, kept with a refused claim.
-- Atomic: of two tills claiming a free number at once, one inserts and the other waits on the key,
-- then reads (and locks) the row the first one made.
--
-- SECURITY DEFINER: a refused claim is noted in fleet_number_conflicts, and noting it again
-- (last_seen_at) is an UPDATE. Granting tills UPDATE on that table would let any till rewrite
-- another's note (make it look long past, rename it); running as the schema's owner instead, tills
-- need no privilege on it at all and the only write is this function's. Such a function must not
-- resolve a name in a schema the caller controls: search_path is fixed below to the schema this
-- step creates its tables in, with pg_temp last (a till's temporary table named fleet_* is never
-- used), and EXECUTE is taken from PUBLIC (the till role is granted it, see the README).
CREATE FUNCTION fleet_claim_terminal(t text, j text, first_hash text, till_name text) RETURNS text LANGUAGE plpgsql SECURITY DEFINER AS $$
DECLARE
  owner text;
BEGIN
  INSERT INTO fleet_terminals (terminal_id, journal_id) VALUES (t, j) ON CONFLICT (terminal_id) DO NOTHING;
  SELECT journal_id INTO owner FROM fleet_terminals WHERE terminal_id = t FOR UPDATE;
  IF owner IS NULL
     AND (NOT EXISTS (SELECT 1 FROM fleet_chain WHERE terminal_id = t)
          OR EXISTS (SELECT 1 FROM fleet_chain WHERE terminal_id = t AND seq = 1 AND hash = first_hash)) THEN
    UPDATE fleet_terminals SET journal_id = j WHERE terminal_id = t;
    owner := j;
  END IF;
  IF owner IS DISTINCT FROM j THEN
    INSERT INTO fleet_number_conflicts (terminal_id, journal_id, terminal_name, holds_records) VALUES (t, j, till_name, first_hash IS NOT NULL)
      ON CONFLICT (terminal_id, journal_id) DO UPDATE
      SET last_seen_at = now(), terminal_name = coalesce(excluded.terminal_name, fleet_number_conflicts.terminal_name),
          holds_records = fleet_number_conflicts.holds_records OR excluded.holds_records;
  ELSE
    -- This journal ships under a number of its own now: a refusal elsewhere that left no sales
    -- behind (it had recorded nothing) is dealt with.
    DELETE FROM fleet_number_conflicts WHERE journal_id = j AND terminal_id <> t AND NOT holds_records;
  END IF;
  RETURN owner;
END $$;
DO $$ BEGIN
  EXECUTE format('ALTER FUNCTION fleet_claim_terminal(text, text, text, text) SET search_path = %I, pg_temp', current_schema());
END $$;
REVOKE EXECUTE ON FUNCTION fleet_claim_terminal(text, text, text, text) FROM PUBLIC;
