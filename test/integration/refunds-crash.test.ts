import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journalFile, openJournal } from '../../electron/journal';
import { hashPin } from '../../electron/journal/pin-hash';
import { drawerFromRows } from '../helpers/drawer-from-rows';
import { sellInto, type LineSpec } from '../helpers/corrections-fixture';
import { bundleChild, type ChildBundle } from '../helpers/child-bundle';
import type { RefundChildOrder, RefundChildRequest } from '../helpers/refund-child';

/**
 * Refunds and voids under SIGKILL: child processes running the real correction code give money
 * back for random sales of one shared journal (four at a time, so they also race each other) and
 * are killed at random points: at a random moment, right after a request is sent, or right after
 * the journal took it (before the answer). A request left without an answer is sent again, with
 * its own id, by a later process. At the end, from the journal rows alone: no refund answered
 * "done" is missing, none is there twice, none gives back more than was paid or sold, and the
 * drawer's expected cash is the sum of the rows.
 */

// 320 in `npm test` (issue 13 asks for at least 300); LOBBY_REFUND_KILLS=1000 for a longer run.
const defaultLives = 320;
const lives = Number(process.env.LOBBY_REFUND_KILLS ?? defaultLives);
const parallel = 4;
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lobby-refunds-crash-'));
const dataDir = path.join(root, 'till');
const file = journalFile(dataDir);
const staff = { cashier: { id: 0, pin: '1357' }, supervisors: [] as { id: number; pin: string }[] };
const floatKobo = 100_000_000;
/** Sales in the journal before the first life (a life's search sees up to 500). */
const sold = 480;
let refundChild: ChildBundle;

const lineSets: LineSpec[][] = [
  [
    { label: 'Regular', quantity: 3, unitKobo: 250_000 },
    { label: 'VIP', quantity: 2, unitKobo: 450_000 },
  ],
  [{ label: 'Club Room, per room per night', quantity: 4, unitKobo: 3_333_333 }],
  [
    { label: 'Student', quantity: 5, unitKobo: 170_001 },
    { label: 'Regular', quantity: 1, unitKobo: 250_000 },
  ],
];

beforeAll(async () => {
  refundChild = await bundleChild('test/helpers/refund-child.ts', path.join(root, 'bundle'));

  const opened = openJournal({ file, terminalId: 'T01' });
  if (!opened.ok) throw new Error(opened.error.message);
  const journal = opened.value;
  const create = async (name: string, role: 'cashier' | 'supervisor', pin: string) => {
    const made = await journal.staff.create({ name, role, pin });
    if (!made.ok) throw new Error(made.error.message);
    return made.value.id;
  };
  staff.supervisors.push({ id: await create('Bola Adeyemi', 'supervisor', '2468'), pin: '2468' });
  staff.supervisors.push({ id: await create('Ngozi Okafor', 'supervisor', '8642'), pin: '8642' });
  staff.cashier.id = await create('Tunde Bakare', 'cashier', '1357');
  const shift = journal.shifts.open({ staffId: staff.supervisors[0]!.id, floatKobo });
  if (!shift.ok) throw new Error(shift.error.message);
  const tenders = ['cash', 'card', 'transfer'] as const;
  // Enough sales that the last lives still find something to give back: with 240, the 320 lives
  // had given back every sale by the end (the drawer back at its float), and the last quarter of
  // them spent their lives looking for a sale with anything left, so their kills landed on no
  // write (and the file took 124 s and 244 CPU s here; with 480, 87 s and 169).
  for (let i = 0; i < sold; i++) {
    sellInto(journal, { staffId: staff.cashier.id, state: i % 12 === 11 ? 'rejected' : 'confirmed', tender: tenders[i % 3]!, lines: lineSets[i % lineSets.length] });
  }
  journal.close();
  await cheapenPins(file);
}, 60_000);

afterAll(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

/**
 * Every life signs in and each refund or void is approved with a supervisor's PIN: at the till's
 * scrypt cost (about 75 ms of CPU a check here) the checks were half of a life's CPU, and hundreds
 * of lives run beside the rest of the suite. The PINs are stored hashed at a 16th of that cost
 * (scrypt N = 1,024); the checks are the till's own, which take the cost from the stored hash.
 */
async function cheapenPins(journal: string) {
  const db = new Database(journal);
  try {
    const pins = new Map([[staff.cashier.id, staff.cashier.pin], ...staff.supervisors.map((s) => [s.id, s.pin] as const)]);
    for (const [id, pin] of pins) db.prepare('UPDATE staff SET pin_hash = ? WHERE id = ?').run(await hashPin(pin, { N: 1_024, r: 8, p: 1 }), id);
  } finally {
    db.close();
  }
}

type KillAt = 'random' | 'asked' | 'written';
interface Life {
  killAt: KillAt;
  lines: string[];
  signal: NodeJS.Signals | null;
  code: number | null;
  stderr: string;
}

/** Requests sent whose answer nobody heard, by id: a later process sends them again. */
const inDoubt = new Map<string, RefundChildRequest>();
const random = (max: number) => Math.floor(Math.random() * max);

async function live(n: number, options: { kill: boolean; retries: RefundChildRequest[] }): Promise<Life> {
  const killAt: KillAt = (['random', 'asked', 'written'] as const)[n % 3]!;
  const order: RefundChildOrder = {
    journalFile: file,
    dataDir,
    cashier: staff.cashier,
    supervisors: staff.supervisors,
    retries: options.retries,
    seed: n + 1,
    maxRequests: options.kill ? 0 : 1,
  };
  const child = refundChild.start(order);
  const life: Life = { killAt, lines: [], signal: null, code: null, stderr: '' };
  child.stderr.on('data', (chunk) => (life.stderr += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', (code, signal) => ((life.code = code), (life.signal = signal), resolve())));
  const kill = () => child.kill('SIGKILL');
  // The nth request this process sends is where it dies (for `asked` and `written`).
  const target = 1 + random(3);
  let asked = 0;
  let written = 0;
  createInterface({ input: child.stdout }).on('line', (line) => {
    life.lines.push(line);
    if (!options.kill) return;
    if (line === 'READY' && killAt === 'random') setTimeout(kill, random(250));
    if (line.startsWith('ASK ') && killAt === 'asked' && ++asked === target) setTimeout(kill, random(60));
    if (line.startsWith('WROTE ') && killAt === 'written' && ++written === target) kill();
  });
  const timer = setTimeout(kill, 20_000);
  await exited;
  clearTimeout(timer);
  return life;
}

describe('two supervisors refunding the same ticket at the same moment, in two processes', () => {
  it('produce one refund; the other is refused and gives nothing back', { timeout: 120_000 }, async () => {
    const raceDir = path.join(root, 'race');
    const raceFile = journalFile(raceDir);
    const opened = openJournal({ file: raceFile, terminalId: 'T01' });
    if (!opened.ok) throw new Error(opened.error.message);
    const ids: string[] = [];
    try {
      for (const [name, role, pin] of [['Bola Adeyemi', 'supervisor', '2468'], ['Ngozi Okafor', 'supervisor', '8642'], ['Tunde Bakare', 'cashier', '1357']] as const) {
        const made = await opened.value.staff.create({ name, role, pin });
        if (!made.ok) throw new Error(made.error.message);
      }
      if (!opened.value.shifts.open({ staffId: 1, floatKobo: 10_000_000 }).ok) throw new Error('no shift');
      for (let i = 0; i < 8; i++) ids.push(sellInto(opened.value, { staffId: 3, state: 'confirmed', tender: 'cash', lines: [{ label: 'Regular', quantity: 1, unitKobo: 250_000 }] }));
    } finally {
      opened.value.close();
    }

    for (const saleId of ids) {
      const at = Date.now() + 1_500;
      const racer = (n: number, supervisor: { id: number; pin: string }) =>
        new Promise<string>((resolve, reject) => {
          const order: RefundChildOrder = {
            journalFile: raceFile,
            dataDir: raceDir,
            cashier: { id: 3, pin: '1357' },
            supervisors: [supervisor],
            seed: n,
            race: {
              at,
              request: { kind: 'refund', correctionId: `RACE-${saleId}-${n}`, saleId, basis: 0, tender: 'cash', lines: [{ line: 0, quantity: 1 }], approval: { supervisorId: supervisor.id, pin: supervisor.pin }, reason: 'sold-twice', note: 'race' },
            },
          };
          const child = refundChild.start(order);
          let out = '';
          let err = '';
          child.stdout.on('data', (chunk) => (out += chunk));
          child.stderr.on('data', (chunk) => (err += chunk));
          child.once('exit', () => {
            const line = out.split('\n').find((l) => l.startsWith('RACED '));
            return line ? resolve(line.split(' ')[2]!) : reject(new Error(`${out}\n${err}`));
          });
        });
      const answers = await Promise.all([racer(1, { id: 1, pin: '2468' }), racer(2, { id: 2, pin: '8642' })]);
      expect(answers.sort(), saleId).toEqual(['CONFLICT', 'ok']);
    }

    const db = new Database(raceFile, { readonly: true });
    try {
      const rows = db.prepare('SELECT sale_id, count(*) AS n, sum(amount_kobo) AS kobo FROM corrections GROUP BY sale_id').all() as { sale_id: string; n: number; kobo: number }[];
      expect(rows.map((r) => [r.n, r.kobo])).toEqual(ids.map(() => [1, 250_000]));
    } finally {
      db.close();
    }
  });
});

describe('SIGKILL at random points of refunds and voids, four processes on one journal', () => {
  // 90 s alone here (480 sales), 200-440 s in the whole run (CPU shared with the other files); a slower
  // machine must not fail it for time: 900 s, as the card kill test.
  it(`${lives} kills: none lost, none doubled, none beyond what was paid, the drawer equals the journal`, { timeout: 900_000 }, async () => {
    const done = new Map<string, number>();
    const asked = new Map<string, RefundChildRequest>();
    const retried: string[] = [];
    let kills = 0;
    let killedInDoubt = 0;
    const record = (life: Life) => {
      if (life.signal === 'SIGKILL') kills++;
      else if (life.code !== 0) throw new Error(`a child failed: ${life.stderr}\n${life.lines.join('\n')}`);
      const answered = new Set<string>();
      for (const line of life.lines) {
        const [word, id, rest] = [line.split(' ')[0], line.split(' ')[1]!, line.split(' ').slice(2).join(' ')];
        if (word === 'ASK') asked.set(id, JSON.parse(rest) as RefundChildRequest);
        if (word === 'DONE') done.set(id, Number(rest));
        if (word === 'DONE' || word === 'REFUSED') answered.add(id);
        if (word === 'RETRIED') {
          answered.add(id);
          inDoubt.delete(id);
          retried.push(id);
          if (rest.startsWith('ok')) done.set(id, Number(rest.split(' ')[1]));
        }
      }
      for (const line of life.lines.filter((l) => l.startsWith('ASK '))) {
        const id = line.split(' ')[1]!;
        if (!answered.has(id)) {
          inDoubt.set(id, asked.get(id)!);
          killedInDoubt++;
        }
      }
    };

    let next = 0;
    const worker = async () => {
      while (next < lives) {
        const n = next++;
        // Each process first sends again what one killed before it left in doubt.
        const retries = [...inDoubt.values()].slice(0, 1);
        for (const r of retries) inDoubt.delete(r.correctionId);
        record(await live(n, { kill: true, retries }));
      }
    };
    await Promise.all(Array.from({ length: parallel }, worker));
    // A last process, never killed, sends again whatever is still in doubt.
    if (inDoubt.size > 0) record(await live(lives, { kill: false, retries: [...inDoubt.values()] }));
    expect(inDoubt.size).toBe(0);
    // Nearly every life ends in a SIGKILL (one that finishes first is not killed).
    expect(kills).toBeGreaterThanOrEqual(Math.floor(lives * 0.9));

    const db = new Database(file, { readonly: true });
    try {
      expect(db.pragma('quick_check', { simple: true })).toBe('ok');
      const rows = db.prepare('SELECT id, sale_id, seq, kind, tender, route, amount_kobo, lines_json, approved_by, asked_by FROM corrections').all() as {
        id: string; sale_id: string; seq: number; kind: string; tender: string; route: string; amount_kobo: number; lines_json: string; approved_by: number; asked_by: number;
      }[];
      const byId = new Map(rows.map((r) => [r.id, r]));

      // 0 lost: every "done" answer is in the journal, for the amount answered.
      const lost = [...done].filter(([id, amount]) => byId.get(id)?.amount_kobo !== amount);
      expect(lost).toEqual([]);
      // 0 doubled: one row per request id, one per (sale, seq), and nothing in the journal nobody asked for.
      expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
      expect(new Set(rows.map((r) => `${r.sale_id}#${r.seq}`)).size).toBe(rows.length);
      expect(rows.filter((r) => !asked.has(r.id))).toEqual([]);
      // Every sale's corrections are numbered 1..n without gaps.
      const seqs = new Map<string, number[]>();
      for (const r of rows) seqs.set(r.sale_id, [...(seqs.get(r.sale_id) ?? []), r.seq]);
      for (const [sale, list] of seqs) expect(list.sort((a, b) => a - b), sale).toEqual(list.map((_, i) => i + 1));

      // 0 beyond what was paid (per tender) or sold (per line), summed here from the rows.
      const sales = db.prepare("SELECT id, state, details_json FROM sales").all() as { id: string; state: string; details_json: string }[];
      const paid = db.prepare('SELECT sale_id, kind, sum(amount_kobo) AS kobo FROM tenders GROUP BY sale_id, kind').all() as { sale_id: string; kind: string; kobo: number }[];
      let beyond = 0;
      for (const sale of sales) {
        const mine = rows.filter((r) => r.sale_id === sale.id);
        for (const tender of ['cash', 'card', 'transfer']) {
          const given = mine.filter((r) => r.tender === tender).reduce((sum, r) => sum + r.amount_kobo, 0);
          const took = paid.find((p) => p.sale_id === sale.id && p.kind === tender)?.kobo ?? 0;
          if (given > took) beyond++;
        }
        const sold = (JSON.parse(sale.details_json) as { lines: { quantity: number }[] }).lines;
        sold.forEach((line, index) => {
          const back = mine.flatMap((r) => JSON.parse(r.lines_json) as { line: number; quantity: number }[]).filter((l) => l.line === index).reduce((sum, l) => sum + l.quantity, 0);
          if (back > line.quantity) beyond++;
        });
        if (mine.some((r) => (r.kind === 'void') !== (sale.state === 'rejected'))) beyond++;
      }
      expect(beyond).toBe(0);
      expect(rows.every((r) => r.approved_by !== r.asked_by && staff.supervisors.some((s) => s.id === r.approved_by))).toBe(true);
      // Every refund's money went back at once here (drawer, approval code, bank): each owes its cancellation.
      const cancellations = db.prepare('SELECT correction_id FROM cancellations').all() as { correction_id: string }[];
      expect(cancellations.map((c) => c.correction_id).sort()).toEqual(rows.filter((r) => r.kind === 'refund').map((r) => r.id).sort());

      // The drawer from the rows alone.
      const drawer = drawerFromRows(db);
      // The run never ran dry (see `sold`): cash was still there to give back when the last life
      // died. A longer run (LOBBY_REFUND_KILLS) may give everything back: a life sees 500 sales at most.
      if (lives <= defaultLives) expect(drawer).toBeGreaterThan(floatKobo);
      const opened = openJournal({ file, terminalId: 'T01' });
      if (!opened.ok) throw new Error(opened.error.message);
      try {
        const x = opened.value.shifts.xReport();
        if (!x.ok) throw new Error(x.error.message);
        expect(x.value.cash.expectedKobo).toBe(drawer);
        expect(x.value.corrections!.refunds.count + x.value.corrections!.voids.count).toBe(rows.length);
      } finally {
        opened.value.close();
      }

      console.info(
        `refund kill test: ${kills} kills (${killedInDoubt} with a request in doubt, ${retried.length} sent again), ${rows.length} corrections ` +
          `(${rows.filter((r) => r.kind === 'void').length} voids), ${done.size} answered done; lost 0, doubled 0, beyond paid 0; drawer ${drawer} kobo = journal sum`,
      );
    } finally {
      db.close();
    }
  });
});
