import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyCentralMigrations } from '../../electron/fleet/central-migrations';
import { journalFile, verifyJournalFile } from '../../electron/journal';
import { bundleChild, type ChildBundle } from '../helpers/child-bundle';
import type { TillOrder } from '../helpers/fleet-till';
import { startTestPostgres, type TestPostgres } from '../helpers/postgres';

/**
 * Three tills sell at once while shipping; tills are SIGKILLed and head office's PostgreSQL is
 * crashed and restarted at 300 random points or more (until every till has sold). Afterwards the
 * central copy must be exactly the union of the three journals: nothing lost, nothing twice, every
 * chain intact.
 */
const EVENTS = Number(process.env.POS_TEST_CHAOS_EVENTS ?? 300);
const terminals = ['CH1', 'CH2', 'CH3'];

let server: TestPostgres;
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lobby-fleet-chaos-'));
const children = new Set<ChildProcess>();

/** The till child, bundled once (packages too) so that each of the hundreds of restarts starts in a blink. */
let tillChild: ChildBundle;

beforeAll(async () => {
  tillChild = await bundleChild('test/helpers/fleet-till.ts', path.join(root, 'bundle'));
  server = await startTestPostgres();
  const admin = await server.client();
  await applyCentralMigrations(admin);
  await admin.end();
}, 60_000);
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await server?.stop();
  fs.rmSync(root, { recursive: true, force: true });
});

interface Till {
  terminalId: string;
  dir: string;
  child: ChildProcess;
  ready: boolean;
  output: string;
}

function spawnTill(terminalId: string, dir: string, mode: TillOrder['mode']): Till {
  const order: TillOrder = { dir, terminalId, databaseUrl: server.url, mode };
  const child = tillChild.start(order);
  children.add(child);
  const till: Till = { terminalId, dir, child, ready: false, output: '' };
  const listen = (chunk: Buffer) => {
    till.output = (till.output + chunk.toString()).slice(-4000);
    if (!till.ready && till.output.includes('READY')) {
      till.ready = true;
      if (mode === 'sell') yieldToOtherWork(child);
    }
  };
  child.stdout.on('data', listen);
  child.stderr.on('data', listen);
  child.once('exit', () => children.delete(child));
  return till;
}

/**
 * A selling till is put at the lowest CPU priority once it is up. Its tills sell for as long as the
 * test's kills and restarts last, so beside the other kill runs (npm test) they took whatever CPU
 * the machine had: 162 CPU s alone in 88 s, and a third of both cores for 336 s in a whole run,
 * which the other files then waited for. At nice 19 they sell with the CPU nobody else wants (in a
 * whole run about 1,000 chain links a till, 900-1,500 over three runs, where the test asks for more
 * than 300; 12,500 alone); a till starved of the CPU is cut off wherever the scheduler
 * left it, so the kills still land at every point of a sale and of its shipping. Start-up
 * (recovery, first connection) and the drain keep normal priority: the events wait on those.
 */
function yieldToOtherWork(child: ChildProcess) {
  const pid = child.pid;
  if (pid === undefined) return;
  try {
    // Linux keeps a priority per thread: each of the till's threads (the JS thread, where SQLite
    // and the shipper run, and V8's and libuv's helpers) is lowered, not only the first.
    const threads = fs.existsSync(`/proc/${pid}/task`) ? fs.readdirSync(`/proc/${pid}/task`).map(Number) : [pid];
    for (const thread of threads) os.setPriority(thread, 19);
  } catch {
    // Gone already (killed as it printed READY): nothing to lower.
  }
}

const exited = (child: ChildProcess) => (child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise<void>((resolve) => child.once('exit', () => resolve())));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Link {
  terminal_id: string;
  seq: number;
  tbl: string;
  op: string;
  row_id: string;
  at: string;
  content: string;
  delta_kobo: number;
  grand_total_kobo: number;
  prev_hash: string;
  hash: string;
}

function journalLinks(dir: string): Link[] {
  const db = new Database(journalFile(dir), { readonly: true });
  const rows = db.prepare<[], Link>('SELECT terminal_id, seq, tbl, op, row_id, at, content, delta_kobo, grand_total_kobo, prev_hash, hash FROM chain ORDER BY terminal_id, seq').all();
  db.close();
  return rows;
}

/**
 * How many links a till's journal holds while it sells, or 0 when it cannot be read at this
 * instant (the till is being started on it, or was killed a moment ago with its WAL not yet replayed).
 */
function chainLength(dir: string): number {
  try {
    const db = new Database(journalFile(dir), { readonly: true, fileMustExist: true });
    try {
      return db.prepare<[], { n: number }>('SELECT count(*) AS n FROM chain').get()?.n ?? 0;
    } finally {
      db.close();
    }
  } catch {
    return 0;
  }
}

async function centralLinks(client: pg.Client): Promise<Link[]> {
  const result = await client.query(
    'SELECT terminal_id, seq::int AS seq, tbl, op, row_id, at, content, delta_kobo::int AS delta_kobo, grand_total_kobo::bigint AS grand_total_kobo, prev_hash, hash FROM fleet_chain ORDER BY terminal_id, seq',
  );
  return result.rows.map((row) => ({ ...row, grand_total_kobo: Number(row.grand_total_kobo) }));
}

describe('three tills, crashes and a restarting head office', () => {
  it(`keeps the central copy equal to the union of the journals through ${EVENTS} kills and restarts`, async () => {
    const tills = new Map(terminals.map((id) => [id, spawnTill(id, fs.mkdtempSync(path.join(root, `${id}-`)), 'sell')]));
    let kills = 0;
    let restarts = 0;
    const started = Date.now();
    // The points go on until every till has sold more than EVENTS links' worth between them: at
    // nice 19 a till gets only the CPU the other kill runs leave, and on 2 Dec one till made 255
    // links in the 300 points while the others made 350 (962 in all, against 900-1,500 before).
    // How much a starved till sells is the scheduler's business; that the kills land among real
    // sales, at every till, is the test's.
    while (kills + restarts < EVENTS || ![...tills.values()].every((till) => chainLength(till.dir) > EVENTS)) {
      await sleep(10 + Math.floor(Math.random() * 60));
      // Half the points crash head office (the tills sell on meanwhile), half kill a selling till.
      if (Math.random() < 0.5) {
        await server.restart();
        restarts++;
        continue;
      }
      // Kill a till that is selling (not one still starting up), waiting for one if need be.
      let selling = [...tills.values()].filter((till) => till.ready);
      while (selling.length === 0) {
        const dead = [...tills.values()].find((till) => till.child.exitCode !== null);
        if (dead) throw new Error(`till ${dead.terminalId} died by itself: ${dead.output}`);
        await sleep(10);
        selling = [...tills.values()].filter((till) => till.ready);
      }
      const victim = selling[Math.floor(Math.random() * selling.length)]!;
      if (victim.child.exitCode !== null) throw new Error(`till ${victim.terminalId} died by itself: ${victim.output}`);
      victim.child.kill('SIGKILL');
      await exited(victim.child);
      kills++;
      tills.set(victim.terminalId, spawnTill(victim.terminalId, victim.dir, 'sell'));
    }
    for (const till of tills.values()) {
      till.child.kill('SIGKILL');
      await exited(till.child);
    }
    const chaosSeconds = (Date.now() - started) / 1000;

    // Every till comes back once more and ships what it holds.
    const drains = [...tills.values()].map((till) => spawnTill(till.terminalId, till.dir, 'drain'));
    const deadline = Date.now() + 60_000;
    while (!drains.every((till) => till.output.includes('DRAINED'))) {
      if (Date.now() > deadline) throw new Error(`drain timed out: ${drains.map((t) => `${t.terminalId}: ${t.output}`).join(' | ')}`);
      await sleep(50);
    }

    const local = [...tills.values()].flatMap((till) => journalLinks(till.dir));
    const client = await server.client();
    const central = await centralLinks(client);
    const perTerminal = await client.query('SELECT terminal_id, verified_seq::int AS verified, broken_at_seq FROM fleet_terminals ORDER BY terminal_id');
    const breaks = await client.query('SELECT terminal_id, seq, kind FROM fleet_chain_breaks');
    await client.end();

    const key = (link: Link) => `${link.terminal_id}#${link.seq}`;
    const centralKeys = new Set(central.map(key));
    const lost = local.filter((link) => !centralKeys.has(key(link)));
    const duplicated = central.length - centralKeys.size;
    console.log(
      `fleet chaos: ${kills} till kills + ${restarts} PostgreSQL restarts in ${chaosSeconds.toFixed(0)} s; ` +
        `${local.length} links on the tills, ${central.length} at head office, ${lost.length} lost, ${duplicated} duplicated, ${breaks.rowCount} breaks`,
    );
    expect(kills + restarts).toBeGreaterThanOrEqual(EVENTS);
    expect(restarts).toBeGreaterThanOrEqual(EVENTS / 4);
    expect(kills).toBeGreaterThanOrEqual(EVENTS / 4);
    expect(lost).toEqual([]);
    expect(duplicated).toBe(0);
    // Exactly the union: the same links, byte for byte, and nothing else.
    expect(central).toEqual(local);
    expect(breaks.rows).toEqual([]);
    for (const till of tills.values()) {
      const head = journalLinks(till.dir).length;
      expect(head).toBeGreaterThan(EVENTS);
      expect(perTerminal.rows.find((row) => row.terminal_id === till.terminalId)).toEqual({ terminal_id: till.terminalId, verified: head, broken_at_seq: null });
      expect(verifyJournalFile(journalFile(till.dir))).toMatchObject({ ok: true, findings: [] });
    }
    // About 90 s alone; beside the card and refund kill tests on a loaded two-core machine it took
    // over 240 s once and timed out, and 389 s on 28 Nov. Its size is what it proves, not its
    // speed: 900 s, as theirs.
  }, 900_000);
});
