import type Database from 'better-sqlite3';
import { genesisHash } from './chain-spec';

/** Where a terminal's hash chain stands: its last link, and the grand total that never resets. */
export interface ChainHead {
  seq: number;
  hash: string;
  grandTotalKobo: number;
}

/** The terminal's chain head (seq 0 and the genesis hash before its first money row). */
export function createChainHeadReader(db: Database.Database) {
  const last = db.prepare<[string], { seq: number; hash: string; grand_total_kobo: number }>(
    'SELECT seq, hash, grand_total_kobo FROM chain WHERE terminal_id = ? ORDER BY seq DESC LIMIT 1',
  );
  return (terminalId: string): ChainHead => {
    const row = last.get(terminalId);
    return row ? { seq: row.seq, hash: row.hash, grandTotalKobo: row.grand_total_kobo } : { seq: 0, hash: genesisHash, grandTotalKobo: 0 };
  };
}
