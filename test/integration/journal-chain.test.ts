import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { chainHash, genesisHash, journalFile, migrations, openJournal, registerChainFunctions, verifyJournalFile } from '../../electron/journal';
import { openSellingJournal } from '../helpers/chain-fixture';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lobby-journal-chain-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
let dirs = 0;
const freshDir = () => fs.mkdtempSync(path.join(root, `j${++dirs}-`));

/** A closed journal file with two shifts of sales, cash movements and Z reports. */
async function writtenJournal(sales = 12): Promise<string> {
  const dir = freshDir();
  const till = await openSellingJournal({ dir, terminalId: 'BO1' });
  for (let i = 1; i <= sales; i++) {
    till.sell(`BO1-${String(i).padStart(4, '0')}`, 100_000 * i);
    if (i === 5) expect(till.journal.shifts.moveCash({ kind: 'in', amountKobo: 20_000, reason: 'Change from the bank', staffId: till.staffId }).ok).toBe(true);
    if (i === sales / 2) till.closeShift();
  }
  till.journal.close();
  return journalFile(dir);
}

const verifyCli = (file: string) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'scripts/journal-verify.ts', file], { encoding: 'utf8', cwd: process.cwd(), env: { ...process.env, POS_FLEET_DATABASE_URL: '' } });

const links = (file: string) => {
  const db = new Database(file, { readonly: true });
  const rows = db.prepare<[], { seq: number; tbl: string; op: string; row_id: string; content: string; delta_kobo: number; grand_total_kobo: number; hash: string; prev_hash: string; at: string; terminal_id: string }>('SELECT * FROM chain ORDER BY seq').all();
  db.close();
  return rows;
};

/** What a tamperer with the sqlite3 shell does: switch the rules off, then edit. */
function tamper(file: string, sql: string) {
  const db = registerChainFunctions(new Database(file));
  db.pragma('foreign_keys = OFF');
  for (const trigger of ['chain_never_deleted', 'chain_fixed', 'sales_never_deleted', 'tenders_never_deleted', 'sale_events_never_deleted']) db.exec(`DROP TRIGGER IF EXISTS ${trigger}`);
  db.exec(sql);
  db.close();
}

describe('the hash chain on the till', () => {
  it('chains every money row with a gapless sequence, linked hashes and a grand total that never resets', async () => {
    const file = await writtenJournal();
    const chain = links(file);
    // 12 sales x (insert, tender, pending event, sent, event, settled, event) + 2 shift opens, 1 close, 1 cash movement.
    expect(chain.length).toBe(12 * 7 + 2 + 1 + 1);
    expect(chain.map((l) => l.seq)).toEqual(chain.map((_, i) => i + 1));
    let prev = genesisHash;
    let grand = 0;
    for (const link of chain) {
      expect(link.prev_hash).toBe(prev);
      expect(chainHash(link)).toBe(link.hash);
      expect(link.grand_total_kobo).toBe(grand + link.delta_kobo);
      prev = link.hash;
      grand = link.grand_total_kobo;
    }
    // Every 7th sale is rejected; the rest are confirmed and add to the grand total across both shifts.
    const confirmed = Array.from({ length: 12 }, (_, i) => i + 1).filter((i) => i % 7 !== 0);
    expect(grand).toBe(confirmed.reduce((sum, i) => sum + 100_000 * i, 0));
    expect(new Set(chain.map((l) => l.tbl))).toEqual(new Set(['shifts', 'sales', 'tenders', 'sale_events', 'cash_movements']));
    expect(verifyJournalFile(file)).toMatchObject({ ok: true, findings: [], terminals: [{ terminalId: 'BO1', headSeq: chain.length, grandTotalKobo: grand }] });
  });

  it('anchors each Z report to the chain head and its grand total', async () => {
    const dir = freshDir();
    const till = await openSellingJournal({ dir, terminalId: 'FD2' });
    till.sell('FD2-1', 700_000);
    const closed = till.journal.shifts.close({ staffId: till.staffId, countedKobo: 1_000_000 });
    if (!closed.ok) throw new Error(closed.error.message);
    till.journal.close();
    const chain = links(journalFile(dir));
    const anchor = closed.value.zReport.chain!;
    // The Z report seals every link before its own: the close itself is the next link, carrying it.
    expect(anchor).toEqual({ seq: chain.length - 1, hash: chain.at(-2)!.hash, grandTotalKobo: 700_000 });
    expect(chain.at(-1)).toMatchObject({ tbl: 'shifts', op: 'update' });
    expect(JSON.parse(JSON.parse(chain.at(-1)!.content).z_report_json).chain.hash).toBe(anchor.hash);
  });

  it('keeps the chain append-only, and refuses money rows from a connection that skipped the chain', async () => {
    const file = await writtenJournal(2);
    const db = new Database(file);
    expect(() => db.prepare("UPDATE chain SET content = '{}' WHERE seq = 1").run()).toThrow(/cannot be changed/);
    expect(() => db.prepare('DELETE FROM chain WHERE seq = 1').run()).toThrow(/never deleted/);
    expect(() => db.prepare("INSERT INTO chain (terminal_id, seq, tbl, op, at, content, delta_kobo, grand_total_kobo, prev_hash, hash) VALUES ('BO1', 99, 'sales', 'insert', 'x', '{}', 0, 0, 'x', 'x')").run()).toThrow(/next link/);
    // Triggers are compiled with the statement: without sha256() no statement may even touch a chained table.
    expect(() => db.prepare("UPDATE sales SET state = 'unknown' WHERE id = 'BO1-0002'")).toThrow(/no such function: sha256/);
    expect(() =>
      db.prepare("INSERT INTO cash_movements (terminal_id, shift_id, kind, amount_kobo, reason, staff_id, at) VALUES ('BO1', (SELECT id FROM shifts WHERE closed_at IS NULL), 'in', 5, 'raw', 1, 'x')").run(),
    ).toThrow(/no such function: sha256/);
    db.close();
  });

  it('chains the rows an existing journal already holds when it is upgraded', () => {
    const file = path.join(freshDir(), 'journal.sqlite');
    const old = new Database(file);
    old.exec(migrations[0]!);
    old.pragma('user_version = 1');
    old.exec(`
      INSERT INTO staff (id, terminal_id, name, role, pin_hash, created_at) VALUES (1, 'OLD', 'Bola', 'supervisor', 'x', '2025-01-01T08:00:00.000Z');
      INSERT INTO shifts (id, terminal_id, number, opened_by, opened_at, float_kobo) VALUES (1, 'OLD', 1, 1, '2025-01-01T08:00:00.000Z', 0);
      INSERT INTO sales (id, terminal_id, shift_id, staff_id, kind, state, quote_kobo, request_json, details_json, created_at, updated_at)
        VALUES ('OLD-1', 'OLD', 1, 1, 'hotel', 'pending', 2500000, '{}', '{}', '2025-01-01T09:00:00.000Z', '2025-01-01T09:00:00.000Z');
      UPDATE sales SET state = 'sent' WHERE id = 'OLD-1';
      UPDATE sales SET state = 'confirmed', updated_at = '2025-01-01T09:00:05.000Z' WHERE id = 'OLD-1';
      INSERT INTO tenders (sale_id, terminal_id, shift_id, kind, amount_kobo, approval_code) VALUES ('OLD-1', 'OLD', 1, 'card', 2500000, 'A1');
      INSERT INTO sale_events (sale_id, terminal_id, shift_id, from_state, to_state, at, detail_json) VALUES ('OLD-1', 'OLD', 1, NULL, 'pending', '2025-01-01T09:00:00.000Z', '{}');
      INSERT INTO cash_movements (terminal_id, shift_id, kind, amount_kobo, reason, staff_id, at) VALUES ('OLD', 1, 'in', 1000, 'float top-up', 1, '2025-01-01T08:30:00.000Z');
    `);
    old.close();

    const opened = openJournal({ file, terminalId: 'OLD' });
    if (!opened.ok) throw new Error(opened.error.message);
    expect(opened.value.schema).toEqual({ from: 1, to: migrations.length });
    const chain = links(file);
    expect(chain.map((l) => [l.seq, l.tbl, l.op]), JSON.stringify(chain.map((l) => [l.tbl, l.at]))).toEqual([
      [1, 'shifts', 'backfill'],
      [2, 'cash_movements', 'backfill'],
      [3, 'sales', 'backfill'],
      [4, 'sale_events', 'backfill'],
      [5, 'tenders', 'backfill'],
    ]);
    expect(chain.at(-1)!.grand_total_kobo).toBe(2_500_000);
    // New money rows continue the same chain.
    expect(opened.value.shifts.moveCash({ kind: 'in', amountKobo: 500, reason: 'After the upgrade', staffId: 1 }).ok).toBe(true);
    opened.value.close();
    expect(links(file).at(-1)).toMatchObject({ seq: 6, tbl: 'cash_movements', op: 'insert', prev_hash: chain.at(-1)!.hash, grand_total_kobo: 2_500_000 });
    expect(verifyJournalFile(file).ok).toBe(true);
  });

  it('keeps every link when step 8 drops the index nothing read (chain_by_row), and chains on', async () => {
    const file = await writtenJournal(4);
    // Back to version 7 as a till that ran the chain step but not step 8 left its file.
    const seven = new Database(file);
    seven.exec('CREATE INDEX chain_by_row ON chain (tbl, row_id)');
    // Nor any later step (9 added print_jobs.last_error_said, 10 one sale per partner reference, 11 one active supervisor kept).
    seven.exec('ALTER TABLE print_jobs DROP COLUMN last_error_said');
    seven.exec('DROP TRIGGER sales_partner_reference_once; DROP TRIGGER sales_partner_reference_once_insert; DROP INDEX sales_by_partner_reference');
    seven.exec('DROP TRIGGER staff_keeps_a_supervisor');
    seven.pragma('user_version = 7');
    seven.close();
    const before = links(file);

    const opened = openJournal({ file, terminalId: 'BO1' });
    if (!opened.ok) throw new Error(opened.error.message);
    expect(opened.value.schema).toEqual({ from: 7, to: migrations.length });
    expect(opened.value.shifts.moveCash({ kind: 'in', amountKobo: 500, reason: 'After step 8', staffId: 1 }).ok).toBe(true);
    opened.value.close();

    const db = new Database(file, { readonly: true });
    const indexes = db.prepare<[], string>("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'chain'").pluck().all();
    db.close();
    expect(indexes).not.toContain('chain_by_row');
    const after = links(file);
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after.at(-1)).toMatchObject({ seq: before.length + 1, tbl: 'cash_movements', op: 'insert', prev_hash: before.at(-1)!.hash });
    expect(verifyJournalFile(file).ok).toBe(true);
  });
});

describe('npm run journal:verify', () => {
  it('passes an untouched journal', async () => {
    const file = await writtenJournal(4);
    const run = verifyCli(file);
    expect(run.stdout).toMatch(/OK: every link and every row checks out/);
    expect(run.status).toBe(0);
  });

  it('names the first bad sequence for a flipped byte in the file', async () => {
    const file = await writtenJournal();
    const marker = 'REF-BO1-0006';
    const holders = links(file).filter((l) => l.content.includes(marker)).map((l) => l.seq);
    // Compact first (a legitimate operation), so the chain's pages come last in the file: the last
    // copy of the marker is then live chain data, never a stale copy in a page's free space.
    const db = new Database(file);
    db.exec('VACUUM');
    db.close();
    const bytes = fs.readFileSync(file);
    const at = bytes.lastIndexOf(Buffer.from(marker));
    expect(at).toBeGreaterThan(0);
    bytes[at + marker.length - 1]! ^= 0x01; // "6" -> "7"
    fs.writeFileSync(file, bytes);

    const run = verifyCli(file);
    expect(run.status).toBe(1);
    const named = Number(/first bad sequence (\d+)/.exec(run.stdout)?.[1]);
    expect(holders).toContain(named);
  });

  it('names the first bad sequence for a deleted link and for a deleted sale', async () => {
    const file = await writtenJournal();
    tamper(file, 'DELETE FROM chain WHERE seq = 10');
    const run = verifyCli(file);
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(/first bad sequence 10\b/);

    const second = await writtenJournal();
    const saleLinks = links(second).filter((l) => l.tbl === 'sales' && l.row_id === 'BO1-0003').map((l) => l.seq);
    tamper(second, "DELETE FROM sale_events WHERE sale_id = 'BO1-0003'; DELETE FROM tenders WHERE sale_id = 'BO1-0003'; DELETE FROM sales WHERE id = 'BO1-0003'");
    const result = verifyJournalFile(second);
    expect(result.ok).toBe(false);
    expect(result.findings[0]).toMatchObject({ kind: 'row-deleted' });
    expect(result.findings.filter((f) => f.kind === 'row-deleted').map((f) => f.seq)).toContain(saleLinks.at(-1));
  });

  it('names the first bad sequence for reordered links', async () => {
    const file = await writtenJournal();
    tamper(file, 'UPDATE chain SET seq = 100000 WHERE seq = 20; UPDATE chain SET seq = 20 WHERE seq = 21; UPDATE chain SET seq = 21 WHERE seq = 100000;');
    const run = verifyCli(file);
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(/first bad sequence 20\b/);
  });

  it('finds a sale edited with the chain triggers switched off, at the link that recorded it', async () => {
    const file = await writtenJournal();
    const last = links(file).filter((l) => l.tbl === 'sales' && l.row_id === 'BO1-0002').at(-1)!.seq;
    tamper(file, "DROP TRIGGER sales_what_was_sold_fixed; DROP TRIGGER sales_legal_transition; DROP TRIGGER sales_chain_update; UPDATE sales SET quote_kobo = 1 WHERE id = 'BO1-0002';");
    const result = verifyJournalFile(file);
    expect(result.findings[0]).toMatchObject({ seq: last, kind: 'row-changed' });
  });
});
