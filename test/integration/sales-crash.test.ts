import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journalFile, openJournal } from '../../electron/journal';
import { createPartnerClient } from '../../electron/partner/client';
import { silentLogger } from '../../electron/core/logger';
import { createSales } from '../../electron/sales';
import { SANDBOX_DEFAULT_API_KEY } from '../../electron/sandbox';
import { bundleChild, type ChildBundle } from '../helpers/child-bundle';
import type { ChildOrder } from '../helpers/sale-child';
import { customer, findShowing, findStay, openTill, purchasesOf, readyToSell, selectionOf, startSalesPartner, tillConfig, value, type SalesPartner, type Till } from '../helpers/sales-fixture';

/**
 * Crash safety: a child process running the real sale code is killed with SIGKILL at each point
 * of a sale; then a fresh start on the same journal recovers and reconciles. Whatever the point
 * and timing, every sale ends confirmed or rejected, the partner holds at most one purchase per
 * sale, and a sale is confirmed exactly when the partner holds its purchase.
 */

const runsPerPoint = 10;
const parallel = 4;
// No instant lies between `pending` and `sent` for these sales (cash, or card on a stand-alone
// machine): they are written down already sent, in one transaction. The kill while a sale waits
// `pending` for its card is payments-crash.test.ts's (sales paid at the terminal).
const points = ['sent', 'committed', 'confirmed'] as const;
type Point = (typeof points)[number];

let partner: SalesPartner;
let browser: Till;
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lobby-sales-crash-'));
const template = path.join(root, 'template', 'journal.sqlite');
/** Children waiting to be killed once the partner has committed their purchase, by sale id. */
const killOnCommit = new Map<string, () => Promise<void>>();
let saleChild: ChildBundle;
let choices: { cinema: ChildOrder['request'][]; hotel: ChildOrder['request'][] };

beforeAll(async () => {
  saleChild = await bundleChild('test/helpers/sale-child.ts', path.join(root, 'bundle'));
  partner = await startSalesPartner();
  partner.afterCommit = async ({ merchantReference }) => {
    const kill = merchantReference ? killOnCommit.get(merchantReference) : undefined;
    if (kill) await kill();
  };
  browser = openTill({ url: partner.url });
  await readyToSell(browser.pos);

  // Things to sell, chosen up front: a few showings and rooms with plenty left.
  const cinema = [];
  for (const film of ['Harmattan Heart', 'Lagos Traffic 2', 'Abuja Protocol']) {
    const showing = await findShowing(browser.pos, film);
    cinema.push({ kind: 'cinema' as const, cinema: selectionOf(showing, [['Regular', 1]]), customer, tender: { kind: 'card' as const } });
  }
  const hotel = [];
  const skipRooms: number[] = [];
  for (let i = 0; i < 3; i++) {
    const stay = await findStay(browser.pos, { roomsLeft: 15, skipRooms });
    skipRooms.push(stay.selection.roomId);
    hotel.push({ kind: 'hotel' as const, hotel: stay.selection, customer, tender: { kind: 'cash' as const, tenderedKobo: stay.priceKobo * 3 } });
  }
  choices = { cinema: cinema as never, hotel: hotel as never };

  // A journal with a supervisor (id 1, PIN 2468) and an open shift, copied for every run.
  const opened = openJournal({ file: template, terminalId: 'T01' });
  if (!opened.ok) throw new Error(opened.error.message);
  value(await opened.value.staff.create({ name: 'Bola Adeyemi', role: 'supervisor', pin: '2468' }));
  value(opened.value.shifts.open({ staffId: 1, floatKobo: 0 }));
  opened.value.close();
});

afterAll(async () => {
  await browser.close();
  await partner.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const random = (max: number) => Math.floor(Math.random() * max);

interface Run {
  point: Point;
  saleId: string;
  dataDir: string;
  /** Lines the child printed. */
  output: string[];
  signal: NodeJS.Signals | null;
}

/** One child: sells, and is killed at `point`. */
async function crashAt(point: Point, n: number): Promise<Run> {
  const saleId = `CRASH-${point}-${n}-${Date.now().toString(36)}`;
  const dataDir = path.join(root, saleId);
  fs.mkdirSync(dataDir);
  fs.copyFileSync(template, journalFile(dataDir));
  const kinds = random(2) === 0 ? choices.cinema : choices.hotel;
  const order: ChildOrder = {
    journalFile: journalFile(dataDir),
    dataDir,
    partnerUrl: partner.url,
    staff: { id: 1, pin: '2468' },
    request: { ...kinds[random(kinds.length)]!, saleId } as ChildOrder['request'],
    pauseAt: point === 'committed' ? null : point,
    pauseMs: 2_000,
    jitterMs: random(30),
  };
  const child = saleChild.start(order);
  const run: Run = { point, saleId, dataDir, output: [], signal: null };
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', (_code, signal) => ((run.signal = signal), resolve())));
  const kill = async () => {
    child.kill('SIGKILL');
    await exited;
  };

  if (point === 'committed') killOnCommit.set(saleId, kill);
  const lines = createInterface({ input: child.stdout });
  lines.on('line', (line) => {
    run.output.push(line);
    // Frozen right after this step: kill it somewhere in that instant.
    if (point !== 'committed' && line === `STEP ${point} ${saleId}`) setTimeout(() => void kill(), random(20));
  });
  const timer = setTimeout(() => void kill(), 15_000);
  await exited;
  clearTimeout(timer);
  killOnCommit.delete(saleId);
  if (run.signal !== 'SIGKILL') throw new Error(`child for ${saleId} was not killed (${run.output.join(' | ')}) ${stderr}`);
  return run;
}

/** A fresh till process on the same journal: start-up recovery, then lookups until all is settled. */
async function restartAndReconcile(run: Run) {
  const opened = openJournal({ file: journalFile(run.dataDir), terminalId: 'T01' });
  if (!opened.ok) throw new Error(opened.error.message);
  const journal = opened.value;
  const sales = createSales({
    journal,
    partner: createPartnerClient({ baseUrl: partner.url, apiKey: () => SANDBOX_DEFAULT_API_KEY, timeoutMs: 2000 }),
    clock: () => new Date(),
    events: { publish() {} },
    logger: silentLogger,
    config: tillConfig(run.dataDir, 'counter', partner.url),
    tuning: { settleWindowMs: 300, reconcileDelaysMs: [20, 40, 80] },
  });
  try {
    for (let i = 0; i < 100; i++) {
      const pass = value(await sales.reconcileAll());
      if (pass.remaining === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
    return { sale: value(journal.sales.get(run.saleId)), events: value(journal.sales.events(run.saleId)) };
  } finally {
    await sales.close();
    journal.close();
  }
}

async function inBatches<T, R>(items: T[], size: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += size) results.push(...(await Promise.all(items.slice(i, i + size).map(work))));
  return results;
}

describe('SIGKILL in the middle of a sale, then a restart', () => {
  it(`at every point (${runsPerPoint} runs each, random timing): settled, never bought twice, nothing bought left unrecorded`, { timeout: 90_000 }, async () => {
    const plan = points.flatMap((point) => Array.from({ length: runsPerPoint }, (_, n) => ({ point, n })));
    const runs = await inBatches(plan, parallel, ({ point, n }) => crashAt(point, n));
    const outcomes = await inBatches(runs, parallel, async (run) => ({ run, ...(await restartAndReconcile(run)) }));

    for (const { run, sale, events } of outcomes) {
      const label = `${run.saleId}: ${run.output.join(' | ')}`;
      expect(sale, label).not.toBeNull();
      const purchases = purchasesOf(partner.sandbox, run.saleId);
      expect(['confirmed', 'rejected'], label).toContain(sale!.state);
      expect(purchases.length, label).toBeLessThanOrEqual(1);
      expect(sale!.state === 'confirmed', label).toBe(purchases.length === 1);
      if (purchases[0]) expect(sale!.partnerReference, label).toBe(purchases[0].reference);
      // Where the child died decides how the sale must end.
      const states = events.map((e) => e.toState);
      // Sent, never answered: `unknown` while the settle window is open (if the restart came that soon), then rejected.
      if (run.point === 'sent') expect(states.filter((state) => state !== 'unknown'), label).toEqual(['pending', 'sent', 'rejected']);
      if (run.point === 'committed') expect(states, label).toEqual(['pending', 'sent', 'confirmed']);
      if (run.point === 'confirmed') expect(states, label).toEqual(['pending', 'sent', 'confirmed']);
    }

    // And from the partner's side: every purchase made for these sales is confirmed in its till's journal.
    const byId = new Map(outcomes.map((o) => [o.run.saleId, o.sale]));
    for (const purchase of partner.sandbox.transactions()) {
      if (!purchase.merchant_reference?.startsWith('CRASH-')) continue;
      expect(byId.get(purchase.merchant_reference)?.state, purchase.merchant_reference).toBe('confirmed');
    }
    expect(outcomes.filter((o) => o.sale!.state === 'confirmed').length).toBe(2 * runsPerPoint);
  });
});
