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

-- Claims terminal t for journal j and returns the journal that owns it (j when the claim holds,
-- another id, or null for a row from before this step that belongs to another journal).
-- first_hash: the hash of the claiming journal's link 1 (null while it has none). A row made
-- before this step with links in it is the same till's only if head office's link 1 is that one.
-- Atomic: of two tills claiming a free number at once, one inserts and the other waits on the key,
-- then reads (and locks) the row the first one made.
CREATE FUNCTION fleet_claim_terminal(t text, j text, first_hash text) RETURNS text LANGUAGE plpgsql AS $$
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
  RETURN owner;
END $$;
