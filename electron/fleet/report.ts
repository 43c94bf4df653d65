import type pg from 'pg';
import type { FleetReport } from '../../shared/fleet/report';
import { countSheetSchema, type CountSheet } from '../../shared/sales/cash-count';

/**
 * Head office's figures, read from the central copy of every till's chain. Each journal row is
 * taken as its latest link recorded it (view fleet_rows); days and hours are Lagos time, and the
 * range includes both its first and last day. Tills refused their number are listed whatever the
 * range: their sales are in none of these figures until someone acts.
 */
export async function buildFleetReport(client: pg.Client, range: { from: string; to: string }, clock: () => Date = () => new Date()): Promise<FleetReport> {
  const window = `(doc->>'created_at')::timestamptz >= ($1::date)::timestamp AT TIME ZONE 'Africa/Lagos'
                  AND (doc->>'created_at')::timestamptz < ($2::date + 1)::timestamp AT TIME ZONE 'Africa/Lagos'`;
  const params = [range.from, range.to];
  const num = (value: unknown) => Number(value ?? 0);

  const sales = await client.query(
    `SELECT to_char((s.doc->>'created_at')::timestamptz AT TIME ZONE 'Africa/Lagos', 'YYYY-MM-DD') AS day, s.terminal_id,
            coalesce(d->>'title', d->>'experience', s.doc->>'kind', 'sale') AS product,
            count(*) AS count, sum((s.doc->>'quote_kobo')::bigint) AS total
     FROM (SELECT * FROM fleet_rows WHERE tbl = 'sales' AND doc->>'state' = 'confirmed' AND ${window}) AS s
     LEFT JOIN LATERAL fleet_try_jsonb(s.doc->>'details_json') AS d ON true
     GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
    params,
  );
  const byHour = await client.query(
    `SELECT extract(hour FROM (doc->>'created_at')::timestamptz AT TIME ZONE 'Africa/Lagos')::int AS hour, terminal_id,
            count(*) AS count, sum((doc->>'quote_kobo')::bigint) AS total
     FROM fleet_rows WHERE tbl = 'sales' AND doc->>'state' = 'confirmed' AND ${window}
     GROUP BY 1, 2 ORDER BY 1, 2`,
    params,
  );
  const tenders = await client.query(
    `SELECT t.doc->>'kind' AS kind, count(*) AS count, sum((t.doc->>'amount_kobo')::bigint) AS total
     FROM fleet_rows t
     JOIN (SELECT terminal_id, row_id FROM fleet_rows WHERE tbl = 'sales' AND doc->>'state' = 'confirmed' AND ${window}) AS s
       ON s.terminal_id = t.terminal_id AND s.row_id = t.doc->>'sale_id'
     WHERE t.tbl = 'tenders'
     GROUP BY 1 ORDER BY 1`,
    params,
  );
  const corrections = await client.query(
    `SELECT terminal_id, doc->>'kind' AS kind, count(*) AS count, sum((doc->>'amount_kobo')::bigint) AS total
     FROM fleet_rows WHERE tbl = 'corrections' AND ${window}
     GROUP BY 1, 2 ORDER BY 1, 2`,
    params,
  );
  const zReports = await client.query(
    `SELECT s.terminal_id, (s.doc->>'z_number')::int AS z_number, s.doc->>'closed_at' AS closed_at, z
     FROM fleet_rows s LEFT JOIN LATERAL fleet_try_jsonb(s.doc->>'z_report_json') AS z ON true
     WHERE s.tbl = 'shifts' AND s.doc->>'z_number' IS NOT NULL
       AND (s.doc->>'closed_at')::timestamptz >= ($1::date)::timestamp AT TIME ZONE 'Africa/Lagos'
       AND (s.doc->>'closed_at')::timestamptz < ($2::date + 1)::timestamp AT TIME ZONE 'Africa/Lagos'
     ORDER BY s.terminal_id, z_number`,
    params,
  );
  const terminals = await client.query(
    `SELECT t.terminal_id, t.terminal_name, coalesce(c.received, 0) AS received, t.verified_seq, t.broken_at_seq, t.verified_grand_total_kobo,
            greatest(t.till_head_seq - coalesce(c.received, 0), 0) AS unsent, t.till_oldest_unsent_at, t.last_contact_at
     FROM fleet_terminals t
     LEFT JOIN (SELECT terminal_id, max(seq) AS received FROM fleet_chain GROUP BY terminal_id) AS c ON c.terminal_id = t.terminal_id
     ORDER BY t.terminal_id`,
  );
  const breaks = await client.query('SELECT terminal_id, seq, kind, detail, found_at FROM fleet_chain_breaks ORDER BY terminal_id, seq, kind');
  const conflicts = await client.query('SELECT terminal_id, journal_id, terminal_name, first_seen_at, last_seen_at, holds_records FROM fleet_number_conflicts ORDER BY terminal_id, first_seen_at, journal_id');
  const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : value == null ? null : String(value));

  return {
    from: range.from,
    to: range.to,
    generatedAt: clock().toISOString(),
    sales: sales.rows.map((r) => ({ day: r.day, terminalId: r.terminal_id, product: r.product, count: num(r.count), totalKobo: num(r.total) })),
    byHour: byHour.rows.map((r) => ({ hour: num(r.hour), terminalId: r.terminal_id, count: num(r.count), totalKobo: num(r.total) })),
    tenders: tenders.rows.map((r) => ({ kind: r.kind ?? 'unknown', count: num(r.count), totalKobo: num(r.total) })),
    corrections: corrections.rows.map((r) => ({ terminalId: r.terminal_id, kind: r.kind ?? 'unknown', count: num(r.count), totalKobo: num(r.total) })),
    zReports: zReports.rows.map((r) => ({
      terminalId: r.terminal_id,
      zNumber: num(r.z_number),
      closedAt: r.closed_at,
      confirmedCount: num(r.z?.sales?.confirmedCount),
      confirmedKobo: num(r.z?.sales?.confirmedKobo),
      expectedKobo: num(r.z?.cash?.expectedKobo),
      countedKobo: num(r.z?.countedKobo),
      countSheet: countSheetIn(r.z?.countSheet),
      differenceKobo: num(r.z?.differenceKobo),
      noSaleCount: Array.isArray(r.z?.drawerOpenings) ? r.z.drawerOpenings.length : null,
      noSaleApprovedCount: approvedIn(r.z?.drawerOpenings),
      cashOutKobo: num(r.z?.cash?.cashOutKobo),
      drawerLeftOpenCount: Array.isArray(r.z?.drawerLeftOpen) ? r.z.drawerLeftOpen.length : null,
      cashOutApprovedCount: approvedIn(Array.isArray(r.z?.cashMovements) ? r.z.cashMovements.filter((m: { kind?: unknown }) => m?.kind === 'out') : null),
      chainHash: typeof r.z?.chain?.hash === 'string' ? r.z.chain.hash.slice(0, 8) : null,
      chainSeq: r.z?.chain ? num(r.z.chain.seq) : null,
      grandTotalKobo: r.z?.chain ? num(r.z.chain.grandTotalKobo) : null,
    })),
    terminals: terminals.rows.map((r) => ({
      terminalId: r.terminal_id,
      name: r.terminal_name,
      receivedSeq: num(r.received),
      verifiedSeq: num(r.verified_seq),
      brokenAtSeq: r.broken_at_seq === null ? null : num(r.broken_at_seq),
      breaks: breaks.rows.filter((b) => b.terminal_id === r.terminal_id).map((b) => ({ seq: num(b.seq), kind: b.kind, detail: b.detail, foundAt: iso(b.found_at)! })),
      unsentCount: num(r.unsent),
      oldestUnsentAt: iso(r.till_oldest_unsent_at),
      lastContactAt: iso(r.last_contact_at),
      grandTotalKobo: num(r.verified_grand_total_kobo),
    })),
    numberConflicts: conflicts.rows.map((r) => ({ terminalId: r.terminal_id, journalId: r.journal_id, name: r.terminal_name, firstSeenAt: iso(r.first_seen_at)!, lastSeenAt: iso(r.last_seen_at)!, holdsRecords: r.holds_records === true })),
  };
}

/**
 * How many entries of a Z report's list (its no sales, its cash outs) a supervisor approved for a
 * cashier; null when the list is missing or was written before tills recorded approvals (its
 * entries have no `approvedByName` at all).
 */
function approvedIn(list: unknown): number | null {
  if (!Array.isArray(list)) return null;
  const entries = list as Array<{ approvedByName?: unknown } | null>;
  if (!entries.every((entry) => entry !== null && typeof entry === 'object' && 'approvedByName' in entry)) return null;
  return entries.filter((entry) => typeof entry!.approvedByName === 'string').length;
}

/** The count by notes a till's Z report carries, read as the till records it; anything else (none, or unreadable) is null. */
function countSheetIn(value: unknown): CountSheet | null {
  const sheet = countSheetSchema.safeParse(value);
  return sheet.success ? sheet.data : null;
}
