import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPos } from '../../electron/app/create-pos';
import { createLogger } from '../../electron/core/logger';
import { createFileSecretStore } from '../../electron/core/secrets';
import { journalFile, openJournal, type Journal } from '../../electron/journal';
import { createPartnerClient } from '../../electron/partner/client';
import { chooseTerminal } from '../../electron/payments/choose-terminal';
import { SANDBOX_DEFAULT_API_KEY } from '../../electron/sandbox';
import { addDays, lagosDate } from '../../shared/dates';
import { cardTillConfig, fastPayments, fastSales, startCardPartner, type CardPartner } from '../helpers/card-fixture';
import type { CardChildOrder } from '../helpers/card-sale-child';
import { bundleChild, type ChildBundle } from '../helpers/child-bundle';
import { startTerminal, type TerminalRig } from '../helpers/terminal-fixture';

/**
 * Crash safety of card sales: kiosk till processes running the real composition are killed with
 * SIGKILL at random instants (during start-up recovery, at the terminal, between the terminal and
 * the partner, during the purchase, during a reversal), each restarted on the same journal, many
 * times over. Afterwards, from the journals, the terminal's own records and the partner's, the
 * three invariants must hold without exception:
 * - no sale is booked at a kiosk without an approved payment;
 * - no approved payment is left without a confirmed sale or a reversal;
 * - no sale is ever charged twice.
 */

const tills = Number(process.env.LOBBY_KILL_TILLS ?? 8);
// 8 x 65 = 520 in `npm test` (issue 12 asks for at least 500); raise LOBBY_KILLS_PER_TILL for a longer run.
const killsPerTill = Number(process.env.LOBBY_KILLS_PER_TILL ?? 65);
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lobby-payments-crash-'));
let cardChild: ChildBundle;
let partner: CardPartner;
let terminal: TerminalRig;
let templateDir: string;
const stepsAtKill = new Map<string, number>();

beforeAll(async () => {
  cardChild = await bundleChild('test/helpers/card-sale-child.ts', path.join(root, 'bundle'));
  partner = await startCardPartner({ hotels: 120 });
  terminal = await startTerminal({ deliveryMs: 2, stepMs: 4, resultMs: 5, autoPresentMs: 3, lostAnswers: 4 });
  // A journal with a supervisor and an open shift, copied for every till.
  templateDir = path.join(root, 'template');
  const opened = openJournal({ file: journalFile(templateDir), terminalId: 'T01' });
  if (!opened.ok) throw new Error(opened.error.message);
  const boss = await opened.value.staff.create({ name: 'Bola Adeyemi', role: 'supervisor', pin: '2468' });
  if (!boss.ok) throw new Error(boss.error.message);
  if (!opened.value.shifts.open({ staffId: boss.value.id, floatKobo: 0 }).ok) throw new Error('no shift');
  opened.value.close();
}, 60_000);

afterAll(async () => {
  await terminal?.close();
  await partner?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const random = (max: number) => Math.floor(Math.random() * max);

/**
 * What each till sells, in turn: mostly stays the terminal approves (at many hotels and dates, so
 * rooms do not run out), some refused by the partner after payment (reversal), some whose purchase
 * answer is lost (settled by lookup), and cinema tickets whose price scripts the card: approved
 * but the answer lost, insufficient funds (Try again, then Cancel), approved.
 */
function salesFor(till: number): CardChildOrder['sales'] {
  const { catalogue, showing } = partner;
  const hotels = catalogue.hotels.filter((h) => h.rooms.some((r) => r.is_available && r.number_of_rooms >= 5));
  const stay = (n: number) => {
    const hotel = hotels[(till * 37 + n * 7) % hotels.length]!;
    const room = hotel.rooms.find((r) => r.is_available && r.number_of_rooms >= 5)!;
    const checkIn = addDays(lagosDate(new Date()), 1 + ((till * 11 + n) % 60));
    return { hotelId: hotel.id, roomId: room.id, checkIn, checkOut: addDays(checkIn, 1), guests: 1, rooms: 1 };
  };
  const film = catalogue.experiences.find((e) => e.title === 'Harmattan Heart')!;
  const cinema = (category: string) => ({ kind: 'cinema' as const, cinema: { ...showing!, tickets: [{ categoryId: film.tickets.find((t) => t.title === category)!.id, count: 1 }] } });
  const plan: CardChildOrder['sales'] = [];
  for (let n = 0; n < 60; n++) {
    const turn = n % 10;
    if (turn === 2) plan.push(cinema('Twin Seat'));
    else if (turn === 5) plan.push(cinema('VIP'));
    else if (turn === 8) plan.push(cinema('Regular'));
    else plan.push({ kind: 'hotel', hotel: stay(n), refuse: turn === 1 || turn === 6, dropAtPartner: turn === 3 || turn === 9 });
  }
  return plan;
}

/** One incarnation of a till: started, then killed at a random instant. */
async function incarnation(till: number, life: number, dataDir: string, sales: CardChildOrder['sales']): Promise<void> {
  const order: CardChildOrder = { dataDir, partnerUrl: partner.url, terminalUrl: terminal.url, terminal: `paystack:TERM-${till}`, secretKey: terminal.simulator.secretKey, sales, prefix: `K${till}L${life}`, start: random(sales.length) };
  const child = cardChild.start(order);
  let stderr = '';
  let last = 'spawned';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
  const kill = () => child.kill('SIGKILL');
  const lines = createInterface({ input: child.stdout });
  // Kills are placed by steps, not by clock, so a busy machine still spreads them over every
  // step of a sale: after the k-th step the child reports, a few milliseconds later. Some land
  // before it is ready (during start-up recovery).
  const early = random(100) < 12;
  const killAfterSteps = random(26);
  let steps = 0;
  let timer: NodeJS.Timeout | null = early ? setTimeout(kill, random(300)) : null;
  lines.on('line', (line) => {
    if (line.startsWith('STEP ') || line.startsWith('SALE ') || line.startsWith('DONE ')) {
      last = line.startsWith('STEP ') ? line.slice(5) : line.split(' ')[0]!;
      steps += 1;
    }
    if (!timer && !early && line !== 'READY' && steps >= killAfterSteps) timer = setTimeout(kill, random(6));
    if (!timer && !early && line === 'READY' && killAfterSteps === 0) timer = setTimeout(kill, random(20));
  });
  const watchdog = setTimeout(kill, 20_000);
  const signal = await exited;
  clearTimeout(watchdog);
  if (timer) clearTimeout(timer);
  if (signal !== 'SIGKILL') throw new Error(`till ${till} life ${life} was not killed: ${stderr}`);
  stepsAtKill.set(last, (stepsAtKill.get(last) ?? 0) + 1);
}

/** The till started one last time, in this process, until nothing is left unsettled. */
async function settleTill(dataDir: string, till: number): Promise<Journal> {
  const config = cardTillConfig(dataDir, { partnerUrl: partner.url, terminalUrl: terminal.url, profile: 'kiosk', timeoutSeconds: 5, terminal: `paystack:TERM-${till}` });
  const opened = openJournal({ file: journalFile(dataDir), terminalId: config.terminal.id });
  if (!opened.ok) throw new Error(opened.error.message);
  const journal = opened.value;
  const logLines: string[] = [];
  const pos = createPos(config, {
    version: 'kill-test',
    logger: createLogger({ write: (line) => logLines.push(line) }),
    secrets: createFileSecretStore({ dataDir, env: { POS_API_KEY: SANDBOX_DEFAULT_API_KEY } }),
    partner: createPartnerClient({ baseUrl: partner.url, apiKey: () => SANDBOX_DEFAULT_API_KEY, timeoutMs: 1000, retry: { attempts: 2, baseDelayMs: 5 } }),
    probes: { printer: async () => ({ state: 'ok', label: 'Idle', detail: '' }) },
    journal: opened,
    salesTuning: fastSales,
    cardTerminal: chooseTerminal(config, { training: false, secretKey: () => terminal.simulator.secretKey, timings: { pollMs: 5, settleMs: 60, missedPollsBeforeUnknown: 3 } }),
    paymentsTuning: fastPayments,
  });
  const settled = () => {
    const unfinished = journal.payments.unfinished();
    const owed = journal.payments.approvedForRejectedSales();
    const open = journal.sales.listByState(['pending', 'sent', 'unknown']);
    return unfinished.ok && unfinished.value.length === 0 && owed.ok && owed.value.length === 0 && open.ok && open.value.length === 0;
  };
  for (let i = 0; i < 400 && !settled(); i++) await new Promise((resolve) => setTimeout(resolve, 50));
  // Anything still unsettled is shown with its history, to say why.
  const left = journal.payments.unfinished();
  for (const payment of left.ok ? left.value : []) {
    const pr = terminal.simulator.paymentRequests().find((r) => r.metadata?.lobby_reference === payment.reference);
    console.log('UNSETTLED', JSON.stringify({ payment, events: journal.payments.events(payment.reference), pr, sale: journal.sales.get(payment.saleId) }));
    console.log('LOG', logLines.filter((line) => line.includes(payment.reference) || line.includes('"error"')).slice(0, 20).join('\n'));
  }
  await pos.close();
  const reopened = openJournal({ file: journalFile(dataDir), terminalId: config.terminal.id });
  if (!reopened.ok) throw new Error(reopened.error.message);
  return reopened.value;
}

describe('SIGKILL at random points of card sales, then restarts', () => {
  // 180 s alone here, 423 s in a whole run beside the other kill tests (28 Nov): what it proves is
  // its size, not its speed, so a slower machine gets 900 s before it fails for time.
  it(`${tills * killsPerTill} kills across terminal and partner steps: 0 violations of the three invariants`, { timeout: 900_000 }, async () => {
    const started = Date.now();
    const dirs = Array.from({ length: tills }, (_, till) => {
      const dir = path.join(root, `till-${till}`);
      fs.mkdirSync(dir, { recursive: true });
      fs.copyFileSync(journalFile(templateDir), journalFile(dir));
      return dir;
    });
    await Promise.all(
      dirs.map(async (dir, till) => {
        const sales = salesFor(till);
        for (let life = 0; life < killsPerTill; life++) await incarnation(till, life, dir, sales);
      }),
    );
    const journals = await Promise.all(dirs.map((dir, till) => settleTill(dir, till)));

    const sales = journals.flatMap((j) => valueOf(j.sales.listByState(['pending', 'sent', 'unknown', 'confirmed', 'rejected'])));
    const payments = journals.flatMap(journalPayments);
    const byId = new Map(sales.map((s) => [s.id, s]));
    const violations: string[] = [];

    // The terminal's own record: every charge it took, by our sale id.
    const requestSale = new Map(terminal.simulator.paymentRequests().map((pr) => [pr.id, String(pr.metadata?.sale_id ?? '')]));
    const refunds = terminal.simulator.refunds();
    const charges = terminal.simulator.transactions().filter((tx) => tx.status === 'success' || tx.status === 'reversed');
    const chargesBySale = new Map<string, typeof charges>();
    for (const charge of charges) {
      const saleId = requestSale.get(charge.payment_request_id)!;
      chargesBySale.set(saleId, [...(chargesBySale.get(saleId) ?? []), charge]);
    }
    const purchases = partner.sandbox.transactions().filter((t) => t.merchant_reference && byId.has(t.merchant_reference));

    // 1. No sale booked at a kiosk without an approved payment.
    for (const purchase of purchases) {
      const saleId = purchase.merchant_reference!;
      const approved = payments.filter((p) => p.saleId === saleId && p.state === 'approved');
      if (approved.length !== 1) violations.push(`booked without an approved payment: ${saleId}`);
      if ((chargesBySale.get(saleId) ?? []).filter((c) => c.status === 'success').length !== 1) violations.push(`booked without a charge at the terminal: ${saleId}`);
    }
    for (const sale of sales) if (sale.state === 'confirmed' && !payments.some((p) => p.saleId === sale.id && p.state === 'approved')) violations.push(`confirmed without an approved payment: ${sale.id}`);

    // 2. No approved payment left without a confirmed sale or a reversal (the terminal's record is the judge).
    for (const [saleId, taken] of chargesBySale) {
      const sale = byId.get(saleId);
      for (const charge of taken) {
        const givenBack = refunds.some((r) => r.transaction_id === charge.id);
        const sold = sale?.state === 'confirmed' && purchases.some((p) => p.merchant_reference === saleId);
        if (!sold && !givenBack) violations.push(`charged, neither sold nor given back: ${saleId} (${sale?.state ?? 'no sale'})`);
        if (sold && givenBack) violations.push(`sold and given back: ${saleId}`);
      }
    }
    for (const payment of payments) {
      if (payment.state === 'started' || payment.state === 'unknown' || payment.state === 'reversing') violations.push(`payment left unsettled: ${payment.reference} ${payment.state}`);
      if (payment.state === 'approved' && byId.get(payment.saleId)?.state !== 'confirmed') violations.push(`approved payment of an unsold sale: ${payment.reference}`);
    }

    // 3. Never two charges for one sale.
    for (const [saleId, taken] of chargesBySale) if (taken.length > 1) violations.push(`charged ${taken.length} times: ${saleId}`);

    for (const sale of sales) if (!['confirmed', 'rejected'].includes(sale.state)) violations.push(`sale left ${sale.state}: ${sale.id}`);
    for (const j of journals) j.close();

    const summary = {
      kills: tills * killsPerTill,
      seconds: Math.round((Date.now() - started) / 1000),
      sales: sales.length,
      confirmed: sales.filter((s) => s.state === 'confirmed').length,
      charges: charges.length,
      reversals: refunds.length,
      lastStepBeforeKill: Object.fromEntries([...stepsAtKill].sort((a, b) => b[1] - a[1])),
    };
    console.log(JSON.stringify(summary, null, 1));
    expect(violations).toEqual([]);
    // The kills must not stop every sale: about a third of the lives sell one (and some are
    // reversed), so the run proves the invariants on sales that went through, at any size.
    expect(summary.confirmed).toBeGreaterThan(summary.kills / 10);
    expect(summary.reversals).toBeGreaterThan(summary.kills / 50);
  });
});

function valueOf<T>(result: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

function journalPayments(journal: Journal) {
  const sales = valueOf(journal.sales.listByState(['pending', 'sent', 'unknown', 'confirmed', 'rejected']));
  return sales.flatMap((sale) => valueOf(journal.payments.forSale(sale.id)));
}
