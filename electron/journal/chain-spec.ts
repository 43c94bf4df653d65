/**
 * The hash chain's SQL builders. A chained table gets AFTER INSERT / AFTER UPDATE triggers that
 * append one row to `chain` in the same transaction as the write itself, so no code path (ours, a
 * script, a second connection) can record money without extending the chain: a connection that
 * has not registered `sha256()` (chain-functions.ts) cannot write a chained table at all.
 *
 * One chain row is hashed as
 *   sha256_hex(prev_hash \n terminal_id \n seq \n tbl \n op \n delta_kobo \n grand_total_kobo \n at \n content)
 * (UTF-8, decimal integers, `\n` a line feed), the first row of a terminal with `genesisHash` as
 * its prev_hash. The same formula is recomputed by chain-verify.ts and by the central PostgreSQL
 * copy (electron/fleet/sql), so it must never change.
 */

export const genesisHash = '0'.repeat(64);

export interface ChainSpec {
  /** The table to chain; it must have a `terminal_id` column and a key column (`id` unless `key` says). */
  table: string;
  /** The column that names a row (`id` when absent); the chain's row_id is this column's value. */
  key?: string;
  /** Every column, in a fixed order: the row's canonical content is json_object(col, value, ...). */
  columns: readonly string[];
  /** SQL for the row's own time (ISO text), written with `R.` for the row, e.g. `R.created_at`. */
  at: { insert: string; update?: string };
  /**
   * What the row adds to the till's grand total (kobo), written with `NEW.`/`OLD.`; 0 when absent.
   * `backfill` is the same for a row chained after the fact, written with `R.` (the row as it stands).
   */
  grandTotal?: { insert?: string; update?: string; backfill?: string };
  /** Chain updates too (a table whose rows change state); tables whose rows are fixed leave this off. */
  updates?: boolean;
}

const identifier = /^[a-z_][a-z0-9_]*$/;

function checked(spec: ChainSpec): ChainSpec {
  for (const name of [spec.table, ...spec.columns]) if (!identifier.test(name)) throw new Error(`chain: ${name} is not a plain identifier`);
  if (!spec.columns.includes(keyOf(spec)) || !spec.columns.includes('terminal_id')) throw new Error(`chain: ${spec.table} needs ${keyOf(spec)} and terminal_id`);
  return spec;
}

export const keyOf = (spec: ChainSpec) => spec.key ?? 'id';

/**
 * The canonical content of a row: json_object over every column, in the spec's order, with the
 * row's key first under the name `id` (the chain's row_id is read from it).
 */
export function contentSql(spec: ChainSpec, row: string): string {
  const key = keyOf(spec);
  const pairs = [`'id', ${row}.${key}`, ...spec.columns.filter((column) => column !== 'id' && column !== key).map((column) => `'${column}', ${row}.${column}`)];
  return `json_object(${pairs.join(', ')})`;
}

/** The hash of one chain row from SQL expressions for its fields (see the formula above). */
export function hashSql(fields: { prev: string; terminal: string; seq: string; tbl: string; op: string; delta: string; grand: string; at: string; content: string }): string {
  const nl = ' || char(10) || ';
  return `sha256(${[fields.prev, fields.terminal, fields.seq, fields.tbl, fields.op, fields.delta, fields.grand, fields.at, fields.content].join(nl)})`;
}

const lastOfTerminal = (terminal: string) =>
  `(SELECT seq, hash, grand_total_kobo FROM chain WHERE terminal_id = ${terminal} ORDER BY seq DESC LIMIT 1)`;

function appendTrigger(spec: ChainSpec, op: 'insert' | 'update'): string {
  const at = (op === 'update' ? spec.at.update : undefined) ?? spec.at.insert;
  const delta = spec.grandTotal?.[op] ?? '0';
  return `CREATE TRIGGER ${spec.table}_chain_${op} AFTER ${op.toUpperCase()} ON ${spec.table}
  BEGIN
    INSERT INTO chain (terminal_id, seq, tbl, op, at, content, delta_kobo, grand_total_kobo, prev_hash, hash)
    SELECT v.terminal_id, v.seq, v.tbl, v.op, v.at, v.content, v.delta, v.grand, v.prev,
           ${hashSql({ prev: 'v.prev', terminal: 'v.terminal_id', seq: 'v.seq', tbl: 'v.tbl', op: 'v.op', delta: 'v.delta', grand: 'v.grand', at: 'v.at', content: 'v.content' })}
    FROM (SELECT NEW.terminal_id AS terminal_id, coalesce(h.seq, 0) + 1 AS seq, '${spec.table}' AS tbl, '${op}' AS op,
                 ${at.replace(/\bR\./g, 'NEW.')} AS at, ${contentSql(spec, 'NEW')} AS content, (${delta}) AS delta,
                 coalesce(h.grand_total_kobo, 0) + (${delta}) AS grand, coalesce(h.hash, '${genesisHash}') AS prev
          FROM (SELECT 1) LEFT JOIN ${lastOfTerminal('NEW.terminal_id')} AS h) AS v;
  END;`;
}

/**
 * The one-liner for a new money table (in its own migration, after 0007):
 *   `${chainTables([{ table: 'payments', columns: [...], at: { insert: 'R.created_at' } }])}`
 * chains the rows the table already holds (in time order, after the chain's current head), then
 * adds the triggers that chain every later insert (and update, with `updates: true`).
 */
export function chainTables(specs: readonly ChainSpec[]): string {
  const all = specs.map(checked);
  const backfill = all
    .map(
      (spec, rank) => `INSERT INTO chain_backfill (terminal_id, tbl, at, content, delta, rank, rid)
    SELECT R.terminal_id, '${spec.table}', ${spec.at.insert}, ${contentSql(spec, 'R')}, (${spec.grandTotal?.backfill ?? '0'}), ${rank}, R.${keyOf(spec)}
    FROM ${spec.table} AS R;`,
    )
    .join('\n  ');
  return `
  CREATE TEMP TABLE chain_backfill (terminal_id TEXT NOT NULL, tbl TEXT NOT NULL, at TEXT NOT NULL, content TEXT NOT NULL,
    delta INTEGER NOT NULL, rank INTEGER NOT NULL, rid);
  ${backfill}
  CREATE TEMP TABLE chain_backfill_numbered (terminal_id TEXT NOT NULL, seq INTEGER NOT NULL, tbl TEXT NOT NULL, at TEXT NOT NULL,
    content TEXT NOT NULL, delta INTEGER NOT NULL, PRIMARY KEY (terminal_id, seq));
  INSERT INTO chain_backfill_numbered
    SELECT b.terminal_id,
           coalesce((SELECT max(seq) FROM chain WHERE terminal_id = b.terminal_id), 0)
             + row_number() OVER (PARTITION BY b.terminal_id ORDER BY b.at, b.rank, b.rid),
           b.tbl, b.at, b.content, b.delta
    FROM chain_backfill AS b;
  INSERT INTO chain (terminal_id, seq, tbl, op, at, content, delta_kobo, grand_total_kobo, prev_hash, hash)
    WITH RECURSIVE walk (terminal_id, seq, tbl, at, content, delta, grand, prev, hash) AS (
      SELECT t.terminal_id, coalesce(h.seq, 0), NULL, NULL, NULL, NULL, coalesce(h.grand_total_kobo, 0), NULL, coalesce(h.hash, '${genesisHash}')
      FROM (SELECT DISTINCT terminal_id FROM chain_backfill_numbered) AS t
      LEFT JOIN chain AS h ON h.terminal_id = t.terminal_id AND h.seq = (SELECT max(seq) FROM chain WHERE terminal_id = t.terminal_id)
      UNION ALL
      SELECT n.terminal_id, n.seq, n.tbl, n.at, n.content, n.delta, w.grand + n.delta, w.hash,
             ${hashSql({ prev: 'w.hash', terminal: 'n.terminal_id', seq: 'n.seq', tbl: 'n.tbl', op: "'backfill'", delta: 'n.delta', grand: '(w.grand + n.delta)', at: 'n.at', content: 'n.content' })}
      FROM walk AS w JOIN chain_backfill_numbered AS n ON n.terminal_id = w.terminal_id AND n.seq = w.seq + 1
    )
    SELECT terminal_id, seq, tbl, 'backfill', at, content, delta, grand, prev, hash FROM walk WHERE tbl IS NOT NULL ORDER BY terminal_id, seq;
  DROP TABLE chain_backfill;
  DROP TABLE chain_backfill_numbered;
  ${chainTriggers(all)}
  `;
}

/** Only the triggers: for a chained table that a later migration rebuilt (its rows are chained already). */
export function chainTriggers(specs: readonly ChainSpec[]): string {
  return specs
    .map(checked)
    .flatMap((spec) => [appendTrigger(spec, 'insert'), ...(spec.updates ? [appendTrigger(spec, 'update')] : [])])
    .join('\n  ');
}

/** The chain itself, the shipper's acknowledgements, and the rules that keep both honest. */
export const chainSchema = `
  CREATE TABLE chain (
    id               INTEGER PRIMARY KEY,
    terminal_id      TEXT NOT NULL,
    seq              INTEGER NOT NULL CHECK (seq > 0),
    tbl              TEXT NOT NULL,
    op               TEXT NOT NULL CHECK (op IN ('insert', 'update', 'backfill')),
    at               TEXT NOT NULL,
    content          TEXT NOT NULL,
    row_id           TEXT GENERATED ALWAYS AS (CAST(json_extract(content, '$.id') AS TEXT)) STORED,
    delta_kobo       INTEGER NOT NULL,
    grand_total_kobo INTEGER NOT NULL,
    prev_hash        TEXT NOT NULL,
    hash             TEXT NOT NULL,
    UNIQUE (terminal_id, seq)
  ) STRICT;
  CREATE INDEX chain_by_row ON chain (tbl, row_id);

  CREATE TABLE chain_shipped (
    terminal_id TEXT PRIMARY KEY,
    acked_seq   INTEGER NOT NULL CHECK (acked_seq >= 0),
    acked_at    TEXT NOT NULL
  ) STRICT;
`;

/** Created after the backfill: from then on the chain only grows, one gapless link at a time. */
export const chainRules = `
  CREATE TRIGGER chain_append_only BEFORE INSERT ON chain
  WHEN NEW.seq IS NOT coalesce((SELECT max(seq) FROM chain WHERE terminal_id = NEW.terminal_id), 0) + 1
    OR NEW.prev_hash IS NOT coalesce((SELECT hash FROM chain WHERE terminal_id = NEW.terminal_id ORDER BY seq DESC LIMIT 1), '${genesisHash}')
  BEGIN SELECT RAISE(ABORT, 'The hash chain only grows by its next link.'); END;

  CREATE TRIGGER chain_fixed BEFORE UPDATE ON chain
  BEGIN SELECT RAISE(ABORT, 'A link of the hash chain cannot be changed.'); END;

  CREATE TRIGGER chain_never_deleted BEFORE DELETE ON chain
  BEGIN SELECT RAISE(ABORT, 'Journal rows are never deleted.'); END;

  CREATE TRIGGER chain_shipped_forward BEFORE UPDATE ON chain_shipped
  WHEN NEW.acked_seq < OLD.acked_seq OR NEW.terminal_id IS NOT OLD.terminal_id
  BEGIN SELECT RAISE(ABORT, 'What head office acknowledged only moves forward.'); END;
`;
