-- Head office's copy of every till's hash chain (see electron/fleet/README.md).
-- Applied once per database by `npm run fleet -- migrate`; tills only insert.

-- One row per till: how far its chain has been checked, and what the till last said about itself.
CREATE TABLE fleet_terminals (
  terminal_id               text PRIMARY KEY,
  terminal_name             text,
  -- Every link up to verified_seq has been checked: gapless, hash recomputed, linked, totals add up.
  verified_seq              bigint NOT NULL DEFAULT 0,
  verified_hash             text NOT NULL DEFAULT repeat('0', 64),
  verified_grand_total_kobo bigint NOT NULL DEFAULT 0,
  -- The first link found bad (null while the chain is intact).
  broken_at_seq             bigint,
  -- The till's own account, sent with every batch and heartbeat.
  till_head_seq             bigint NOT NULL DEFAULT 0,
  till_oldest_unsent_at     timestamptz,
  last_contact_at           timestamptz
);

-- The links, exactly as hashed on the till: `at` and `content` are kept as the text that was hashed.
CREATE TABLE fleet_chain (
  terminal_id      text NOT NULL,
  seq              bigint NOT NULL CHECK (seq > 0),
  tbl              text NOT NULL,
  op               text NOT NULL,
  row_id           text NOT NULL,
  at               text NOT NULL,
  content          text NOT NULL,
  delta_kobo       bigint NOT NULL,
  grand_total_kobo bigint NOT NULL,
  prev_hash        text NOT NULL,
  hash             text NOT NULL,
  received_at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (terminal_id, seq)
);
-- For the reports (each table's rows, latest link first). It leads with tbl so that it can never
-- be mistaken for the primary key by a planner without statistics yet.
CREATE INDEX fleet_chain_rows ON fleet_chain (tbl, terminal_id, row_id, seq);

-- Every break found in a terminal's chain, once per (terminal, seq, kind).
CREATE TABLE fleet_chain_breaks (
  id          bigserial PRIMARY KEY,
  terminal_id text NOT NULL,
  seq         bigint NOT NULL,
  kind        text NOT NULL,
  detail      text NOT NULL,
  found_at    timestamptz NOT NULL DEFAULT now(),
  UNIQUE (terminal_id, seq, kind)
);

-- The chain's hash, the same formula as the till's (electron/journal/chain-spec.ts).
CREATE FUNCTION fleet_link_hash(l fleet_chain) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT encode(sha256(convert_to(
    l.prev_hash || E'\n' || l.terminal_id || E'\n' || l.seq || E'\n' || l.tbl || E'\n' || l.op || E'\n' ||
    l.delta_kobo || E'\n' || l.grand_total_kobo || E'\n' || l.at || E'\n' || l.content, 'UTF8')), 'hex')
$$;

CREATE FUNCTION fleet_record_break(t text, s bigint, k text, d text) RETURNS void LANGUAGE sql AS $$
  INSERT INTO fleet_chain_breaks (terminal_id, seq, kind, detail) VALUES (t, s, k, d) ON CONFLICT DO NOTHING;
  UPDATE fleet_terminals SET broken_at_seq = least(coalesce(broken_at_seq, s), s) WHERE terminal_id = t;
$$;

-- Walks a terminal's links past the checked ones, in order. Tills send their links in order, so a
-- gap is a break (links deleted on the till before they were sent). After a break the walk
-- re-anchors on the stored link, so each fault is recorded once.
-- The walk fetches one link at a time by its primary key: whatever the table's statistics say
-- (none yet on a new database), each step is an index lookup and a catch-up stays linear.
CREATE FUNCTION fleet_check_chain(t text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  term fleet_terminals%ROWTYPE;
  l fleet_chain%ROWTYPE;
BEGIN
  INSERT INTO fleet_terminals (terminal_id) VALUES (t) ON CONFLICT DO NOTHING;
  SELECT * INTO term FROM fleet_terminals WHERE terminal_id = t FOR UPDATE;
  LOOP
    SELECT * INTO l FROM fleet_chain WHERE terminal_id = t AND seq = term.verified_seq + 1;
    IF NOT FOUND THEN
      -- Nothing next: done, unless links arrived past a gap.
      SELECT * INTO l FROM fleet_chain
       WHERE terminal_id = t AND seq = (SELECT min(seq) FROM fleet_chain WHERE terminal_id = t AND seq > term.verified_seq);
      EXIT WHEN NOT FOUND;
    END IF;
    IF l.seq <> term.verified_seq + 1 THEN
      PERFORM fleet_record_break(t, term.verified_seq + 1, 'missing-links',
        format('links %s to %s never arrived; the till sent %s after %s', term.verified_seq + 1, l.seq - 1, l.seq, term.verified_seq));
    ELSIF l.prev_hash <> term.verified_hash THEN
      PERFORM fleet_record_break(t, l.seq, 'broken-link', format('link %s does not follow link %s', l.seq, l.seq - 1));
    END IF;
    IF fleet_link_hash(l) <> l.hash THEN
      PERFORM fleet_record_break(t, l.seq, 'altered-link', format('link %s (%s %s) was altered after it was written', l.seq, l.tbl, l.row_id));
    END IF;
    IF l.grand_total_kobo <> term.verified_grand_total_kobo + l.delta_kobo THEN
      PERFORM fleet_record_break(t, l.seq, 'grand-total', format('link %s: the grand total does not add up', l.seq));
    END IF;
    term.verified_seq := l.seq;
    term.verified_hash := l.hash;
    term.verified_grand_total_kobo := l.grand_total_kobo;
  END LOOP;
  UPDATE fleet_terminals
     SET verified_seq = term.verified_seq, verified_hash = term.verified_hash, verified_grand_total_kobo = term.verified_grand_total_kobo
   WHERE terminal_id = t;
END $$;

-- A link sent again with a different hash than the one already held: the till's history was
-- rewritten (or its tail cut off and written anew). The stored link stays; the break is recorded.
CREATE FUNCTION fleet_chain_conflict() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  held text;
BEGIN
  SELECT hash INTO held FROM fleet_chain WHERE terminal_id = NEW.terminal_id AND seq = NEW.seq;
  IF held IS NOT NULL AND held <> NEW.hash THEN
    INSERT INTO fleet_terminals (terminal_id) VALUES (NEW.terminal_id) ON CONFLICT DO NOTHING;
    PERFORM fleet_record_break(NEW.terminal_id, NEW.seq, 'differs-from-central',
      format('the till sent link %s again with a different hash: its history was rewritten', NEW.seq));
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER fleet_chain_conflict BEFORE INSERT ON fleet_chain FOR EACH ROW EXECUTE FUNCTION fleet_chain_conflict();

CREATE FUNCTION fleet_chain_arrived() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM fleet_check_chain(t.terminal_id) FROM (SELECT DISTINCT terminal_id FROM arrived ORDER BY 1) AS t;
  RETURN NULL;
END $$;
CREATE TRIGGER fleet_chain_arrived AFTER INSERT ON fleet_chain REFERENCING NEW TABLE AS arrived
  FOR EACH STATEMENT EXECUTE FUNCTION fleet_chain_arrived();

-- The copy is evidence: links are never changed or deleted.
CREATE FUNCTION fleet_chain_fixed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'Links of a till''s hash chain are never changed or deleted.';
END $$;
CREATE TRIGGER fleet_chain_fixed BEFORE UPDATE OR DELETE ON fleet_chain FOR EACH ROW EXECUTE FUNCTION fleet_chain_fixed();

-- JSON of a link's content, or null when it is not JSON (a tampered link must not stop a report).
CREATE FUNCTION fleet_try_jsonb(text) RETURNS jsonb LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  RETURN $1::jsonb;
EXCEPTION WHEN others THEN
  RETURN NULL;
END $$;

-- Each journal row as its latest link recorded it: what the reports read.
CREATE VIEW fleet_rows AS
  SELECT DISTINCT ON (terminal_id, tbl, row_id)
         terminal_id, tbl, row_id, seq, at, fleet_try_jsonb(content) AS doc
  FROM fleet_chain
  ORDER BY terminal_id, tbl, row_id, seq DESC;
