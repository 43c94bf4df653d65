import { neverDeleted } from './never-deleted';

/**
 * 13: every journal file knows which journal it is. Head office keys a till's records by its
 * number (`terminal.id`), and that number is easy to give twice (every till starts as T01) or to
 * keep across a new file (a damaged journal set aside, a fresh one started under the same number).
 * The shipper tells head office this id, so head office can keep one journal's records per number
 * instead of mixing two chains into one (see ../../fleet/README.md).
 *
 * Made here, once per file, from SQLite's own random bytes: a file that already exists gets its
 * id as it upgrades, a copy of the file (a backup put back) keeps it, and a new file gets a new
 * one. The row never changes, never goes, and never gets a second.
 *
 * Written to run again on a file that already has it (tests set user_version back and reopen):
 * the table and its one row are kept as they are.
 */
export const journalIdentity = `
  CREATE TABLE IF NOT EXISTS journal_identity (
    id         TEXT NOT NULL PRIMARY KEY CHECK (length(id) = 32 AND id NOT GLOB '*[^0-9a-f]*'),
    created_at TEXT NOT NULL
  ) STRICT;

  INSERT INTO journal_identity (id, created_at)
    SELECT lower(hex(randomblob(16))), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
    WHERE NOT EXISTS (SELECT 1 FROM journal_identity);

  DROP TRIGGER IF EXISTS journal_identity_one;
  DROP TRIGGER IF EXISTS journal_identity_fixed;
  DROP TRIGGER IF EXISTS journal_identity_never_deleted;

  CREATE TRIGGER journal_identity_one BEFORE INSERT ON journal_identity
  WHEN EXISTS (SELECT 1 FROM journal_identity)
  BEGIN SELECT RAISE(ABORT, 'A journal has one identity, made with the file.'); END;

  CREATE TRIGGER journal_identity_fixed BEFORE UPDATE ON journal_identity
  BEGIN SELECT RAISE(ABORT, 'A journal keeps the identity it was made with.'); END;

  ${neverDeleted(['journal_identity'])}
`;
