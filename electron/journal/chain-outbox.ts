import Database from 'better-sqlite3';
import { registerChainFunctions } from './chain-functions';
import { readJournalId } from './journal-identity';

/** One chain link as it is shipped to head office (the chain table's columns). */
export interface ChainLink {
  terminalId: string;
  seq: number;
  tbl: string;
  op: string;
  rowId: string;
  at: string;
  content: string;
  deltaKobo: number;
  grandTotalKobo: number;
  prevHash: string;
  hash: string;
}

export interface ChainBacklog {
  /** Links written but not yet acknowledged by head office. */
  count: number;
  /** Time of the oldest of them (ISO), or null when nothing waits. */
  oldestAt: string | null;
  headSeq: number;
  ackedSeq: number;
}

/**
 * The journal as the fleet shipper's outbox, on a connection of its own: reads links past the
 * acknowledged one, records acknowledgements, and says how much is waiting. Reads never block the
 * till's writes (WAL). Acknowledgements are written with synchronous=NORMAL: one lost in a power
 * cut only means those links are sent again, which head office ignores (ON CONFLICT DO NOTHING).
 */
export interface ChainOutbox {
  readonly terminalId: string;
  /** Which journal file this is (kept by a copy of the file, new with a new file): see journal-identity.ts. */
  journalId(): string;
  /** Up to `limit` links after `afterSeq`, in order. */
  after(afterSeq: number, limit: number): ChainLink[];
  headSeq(): number;
  ackedSeq(): number;
  /** Records that head office holds every link up to `seq` (never moves back). */
  ack(seq: number, at: Date): void;
  backlog(): ChainBacklog;
  /** The hash of one link, or undefined when this journal has no such link. */
  hashAt(seq: number): string | undefined;
  close(): void;
}

export function openChainOutbox(options: { file: string; terminalId: string; nativeBinding?: string; busyTimeoutMs?: number }): ChainOutbox {
  const db = registerChainFunctions(new Database(options.file, { fileMustExist: true, timeout: options.busyTimeoutMs ?? 5_000, nativeBinding: options.nativeBinding }));
  db.pragma('synchronous = NORMAL');
  const { terminalId } = options;
  const selectAfter = db.prepare<[string, number, number], ChainLink>(
    `SELECT terminal_id AS terminalId, seq, tbl, op, coalesce(row_id, '') AS rowId, at, content, delta_kobo AS deltaKobo,
            grand_total_kobo AS grandTotalKobo, prev_hash AS prevHash, hash
     FROM chain WHERE terminal_id = ? AND seq > ? ORDER BY seq LIMIT ?`,
  );
  const selectHead = db.prepare<[string], number>('SELECT coalesce(max(seq), 0) FROM chain WHERE terminal_id = ?').pluck();
  const selectAcked = db.prepare<[string], number>('SELECT acked_seq FROM chain_shipped WHERE terminal_id = ?').pluck();
  const upsertAck = db.prepare(
    `INSERT INTO chain_shipped (terminal_id, acked_seq, acked_at) VALUES (@terminalId, @seq, @at)
     ON CONFLICT (terminal_id) DO UPDATE SET acked_seq = excluded.acked_seq, acked_at = excluded.acked_at WHERE excluded.acked_seq > chain_shipped.acked_seq`,
  );
  // The sequence is gapless, so what waits is head - acked, and the oldest is the link after the
  // acknowledged one: two index lookups however long head office has been away.
  const selectAt = db.prepare<[string, number], string>('SELECT at FROM chain WHERE terminal_id = ? AND seq = ?').pluck();
  const selectHash = db.prepare<[string, number], string>('SELECT hash FROM chain WHERE terminal_id = ? AND seq = ?').pluck();
  const ackedSeq = () => selectAcked.get(terminalId) ?? 0;
  // Read when first asked, not at open: journal:verify opens outboxes on files of any version.
  let journalId: string | undefined;
  return {
    terminalId,
    journalId: () => (journalId ??= readJournalId(db)),
    after: (afterSeq, limit) => selectAfter.all(terminalId, afterSeq, limit),
    headSeq: () => selectHead.get(terminalId) ?? 0,
    ackedSeq,
    ack: (seq, at) => void upsertAck.run({ terminalId, seq, at: at.toISOString() }),
    backlog: () => {
      const headSeq = selectHead.get(terminalId) ?? 0;
      const acked = Math.min(ackedSeq(), headSeq);
      return { count: headSeq - acked, oldestAt: headSeq > acked ? (selectAt.get(terminalId, acked + 1) ?? null) : null, headSeq, ackedSeq: acked };
    },
    hashAt: (seq) => selectHash.get(terminalId, seq),
    close: () => {
      if (db.open) db.close();
    },
  };
}
