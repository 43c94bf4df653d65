import Database from 'better-sqlite3';
import { sha256Hex } from './chain-functions';
import { contentSql, genesisHash, keyOf, type ChainSpec } from './chain-spec';
import { chainedTables } from './chain-tables';

/** One thing wrong with a journal, located at the first chain sequence it affects where there is one. */
export interface ChainFinding {
  terminalId: string | null;
  /** The first bad sequence number; null for a problem no link points at (an unchained row, a damaged file). */
  seq: number | null;
  kind:
    | 'damaged-file'
    | 'missing-links'
    | 'altered-link'
    | 'broken-link'
    | 'grand-total'
    | 'row-changed'
    | 'row-deleted'
    | 'row-unchained'
    | 'behind-central'
    | 'differs-from-central'
    /** Head office keeps this number for another journal: its copy is not this file's to compare with. */
    | 'another-journal';
  message: string;
}

export interface ChainTerminalSummary {
  terminalId: string;
  links: number;
  headSeq: number;
  headHash: string;
  grandTotalKobo: number;
}

export interface ChainVerification {
  ok: boolean;
  terminals: ChainTerminalSummary[];
  /** Sorted: the first bad sequence first. */
  findings: ChainFinding[];
}

interface ChainRow {
  terminal_id: string;
  seq: number;
  tbl: string;
  op: string;
  at: string;
  content: string;
  row_id: string | null;
  delta_kobo: number;
  grand_total_kobo: number;
  prev_hash: string;
  hash: string;
}

/** The chain formula of chain-spec.ts, recomputed here independently of the SQL that wrote it. */
export function chainHash(row: Omit<ChainRow, 'row_id' | 'hash'>): string {
  return sha256Hex([row.prev_hash, row.terminal_id, row.seq, row.tbl, row.op, row.delta_kobo, row.grand_total_kobo, row.at, row.content].join('\n'));
}

/**
 * Walks every terminal's chain link by link (gapless sequence, each hash recomputed, each link to
 * the one before, the grand total), then checks every chained table's rows against the last link
 * that recorded them: a row changed, deleted or written with the triggers switched off is found
 * even when the chain itself is intact. After a finding the walk re-anchors on the stored link, so
 * one flipped byte is reported once rather than as every link after it.
 */
export function verifyChainDb(db: Database.Database, tables: readonly ChainSpec[] = chainedTables): ChainVerification {
  const findings: ChainFinding[] = [];
  const terminals: ChainTerminalSummary[] = [];
  const latest = new Map<string, { seq: number; content: string; terminalId: string }>();

  const terminalIds = db.prepare<[], string>('SELECT DISTINCT terminal_id FROM chain ORDER BY terminal_id').pluck().all();
  const links = db.prepare<[string], ChainRow>(
    'SELECT terminal_id, seq, tbl, op, at, content, row_id, delta_kobo, grand_total_kobo, prev_hash, hash FROM chain WHERE terminal_id = ? ORDER BY seq',
  );
  for (const terminalId of terminalIds) {
    let expected = 1;
    let prev = genesisHash;
    let grand = 0;
    let count = 0;
    for (const row of links.iterate(terminalId)) {
      count++;
      const add = (kind: ChainFinding['kind'], seq: number, message: string) => findings.push({ terminalId, seq, kind, message });
      if (row.seq !== expected) {
        add('missing-links', expected, row.seq > expected ? `links ${expected}–${row.seq - 1} are missing (deleted)` : `link ${row.seq} appears twice or out of order`);
      } else if (row.prev_hash !== prev) {
        add('broken-link', row.seq, `link ${row.seq} does not follow link ${row.seq - 1} (rows deleted, inserted or reordered)`);
      }
      if (chainHash(row) !== row.hash) add('altered-link', row.seq, `link ${row.seq} (${row.tbl} ${row.row_id ?? '?'}) was altered after it was written`);
      if (row.grand_total_kobo !== grand + row.delta_kobo) add('grand-total', row.seq, `link ${row.seq}: the grand total does not add up`);
      expected = row.seq + 1;
      prev = row.hash;
      grand = row.grand_total_kobo;
      if (row.row_id !== null) latest.set(`${row.tbl}\u0000${row.row_id}`, { seq: row.seq, content: row.content, terminalId });
    }
    terminals.push({ terminalId, links: count, headSeq: expected - 1, headHash: prev, grandTotalKobo: grand });
  }

  const present = new Set(db.prepare<[], string>("SELECT name FROM sqlite_schema WHERE type = 'table'").pluck().all());
  for (const spec of tables) {
    // A journal older than the step that chains a table simply has no such table yet.
    if (!present.has(spec.table)) continue;
    const rows = db.prepare<[], { id: string | number; terminal_id: string; content: string }>(
      `SELECT R.${keyOf(spec)} AS id, R.terminal_id AS terminal_id, ${contentSql(spec, 'R')} AS content FROM ${spec.table} AS R`,
    );
    for (const row of rows.iterate()) {
      const key = `${spec.table}\u0000${String(row.id)}`;
      const link = latest.get(key);
      if (!link) {
        findings.push({ terminalId: row.terminal_id, seq: null, kind: 'row-unchained', message: `${spec.table} ${row.id} was written without a chain link` });
        continue;
      }
      latest.delete(key);
      if (link.content !== row.content) {
        findings.push({ terminalId: link.terminalId, seq: link.seq, kind: 'row-changed', message: `${spec.table} ${row.id} differs from what link ${link.seq} recorded` });
      }
    }
    for (const [key, link] of latest) {
      const [table, id] = key.split('\u0000');
      if (table !== spec.table) continue;
      findings.push({ terminalId: link.terminalId, seq: link.seq, kind: 'row-deleted', message: `${table} ${id}, recorded by link ${link.seq}, is gone` });
    }
  }

  findings.sort((a, b) => (a.seq ?? Number.MAX_SAFE_INTEGER) - (b.seq ?? Number.MAX_SAFE_INTEGER));
  return { ok: findings.length === 0, terminals, findings };
}

/**
 * Verifies a journal file without writing to it. A file SQLite cannot read at all is one finding
 * (`damaged-file`); a file that still opens is walked even when quick_check complains, so the
 * first bad sequence is named whenever it can be.
 */
export function verifyJournalFile(file: string, options: { nativeBinding?: string } = {}): ChainVerification {
  let db: Database.Database;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true, nativeBinding: options.nativeBinding });
  } catch (error) {
    return { ok: false, terminals: [], findings: [{ terminalId: null, seq: null, kind: 'damaged-file', message: `cannot open ${file}: ${(error as Error).message}` }] };
  }
  try {
    const damage: ChainFinding[] = [];
    try {
      const check = db.pragma('quick_check') as { quick_check: string }[];
      if (check.length !== 1 || check[0]!.quick_check !== 'ok') {
        damage.push({ terminalId: null, seq: null, kind: 'damaged-file', message: `SQLite finds the file damaged: ${check.map((c) => c.quick_check).slice(0, 3).join('; ')}` });
      }
    } catch (error) {
      damage.push({ terminalId: null, seq: null, kind: 'damaged-file', message: `SQLite cannot check the file: ${(error as Error).message}` });
    }
    try {
      const result = verifyChainDb(db);
      const findings = [...result.findings, ...damage];
      return { ok: findings.length === 0, terminals: result.terminals, findings };
    } catch (error) {
      return { ok: false, terminals: [], findings: [...damage, { terminalId: null, seq: null, kind: 'damaged-file', message: `the chain cannot be read: ${(error as Error).message}` }] };
    }
  } finally {
    db.close();
  }
}

/**
 * Compares a journal's chain with the central copy's hashes for the same terminals: a tail cut off
 * the till (links head office holds that the till no longer has) or a rewritten history (a link
 * whose hash differs from what was shipped) is found here, where the file alone cannot show it.
 */
export function compareWithCentral(
  local: ChainVerification,
  central: ReadonlyMap<string, { headSeq: number; hashAt: (seq: number) => string | undefined; ownerJournalId?: string | null }>,
  localHashAt: (terminalId: string, seq: number) => string | undefined,
  /** This file's journal identity (null: a file from before journal step 13). */
  localJournalId: string | null = null,
): ChainFinding[] {
  const findings: ChainFinding[] = [];
  for (const [terminalId, copy] of central) {
    // Two tills given one number: head office's copy is the other journal's. Comparing links would
    // call this file cut off or rewritten when it is simply another till's.
    if (copy.ownerJournalId && localJournalId && copy.ownerJournalId !== localJournalId) {
      findings.push({
        terminalId,
        seq: null,
        kind: 'another-journal',
        message: `head office keeps ${terminalId} for another journal (${copy.ownerJournalId}); this file is journal ${localJournalId}, another till under the same number or a replaced journal, so its links are not compared`,
      });
      continue;
    }
    const mine = local.terminals.find((t) => t.terminalId === terminalId);
    const headSeq = mine?.headSeq ?? 0;
    if (copy.headSeq > headSeq) {
      findings.push({ terminalId, seq: headSeq + 1, kind: 'behind-central', message: `head office holds links ${headSeq + 1}–${copy.headSeq} that this journal no longer has (its tail was cut off)` });
    }
    const upTo = Math.min(copy.headSeq, headSeq);
    for (let seq = 1; seq <= upTo; seq++) {
      const theirs = copy.hashAt(seq);
      if (theirs !== undefined && theirs !== localHashAt(terminalId, seq)) {
        findings.push({ terminalId, seq, kind: 'differs-from-central', message: `link ${seq} differs from the copy head office received` });
        break;
      }
    }
  }
  return findings;
}
