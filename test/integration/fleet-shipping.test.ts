import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../electron/core/logger';
import { applyCentralMigrations } from '../../electron/fleet/central-migrations';
import { connectFleet } from '../../electron/fleet/connection';
import { createShipper, type Shipper } from '../../electron/fleet/shipper';
import { journalFile, openChainOutbox, registerChainFunctions } from '../../electron/journal';
import { bulkSell, openSellingJournal } from '../helpers/chain-fixture';
import { startTestPostgres, type TestPostgres } from '../helpers/postgres';

let server: TestPostgres;
let admin: pg.Client;
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lobby-fleet-ship-'));

beforeAll(async () => {
  server = await startTestPostgres();
  admin = await server.client();
  await applyCentralMigrations(admin);
}, 60_000);
afterAll(async () => {
  await admin?.end().catch(() => undefined);
  await server?.stop();
  fs.rmSync(root, { recursive: true, force: true });
});

const connect = () => connectFleet({ databaseUrl: server.url, tls: 'off', connectTimeoutMs: 2_000 });
const fast = { pollMs: 20, heartbeatMs: 200, backoffMinMs: 20, backoffMaxMs: 200 };

function shipperFor(file: string, terminalId: string, tuning = fast): Shipper {
  const shipper = createShipper({ outbox: openChainOutbox({ file, terminalId }), connect, logger: silentLogger, tuning, terminalName: `Till ${terminalId}` });
  shipper.start();
  return shipper;
}

async function until(condition: () => Promise<boolean> | boolean, timeoutMs = 30_000, what = 'condition') {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const localLinks = (file: string, terminalId: string) => {
  const db = new Database(file, { readonly: true });
  const rows = db.prepare<[string], { seq: number; hash: string; content: string }>('SELECT seq, hash, content FROM chain WHERE terminal_id = ? ORDER BY seq').all(terminalId);
  db.close();
  return rows;
};
const centralLinks = async (terminalId: string) =>
  (await admin.query<{ seq: string; hash: string; content: string }>('SELECT seq, hash, content FROM fleet_chain WHERE terminal_id = $1 ORDER BY seq', [terminalId])).rows.map((r) => ({ ...r, seq: Number(r.seq) }));
const terminal = async (terminalId: string) =>
  (await admin.query('SELECT verified_seq::int, broken_at_seq::int, till_head_seq::int, till_oldest_unsent_at, last_contact_at FROM fleet_terminals WHERE terminal_id = $1', [terminalId])).rows[0];
const breaks = async (terminalId: string) =>
  (await admin.query<{ seq: string; kind: string }>('SELECT seq, kind FROM fleet_chain_breaks WHERE terminal_id = $1 ORDER BY seq, kind', [terminalId])).rows.map((r) => ({ seq: Number(r.seq), kind: r.kind }));

describe('shipping the journal to head office', () => {
  it('sends every link in order, verifies the chain as it arrives, and records what was acknowledged', async () => {
    const dir = fs.mkdtempSync(path.join(root, 'a-'));
    const till = await openSellingJournal({ dir, terminalId: 'A1' });
    for (let i = 1; i <= 30; i++) till.sell(`A1-${i}`);
    till.closeShift();
    const shipper = shipperFor(journalFile(dir), 'A1');
    const head = localLinks(journalFile(dir), 'A1').length;
    await until(async () => (await terminal('A1'))?.verified_seq === head, 30_000, 'A1 shipped');
    // Sales keep coming while it ships; a nudge sends them at once.
    for (let i = 31; i <= 40; i++) till.sell(`A1-${i}`);
    shipper.nudge();
    const total = localLinks(journalFile(dir), 'A1').length;
    await until(async () => (await terminal('A1'))?.verified_seq === total, 30_000, 'A1 caught up');
    await until(() => shipper.status().backlog.count === 0 && shipper.status().state === 'idle', 5_000, 'backlog refreshed');
    expect(shipper.status()).toMatchObject({ state: 'idle', backlog: { count: 0, oldestAt: null, ackedSeq: total, headSeq: total }, problem: null });
    await shipper.stop();
    till.journal.close();

    expect(await centralLinks('A1')).toEqual(localLinks(journalFile(dir), 'A1'));
    expect(await terminal('A1')).toMatchObject({ verified_seq: total, broken_at_seq: null, till_head_seq: total });
    expect(await breaks('A1')).toEqual([]);
    // The copy is evidence: nobody edits it, not even head office's own admin.
    await expect(admin.query("UPDATE fleet_chain SET content = '{}' WHERE terminal_id = 'A1' AND seq = 1")).rejects.toThrow(/never changed or deleted/);
    await expect(admin.query("DELETE FROM fleet_chain WHERE terminal_id = 'A1'")).rejects.toThrow(/never changed or deleted/);
  });

  it('backs off while head office is down, then resumes where head office stopped, without duplicates', async () => {
    const dir = fs.mkdtempSync(path.join(root, 'b-'));
    const till = await openSellingJournal({ dir, terminalId: 'B1' });
    for (let i = 1; i <= 5; i++) till.sell(`B1-${i}`);
    const shipper = shipperFor(journalFile(dir), 'B1');
    await until(async () => (await terminal('B1'))?.verified_seq === localLinks(journalFile(dir), 'B1').length, 30_000, 'B1 shipped');

    await server.crash();
    // Selling goes on with head office away; the shipper says so and keeps the backlog.
    for (let i = 6; i <= 20; i++) till.sell(`B1-${i}`);
    shipper.nudge();
    await until(() => shipper.status().state === 'offline', 10_000, 'offline');
    const offline = shipper.status();
    expect(offline.problem).toMatch(/Head office/);
    expect(offline.problem).not.toMatch(/postgres:\/\//);
    expect(offline.backlog.count).toBe(15 * 7);
    expect(offline.backlog.oldestAt).not.toBeNull();

    await server.start();
    admin = await server.client();
    const total = localLinks(journalFile(dir), 'B1').length;
    await until(async () => (await terminal('B1'))?.verified_seq === total, 30_000, 'B1 resumed');
    await shipper.stop();
    till.journal.close();
    expect(await centralLinks('B1')).toEqual(localLinks(journalFile(dir), 'B1'));
    expect(await breaks('B1')).toEqual([]);
  });

  it('resumes from what head office holds when the till lost its own note of it', async () => {
    const dir = fs.mkdtempSync(path.join(root, 'c-'));
    const till = await openSellingJournal({ dir, terminalId: 'C1' });
    for (let i = 1; i <= 10; i++) till.sell(`C1-${i}`);
    const first = shipperFor(journalFile(dir), 'C1');
    await until(async () => (await terminal('C1'))?.verified_seq === localLinks(journalFile(dir), 'C1').length, 30_000, 'C1 shipped');
    await first.stop();
    // A power cut took the (unsynced) acknowledgement with it: the till thinks nothing was sent.
    const db = new Database(journalFile(dir));
    db.exec("DROP TRIGGER chain_shipped_forward; UPDATE chain_shipped SET acked_seq = 3 WHERE terminal_id = 'C1'");
    db.close();
    for (let i = 11; i <= 12; i++) till.sell(`C1-${i}`);
    const second = shipperFor(journalFile(dir), 'C1');
    const total = localLinks(journalFile(dir), 'C1').length;
    await until(async () => (await terminal('C1'))?.verified_seq === total, 30_000, 'C1 resumed');
    await second.stop();
    till.journal.close();
    expect(await centralLinks('C1')).toEqual(localLinks(journalFile(dir), 'C1'));
    expect(await breaks('C1')).toEqual([]);
  });
});

describe('a tampered till journal', () => {
  it('is flagged centrally at the first bad link when an unsent link was edited', async () => {
    const dir = fs.mkdtempSync(path.join(root, 'd-'));
    const till = await openSellingJournal({ dir, terminalId: 'D1' });
    for (let i = 1; i <= 6; i++) till.sell(`D1-${i}`);
    till.journal.close();
    const file = journalFile(dir);
    const target = localLinks(file, 'D1').find((l) => l.content.includes('"quote_kobo":550000') && l.content.includes('D1-4'))!;
    const db = registerChainFunctions(new Database(file));
    db.exec(`DROP TRIGGER chain_fixed; UPDATE chain SET content = replace(content, '"quote_kobo":550000', '"quote_kobo":55000') WHERE terminal_id = 'D1' AND seq = ${target.seq}`);
    db.close();

    const shipper = shipperFor(file, 'D1');
    const total = localLinks(file, 'D1').length;
    await until(async () => (await terminal('D1'))?.verified_seq === total, 30_000, 'D1 shipped');
    await shipper.stop();
    expect(await breaks('D1')).toEqual([{ seq: target.seq, kind: 'altered-link' }]);
    expect(await terminal('D1')).toMatchObject({ broken_at_seq: target.seq });
  });

  it('is flagged centrally when its shipped history was cut off and rewritten', async () => {
    const dir = fs.mkdtempSync(path.join(root, 'e-'));
    const file = journalFile(dir);
    const till = await openSellingJournal({ dir, terminalId: 'E1' });
    for (let i = 1; i <= 5; i++) till.sell(`E1-${i}`);
    let shipper = shipperFor(file, 'E1');
    const shipped = localLinks(file, 'E1').length;
    await until(async () => (await terminal('E1'))?.verified_seq === shipped, 30_000, 'E1 shipped');
    await shipper.stop();
    till.journal.close();

    // Someone removes the last sale (its links and rows) and sells something else in its place.
    const cutFrom = localLinks(file, 'E1').find((l) => l.content.includes('"id":"E1-5"'))!.seq;
    const db = registerChainFunctions(new Database(file));
    db.pragma('foreign_keys = OFF');
    db.exec(`DROP TRIGGER chain_never_deleted; DROP TRIGGER sales_never_deleted; DROP TRIGGER tenders_never_deleted; DROP TRIGGER sale_events_never_deleted;
      DELETE FROM chain WHERE terminal_id = 'E1' AND seq >= ${cutFrom};
      DELETE FROM sale_events WHERE sale_id = 'E1-5'; DELETE FROM tenders WHERE sale_id = 'E1-5'; DELETE FROM sales WHERE id = 'E1-5';`);
    db.close();
    const again = await openSellingJournal({ dir, terminalId: 'E1' });
    again.sell('E1-5b', 100);
    again.journal.close();

    shipper = shipperFor(file, 'E1');
    await until(async () => (await breaks('E1')).length > 0, 30_000, 'E1 flagged');
    await until(async () => (await terminal('E1'))?.till_head_seq === localLinks(file, 'E1').length, 30_000, 'E1 reported');
    await shipper.stop();
    const found = await breaks('E1');
    expect(found.map((b) => b.kind)).toContain('differs-from-central');
    expect(Math.min(...found.map((b) => b.seq))).toBe(cutFrom);
    // Head office keeps what it first received: the rewritten links did not replace it.
    expect((await centralLinks('E1')).find((l) => l.seq === cutFrom)!.content).toContain('E1-5');
  });
});

describe('npm run journal:verify against the central copy', () => {
  it('catches a tail cut off the journal, which the file alone cannot show', async () => {
    const dir = fs.mkdtempSync(path.join(root, 'v-'));
    const file = journalFile(dir);
    const till = await openSellingJournal({ dir, terminalId: 'V1' });
    for (let i = 1; i <= 4; i++) till.sell(`V1-${i}`);
    till.journal.close();
    const shipper = shipperFor(file, 'V1');
    const shipped = localLinks(file, 'V1').length;
    await until(async () => (await terminal('V1'))?.verified_seq === shipped, 30_000, 'V1 shipped');
    await shipper.stop();

    // The last sale vanishes with its links: the chain that is left is still perfectly linked.
    const cutFrom = localLinks(file, 'V1').find((l) => l.content.includes('"id":"V1-4"'))!.seq;
    const db = registerChainFunctions(new Database(file));
    db.pragma('foreign_keys = OFF');
    db.exec(`DROP TRIGGER chain_never_deleted; DROP TRIGGER sales_never_deleted; DROP TRIGGER tenders_never_deleted; DROP TRIGGER sale_events_never_deleted;
      DELETE FROM chain WHERE terminal_id = 'V1' AND seq >= ${cutFrom};
      DELETE FROM sale_events WHERE sale_id = 'V1-4'; DELETE FROM tenders WHERE sale_id = 'V1-4'; DELETE FROM sales WHERE id = 'V1-4';`);
    db.close();

    const verify = (...extra: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'scripts/journal-verify.ts', file, ...extra], { encoding: 'utf8', env: { ...process.env, POS_FLEET_DATABASE_URL: '' } });
    expect(verify().status).toBe(0);
    const central = verify('--central', server.url, '--tls', 'off');
    expect(central.status).toBe(1);
    expect(central.stdout).toContain(`first bad sequence ${cutFrom} (terminal V1)`);
    expect(central.stdout).toMatch(/behind-central: head office holds links/);
  }, 60_000);
});

describe('a till offline for a week', () => {
  it('catches up 50,000 records in order with the chain intact', async () => {
    const dir = fs.mkdtempSync(path.join(root, 'w-'));
    const file = journalFile(dir);
    const weekAgo = new Date(Date.now() - 7 * 24 * 3600_000);
    // The shift opened a week ago, just before the first of the week's sales.
    const till = await openSellingJournal({ dir, terminalId: 'W1', clock: () => new Date(weekAgo.getTime() - 60_000) });
    till.journal.close();
    bulkSell(file, { terminalId: 'W1', sales: Math.ceil(50_000 / 7), from: weekAgo, stepMs: 84_000 });
    const total = localLinks(file, 'W1').length;
    expect(total).toBeGreaterThanOrEqual(50_000);

    const outbox = openChainOutbox({ file, terminalId: 'W1' });
    expect(outbox.backlog()).toMatchObject({ count: total, ackedSeq: 0 });
    expect(Date.parse(outbox.backlog().oldestAt!)).toBeLessThan(Date.now() - 6 * 24 * 3600_000);
    outbox.close();

    const started = Date.now();
    const shipper = shipperFor(file, 'W1');
    await until(async () => (await terminal('W1'))?.verified_seq === total, 120_000, 'W1 caught up');
    const seconds = (Date.now() - started) / 1000;
    await until(() => shipper.status().backlog.count === 0, 5_000, 'W1 backlog');
    await shipper.stop();
    console.log(`fleet: ${total} records caught up in ${seconds.toFixed(1)} s`);
    const counted = await admin.query<{ n: string; distinct_seq: string; max: string }>("SELECT count(*) AS n, count(DISTINCT seq) AS distinct_seq, max(seq) AS max FROM fleet_chain WHERE terminal_id = 'W1'");
    expect(counted.rows[0]).toEqual({ n: String(total), distinct_seq: String(total), max: String(total) });
    expect(await breaks('W1')).toEqual([]);
  }, 180_000);
});
