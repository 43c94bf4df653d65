import { connectFleet, type FleetConnectionSettings } from './connection';

/** What head office holds of each terminal's chain: its highest link and every link's hash. */
export async function readCentralHashes(
  settings: FleetConnectionSettings,
  terminalIds: readonly string[],
): Promise<Map<string, { headSeq: number; hashAt: (seq: number) => string | undefined }>> {
  const client = await connectFleet(settings);
  try {
    const result = new Map<string, { headSeq: number; hashAt: (seq: number) => string | undefined }>();
    for (const terminalId of terminalIds) {
      const rows = await client.query<{ seq: string; hash: string }>('SELECT seq, hash FROM fleet_chain WHERE terminal_id = $1 ORDER BY seq', [terminalId]);
      const hashes = new Map(rows.rows.map((row) => [Number(row.seq), row.hash]));
      result.set(terminalId, { headSeq: rows.rows.length ? Number(rows.rows.at(-1)!.seq) : 0, hashAt: (seq) => hashes.get(seq) });
    }
    return result;
  } finally {
    await client.end().catch(() => undefined);
  }
}
