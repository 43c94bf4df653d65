import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger, type Logger } from '../../electron/core/logger';
import { applyCentralMigrations } from '../../electron/fleet/central-migrations';
import { connectFleet } from '../../electron/fleet/connection';
import { createShipper, type Shipper } from '../../electron/fleet/shipper';
import { journalFile, openChainOutbox, openJournal, registerChainFunctions, type ChainOutbox } from '../../electron/journal';
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

function shipperFor(
  file: string,
  terminalId: string,
  tuning = fast,
  options: { name?: string; connect?: () => Promise<pg.Client>; logger?: Logger; outbox?: ChainOutbox } = {},
): Shipper {
  const shipper = createShipper({
    outbox: options.outbox ?? openChainOutbox({ file, terminalId }),
    connect: options.connect ?? connect,
    logger: options.logger ?? silentLogger,
    tuning,
    terminalName: options.name ?? `Till ${terminalId}`,
  });
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
/** Everything head office keeps about a terminal, as the till last reported it. */
const terminalRow = async (terminalId: string) =>
  (await admin.query('SELECT * FROM fleet_terminals WHERE terminal_id = $1', [terminalId])).rows[0] as Record<string, unknown> | undefined;
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

  it('says a journal is another till’s under the same number instead of calling it cut off or rewritten', async () => {
    const journals: Record<'a' | 'b', string> = { a: '', b: '' };
    for (const [key, sales] of [['a', 3], ['b', 5]] as const) {
      const dir = fs.mkdtempSync(path.join(root, `v2${key}-`));
      const till = await openSellingJournal({ dir, terminalId: 'V2' });
      for (let i = 1; i <= sales; i++) till.sell(`V2${key}-${i}`);
      till.journal.close();
      journals[key] = journalFile(dir);
    }
    const shipper = shipperFor(journals.a, 'V2');
    const shipped = localLinks(journals.a, 'V2').length;
    await until(async () => (await terminal('V2'))?.verified_seq === shipped, 30_000, 'V2 shipped');
    await shipper.stop();

    const verify = (file: string) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'scripts/journal-verify.ts', file, '--central', server.url, '--tls', 'off'], { encoding: 'utf8', env: { ...process.env, POS_FLEET_DATABASE_URL: '' } });
    expect(verify(journals.a).status).toBe(0);
    const other = verify(journals.b);
    expect(other.status).toBe(1);
    expect(other.stdout).toMatch(/NOT THIS JOURNAL'S NUMBER AT HEAD OFFICE \(terminal V2\): head office keeps V2 for another journal \([0-9a-f]{32}\); this file is journal [0-9a-f]{32}/);
    expect(other.stdout).not.toMatch(/TAMPERED|differs-from-central|behind-central/);
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

describe('two tills with the same number', () => {
  /** The journal's own identity, read straight from the file. */
  const journalIdOf = (file: string) => {
    const db = new Database(file, { readonly: true });
    const id = db.prepare<[], string>('SELECT id FROM journal_identity').pluck().get();
    db.close();
    return id;
  };
  /** Head office's notes of refused claims on a number, oldest first. */
  const conflictsOn = async (terminalId: string) =>
    (
      await admin.query<{ journal_id: string; terminal_name: string | null; first_seen_at: Date; last_seen_at: Date }>(
        'SELECT journal_id, terminal_name, first_seen_at, last_seen_at FROM fleet_number_conflicts WHERE terminal_id = $1 ORDER BY first_seen_at, journal_id',
        [terminalId],
      )
    ).rows;
  const ownerOf = async (terminalId: string) => (await admin.query<{ journal_id: string | null }>('SELECT journal_id FROM fleet_terminals WHERE terminal_id = $1', [terminalId])).rows[0]?.journal_id;
  /** A logger that keeps what was logged as an error. */
  const keepErrors = () => {
    const errors: { message: string; fields?: Record<string, unknown> }[] = [];
    const logger: Logger = { ...silentLogger, error: (message, fields) => void errors.push({ message, fields }) };
    return { errors, logger };
  };
  /** A fresh journal under `terminalId` with `sales` sales in it (0: no link at all). */
  const newJournal = async (prefix: string, terminalId: string, sales: number) => {
    const dir = fs.mkdtempSync(path.join(root, prefix));
    if (sales === 0) {
      const opened = openJournal({ file: journalFile(dir), terminalId });
      if (!opened.ok) throw new Error(opened.error.message);
      opened.value.close();
    } else {
      const till = await openSellingJournal({ dir, terminalId });
      for (let i = 1; i <= sales; i++) till.sell(`${path.basename(dir)}-${i}`);
      till.journal.close();
    }
    return journalFile(dir);
  };
  const shippedAll = async (shipper: Shipper, file: string, terminalId: string, what: string) => {
    const head = localLinks(file, terminalId).length;
    await until(async () => (await terminal(terminalId))?.verified_seq === head && shipper.status().state === 'idle' && shipper.status().backlog.count === 0, 30_000, what);
  };

  it('a till refused before it recorded anything loses head office’s note once it ships under its own number; one that sold under the shared number keeps it', async () => {
    const fileA = await newJournal('clear-a-', 'N1', 2);
    const shipA = shipperFor(fileA, 'N1');
    await shippedAll(shipA, fileA, 'N1', 'A shipped');
    await shipA.stop();
    const refusedAs = async (file: string, terminalId: string, what: string) => {
      const shipper = shipperFor(file, terminalId);
      await until(() => shipper.status().state === 'refused', 10_000, what);
      await shipper.stop();
    };
    const shipsAs = async (file: string, terminalId: string, what: string) => {
      const shipper = shipperFor(file, terminalId);
      await until(() => shipper.status().state === 'idle', 10_000, what);
      await shipper.stop();
    };
    // B: a second till with no shift yet. C: one that sold under the shared number before anyone noticed.
    const fileB = await newJournal('clear-b-', 'N1', 0);
    const fileC = await newJournal('clear-c-', 'N1', 2);
    await refusedAs(fileB, 'N1', 'B refused');
    await refusedAs(fileC, 'N1', 'C refused');
    const noted = async () => (await conflictsOn('N1')).map((c) => c.journal_id).sort();
    expect(await noted()).toEqual([journalIdOf(fileB), journalIdOf(fileC)].sort());

    // B takes a number of its own before its first shift (Settings → Terminal number): same journal, N2.
    await shipsAs(fileB, 'N2', 'B ships as N2');
    expect(await ownerOf('N2')).toBe(journalIdOf(fileB));
    expect(await noted()).toEqual([journalIdOf(fileC)]);
    // C renumbered by hand still holds sales under N1 that head office never received: the note stays.
    await shipsAs(fileC, 'N3', 'C ships as N3');
    expect(await noted()).toEqual([journalIdOf(fileC)]);
    expect(await centralLinks('N1')).toEqual(localLinks(fileA, 'N1'));
  });

  it('refuses the second journal, sends nothing of it and leaves head office’s copy of the first as it was; under its own number it ships', async () => {
    // The claim runs as the schema's owner: no role may call it unless granted it (as tills are below).
    expect((await admin.query("SELECT has_function_privilege('public', 'fleet_claim_terminal(text, text, text, text)', 'EXECUTE') AS may")).rows[0].may).toBe(false);
    // Both tills sign in as head office's till role, with only the grants the README gives it.
    await admin.query('DO $$ BEGIN CREATE ROLE lobby_till LOGIN; EXCEPTION WHEN duplicate_object THEN NULL; END $$');
    await admin.query(`REVOKE EXECUTE ON ALL FUNCTIONS IN SCHEMA public FROM PUBLIC;
      GRANT SELECT, INSERT ON fleet_schema_migrations, fleet_terminals, fleet_chain, fleet_chain_breaks TO lobby_till;
      GRANT UPDATE ON fleet_terminals TO lobby_till;
      GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO lobby_till;
      GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA public TO lobby_till`);
    const asTill = () => connectFleet({ databaseUrl: server.url.replace('//postgres@', '//lobby_till@'), tls: 'off', connectTimeoutMs: 2_000 });

    const fileA = await newJournal('same-a-', 'T01', 3);
    const shipA = shipperFor(fileA, 'T01', fast, { name: 'Box office A', connect: asTill });
    await shippedAll(shipA, fileA, 'T01', 'A shipped');
    await shipA.stop();
    const rowA = await terminalRow('T01');
    expect(rowA).toMatchObject({ terminal_name: 'Box office A', till_head_seq: String(localLinks(fileA, 'T01').length), broken_at_seq: null });

    // A second till set up with the default number, its journal still empty.
    const fileB = await newJournal('same-b-', 'T01', 0);
    const { errors, logger } = keepErrors();
    let connects = 0;
    const shipB = shipperFor(fileB, 'T01', fast, { name: 'Box office B', logger, connect: () => (connects++, asTill()) });
    await until(() => shipB.status().state === 'refused', 10_000, 'B refused');
    const sentence =
      'Head office already holds the records of another till numbered T01 (another till set up with the same number, or this till’s journal was replaced). ' +
      'This till’s records stay here and are not sent.';
    expect(shipB.status().problem).toContain(sentence);
    // Head office noted the refusal itself, with B's name: its owner can see a till selling outside the figures.
    const [noted] = await conflictsOn('T01');
    expect(await conflictsOn('T01')).toEqual([{ journal_id: journalIdOf(fileB), terminal_name: 'Box office B', first_seen_at: expect.any(Date), last_seen_at: expect.any(Date) }]);

    // B sells, more than A ever did: still nothing of it reaches head office, however often it tries.
    const tillB = await openSellingJournal({ dir: path.dirname(fileB), terminalId: 'T01' });
    for (let i = 1; i <= 6; i++) tillB.sell(`B-${i}`);
    tillB.journal.close();
    shipB.nudge();
    shipB.retryNow();
    const tried = connects;
    await until(() => connects >= tried + 3 && shipB.status().state === 'refused', 10_000, 'B tried again');
    const headB = localLinks(fileB, 'T01').length;
    expect(headB).toBeGreaterThan(localLinks(fileA, 'T01').length);
    expect(shipB.status()).toMatchObject({ state: 'refused', backlog: { count: headB, ackedSeq: 0, headSeq: headB } });
    await shipB.stop();

    expect(await centralLinks('T01')).toEqual(localLinks(fileA, 'T01'));
    expect(await breaks('T01')).toEqual([]);
    expect(await terminalRow('T01')).toEqual(rowA);
    expect(await ownerOf('T01')).toBe(journalIdOf(fileA));
    // Said once as an error, not at every retry.
    expect(errors.filter((e) => /another journal ships under this till number/.test(e.message))).toHaveLength(1);
    expect(errors).toHaveLength(1);
    // Each retry was noted on the same row: still one, first seen as before, last seen later.
    const [again] = await conflictsOn('T01');
    expect(await conflictsOn('T01')).toHaveLength(1);
    expect(again).toMatchObject({ journal_id: journalIdOf(fileB), terminal_name: 'Box office B', first_seen_at: noted!.first_seen_at });
    expect(again!.last_seen_at.getTime()).toBeGreaterThan(noted!.last_seen_at.getTime());
    const outboxB = openChainOutbox({ file: fileB, terminalId: 'T01' });
    expect(outboxB.ackedSeq()).toBe(0);
    outboxB.close();
    // Nor may a till hand the number over by hand: the database refuses it.
    const rogue = await asTill();
    try {
      await expect(rogue.query("UPDATE fleet_terminals SET journal_id = $1 WHERE terminal_id = 'T01'", [journalIdOf(fileB)])).rejects.toThrow(/T01 belongs to the journal that first shipped under it/);
      // Nor rewrite or wipe head office's note of it: tills hold no privilege on it.
      await expect(rogue.query("UPDATE fleet_number_conflicts SET last_seen_at = now() - interval '1 year'")).rejects.toThrow(/permission denied/);
      await expect(rogue.query('DELETE FROM fleet_number_conflicts')).rejects.toThrow(/permission denied/);
      // Nor divert it into a table of its own: the claim's search_path is fixed, pg_temp last.
      await rogue.query('CREATE TEMP TABLE fleet_number_conflicts (terminal_id text, journal_id text, terminal_name text, first_seen_at timestamptz DEFAULT now(), last_seen_at timestamptz DEFAULT now(), PRIMARY KEY (terminal_id, journal_id))');
      await rogue.query("SELECT fleet_claim_terminal('T01', $1, NULL, 'Box office B')", [journalIdOf(fileB)]);
      expect((await rogue.query('SELECT * FROM pg_temp.fleet_number_conflicts')).rows).toEqual([]);
    } finally {
      await rogue.end();
    }
    const [last] = await conflictsOn('T01');
    expect(await conflictsOn('T01')).toHaveLength(1);
    expect(last).toMatchObject({ journal_id: journalIdOf(fileB), first_seen_at: noted!.first_seen_at });
    expect(last!.last_seen_at.getTime()).toBeGreaterThan(again!.last_seen_at.getTime());

    // B's own number (a new journal under it): it ships like any till.
    const fileB2 = await newJournal('same-b2-', 'T02', 2);
    const shipB2 = shipperFor(fileB2, 'T02', fast, { name: 'Box office B', connect: asTill });
    await shippedAll(shipB2, fileB2, 'T02', 'B shipped as T02');
    await shipB2.stop();
    expect(await centralLinks('T02')).toEqual(localLinks(fileB2, 'T02'));
    expect(await breaks('T02')).toEqual([]);
    expect(await conflictsOn('T02')).toEqual([]);
    expect(await centralLinks('T01')).toEqual(localLinks(fileA, 'T01'));
  });

  it('gives a number to exactly one of two journals that claim it at the same moment', async () => {
    const files = [await newJournal('race-x-', 'R1', 2), await newJournal('race-y-', 'R1', 3)];
    // Neither handshake starts before both tills are connected.
    let arrived = 0;
    let release!: () => void;
    const together = new Promise<void>((resolve) => (release = resolve));
    const atOnce = async () => {
      const client = await connect();
      if (++arrived === 2) release();
      await together;
      return client;
    };
    const shippers = files.map((file) => shipperFor(file, 'R1', fast, { connect: atOnce }));
    const states = () => shippers.map((s) => s.status().state);
    await until(() => states().includes('refused') && states().includes('idle') && shippers.some((s) => s.status().backlog.count === 0), 30_000, 'one owner');
    const winner = states().indexOf('idle');
    await until(async () => (await terminal('R1'))?.verified_seq === localLinks(files[winner]!, 'R1').length, 30_000, 'winner shipped');
    await Promise.all(shippers.map((s) => s.stop()));
    expect(states().filter((s) => s === 'refused')).toHaveLength(0); // both stopped
    expect(await centralLinks('R1')).toEqual(localLinks(files[winner]!, 'R1'));
    expect(await ownerOf('R1')).toBe(journalIdOf(files[winner]!));
    expect(await breaks('R1')).toEqual([]);

    // The claim itself, from eight connections at once on a number nobody holds yet: one owner, and every one of them is told the same.
    const clients = await Promise.all(Array.from({ length: 8 }, () => connect()));
    try {
      const owners = await Promise.all(clients.map((client, i) => client.query<{ owner: string }>('SELECT fleet_claim_terminal($1, $2, NULL, $3) AS owner', ['R2', `journal-${i}`, `Till ${i}`])));
      const told = new Set(owners.map((o) => o.rows[0]!.owner));
      expect(told.size).toBe(1);
      expect([...told][0]).toMatch(/^journal-[0-7]$/);
      expect(await ownerOf('R2')).toBe([...told][0]);
      // The seven others were each noted once, under their own names.
      const noted = (await conflictsOn('R2')).map((c) => [c.journal_id, c.terminal_name]).sort();
      expect(noted).toEqual(Array.from({ length: 8 }, (_, i) => [`journal-${i}`, `Till ${i}`]).filter(([j]) => j !== [...told][0]));
    } finally {
      await Promise.all(clients.map((client) => client.end()));
    }
  });

  it('lets the till that shipped before journal ids were kept claim its number by its first link, and no other journal', async () => {
    const fileA = await newJournal('old-a-', 'P1', 3);
    // An older version of the app shipped A's links: head office holds them with no journal id.
    const outboxA = openChainOutbox({ file: fileA, terminalId: 'P1' });
    const links = outboxA.after(0, 1_000);
    outboxA.close();
    const column = <K extends keyof (typeof links)[number]>(key: K) => links.map((link) => link[key]);
    await admin.query(
      `INSERT INTO fleet_chain (terminal_id, seq, tbl, op, row_id, at, content, delta_kobo, grand_total_kobo, prev_hash, hash)
       SELECT * FROM unnest($1::text[], $2::bigint[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::bigint[], $9::bigint[], $10::text[], $11::text[])`,
      [column('terminalId'), column('seq'), column('tbl'), column('op'), column('rowId'), column('at'), column('content'), column('deltaKobo'), column('grandTotalKobo'), column('prevHash'), column('hash')],
    );
    expect(await ownerOf('P1')).toBeNull();
    const before = await terminalRow('P1');

    // Another journal under the same number, with sales and without any: neither may take it.
    for (const fileB of [await newJournal('old-b-', 'P1', 4), await newJournal('old-c-', 'P1', 0)]) {
      const shipB = shipperFor(fileB, 'P1');
      await until(() => shipB.status().state === 'refused', 10_000, 'B refused');
      expect(shipB.status().problem).toMatch(/another till numbered P1/);
      await shipB.stop();
    }
    expect(await terminalRow('P1')).toEqual(before);
    expect(await breaks('P1')).toEqual([]);
    expect((await conflictsOn('P1')).map((c) => c.terminal_name)).toEqual(['Till P1', 'Till P1']);

    // A, upgraded, sold on: its first link is head office's, so the number is its own.
    const tillA = await openSellingJournal({ dir: path.dirname(fileA), terminalId: 'P1' });
    tillA.sell('P1-late');
    tillA.journal.close();
    const shipA = shipperFor(fileA, 'P1');
    await shippedAll(shipA, fileA, 'P1', 'A shipped');
    await shipA.stop();
    expect(await ownerOf('P1')).toBe(journalIdOf(fileA));
    expect(await centralLinks('P1')).toEqual(localLinks(fileA, 'P1'));
    expect(await breaks('P1')).toEqual([]);
  });

  it('still takes a restored backup of the till’s own journal as its own, and records that it is behind', async () => {
    const dir = fs.mkdtempSync(path.join(root, 'backup-'));
    const file = journalFile(dir);
    const till = await openSellingJournal({ dir, terminalId: 'K1' });
    till.sell('K1-1');
    till.journal.close();
    fs.copyFileSync(file, `${file}.backup`);
    const again = await openSellingJournal({ dir, terminalId: 'K1' });
    for (let i = 2; i <= 4; i++) again.sell(`K1-${i}`);
    again.journal.close();
    const outbox = openChainOutbox({ file, terminalId: 'K1' });
    const first = shipperFor(file, 'K1', fast, { outbox });
    await shippedAll(first, file, 'K1', 'K1 shipped');
    await first.stop();
    outbox.close();
    const shipped = localLinks(file, 'K1').length;

    // The disk failed; the backup comes back: same journal, its tail lost.
    for (const suffix of ['-wal', '-shm']) fs.rmSync(file + suffix, { force: true });
    fs.copyFileSync(`${file}.backup`, file);
    const restoredHead = localLinks(file, 'K1').length;
    const second = shipperFor(file, 'K1');
    await until(async () => (await breaks('K1')).length > 0, 10_000, 'K1 flagged');
    await until(() => second.status().state === 'idle', 10_000, 'K1 idle');
    await second.stop();
    expect(await breaks('K1')).toEqual([{ seq: restoredHead + 1, kind: 'behind-central' }]);
    expect((await centralLinks('K1')).length).toBe(shipped);
  });
});
