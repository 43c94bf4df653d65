import { connectFleet, type FleetConnectionSettings } from './connection';

/** What head office holds of one terminal's chain. */
export interface CentralCopy {
  headSeq: number;
  hashAt: (seq: number) => string | undefined;
  /** The journal head office keeps this number for (central step 2), or null: none yet, or an older head office. */
  ownerJournalId: string | null;
}

/** What head office holds of each terminal's chain: its highest link, every link's hash, and whose it is. */
export async function readCentralHashes(settings: FleetConnectionSettings, terminalIds: readonly string[]): Promise<Map<string, CentralCopy>> {
  const client = await connectFleet(settings);
  try {
    const result = new Map<string, CentralCopy>();
    for (const terminalId of terminalIds) {
      const rows = await client.query<{ seq: string; hash: string }>('SELECT seq, hash FROM fleet_chain WHERE terminal_id = $1 ORDER BY seq', [terminalId]);
      const hashes = new Map(rows.rows.map((row) => [Number(row.seq), row.hash]));
      // A head office before step 2 has no owner column: nothing to say about whose copy it is.
      const owner = await client
        .query<{ journal_id: string | null }>('SELECT journal_id FROM fleet_terminals WHERE terminal_id = $1', [terminalId])
        .then((answer) => answer.rows[0]?.journal_id ?? null)
        .catch(() => null);
      result.set(terminalId, { headSeq: rows.rows.length ? Number(rows.rows.at(-1)!.seq) : 0, hashAt: (seq) => hashes.get(seq), ownerJournalId: owner });
    }
    return result;
  } finally {
    await client.end().catch(() => undefined);
  }
}
