import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPosRuntime } from '../../electron/app/runtime';
import type { Pos } from '../../electron/app/create-pos';
import { silentLogger } from '../../electron/core/logger';
import { createFileSecretStore } from '../../electron/core/secrets';
import { startHost, type RunningHost } from '../../electron/host/server';
import { readServerSentEvents } from '../../shared/ipc/server-sent-events';
import { SANDBOX_DEFAULT_API_KEY } from '../../electron/sandbox';
import { addDays, lagosDate } from '../../shared/dates';
import { cardTillConfig, fastPayments, startCardPartner, storePaystackKey, type CardPartner } from '../helpers/card-fixture';
import { customer } from '../helpers/sales-fixture';
import { startTerminal, until, type TerminalRig } from '../helpers/terminal-fixture';

/**
 * Every card outcome and every terminal fault, end to end through the preview host: RPC over
 * HTTP with the host's token, the screen's events over its event stream, the till built by the
 * same runtime as `npm start` (Paystack adapter -> simulated terminal over HTTP; sandbox partner
 * over HTTP whose prices script the terminal's outcomes).
 */

const token = 'payments-rpc-token-0123456789abcdefghijklmnop';
let partner: CardPartner;
let terminal: TerminalRig;
let pos: Pos;
let host: RunningHost;
let tillDataDir: string;
const dirs: string[] = [];
/** Every paper the till printed (its preview printer keeps them as text in the data folder). */
const printed = () => {
  const dir = path.join(tillDataDir, 'receipts');
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => name.endsWith('.txt')).map((name) => fs.readFileSync(path.join(dir, name), 'utf8')) : [];
};
/** Every event the kiosk's screen received over the stream, in order. */
const received: Array<{ event: string; data: any }> = [];
let stream: AbortController;

async function rpc(channel: string, body: unknown, at: RunningHost = host): Promise<any> {
  const response = await fetch(new URL(`rpc/${channel}`, at.url), { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  return response.json();
}
async function ok(channel: string, body: unknown = {}, at?: RunningHost): Promise<any> {
  const answer = await rpc(channel, body, at);
  if (!answer.ok) throw new Error(`${channel}: ${JSON.stringify(answer.error)}`);
  return answer.value;
}

async function listen(at: RunningHost) {
  stream = new AbortController();
  const response = await fetch(new URL('events', at.url), { headers: { Authorization: `Bearer ${token}` }, signal: stream.signal });
  void (async () => {
    try {
      await readServerSentEvents(response.body!, (event, data) => received.push({ event, data: JSON.parse(data) }));
    } catch {
      // closed by the test
    }
  })();
}

function tillDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lobby-payments-rpc-'));
  dirs.push(dir);
  return dir;
}

beforeAll(async () => {
  partner = await startCardPartner();
  terminal = await startTerminal();
  const dataDir = tillDir();
  tillDataDir = dataDir;
  storePaystackKey(dataDir, terminal.simulator.secretKey);
  const config = cardTillConfig(dataDir, { partnerUrl: partner.url, terminalUrl: terminal.url, profile: 'kiosk', timeoutSeconds: 2 });
  pos = createPosRuntime({
    config,
    secrets: createFileSecretStore({ dataDir, env: { POS_API_KEY: SANDBOX_DEFAULT_API_KEY } }),
    logger: silentLogger,
    version: 'test',
    cardTerminal: { timings: { pollMs: 10, settleMs: 150, missedPollsBeforeUnknown: 3 }, tuning: fastPayments },
  });
  host = await startHost({ dispatch: pos.dispatch, events: pos.screenEvents, rendererDir: dataDir, token, logger: silentLogger });
  await ok('staff:setup', { name: 'Bola Adeyemi', pin: '2468' });
  await ok('shift:open', { floatKobo: 0 });
  await ok('staff:sign-out');
  await listen(host);
});

afterAll(async () => {
  stream?.abort();
  await host?.close();
  await pos?.close();
  await terminal?.close();
  await partner?.close();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

let count = 0;
const saleId = (prefix = 'RPC') => `${prefix}-${Date.now().toString(36)}-${++count}`;

/** A film's first showing in the coming week, one ticket of `category`, held. */
async function holdOne(film: string, category: string) {
  const { films } = await ok('cinema:films', { search: film });
  const found = films.find((f: any) => f.title === film);
  for (const location of found.locations) {
    for (let day = 1; day <= 7; day++) {
      const date = addDays(lagosDate(new Date()), day);
      const { showtimes } = await ok('cinema:showtimes', { filmId: found.id, locationId: location.id, date });
      if (!showtimes[0]) continue;
      const { categories } = await ok('cinema:tickets', { filmId: found.id, locationId: location.id });
      const selection = { filmId: found.id, locationId: location.id, date, showtimeId: showtimes[0].id, tickets: [{ categoryId: categories.find((c: any) => c.title === category).id, count: 1 }] };
      const hold = await ok('sale:hold', selection);
      return { selection, hold };
    }
  }
  throw new Error(`${film} is not showing`);
}

async function buy(film: string, category: string, id = saleId()) {
  const { selection, hold } = await holdOne(film, category);
  const sale = await ok('sale:submit', { saleId: id, kind: 'cinema', cinema: selection, holdId: hold.holdId, customer, tender: { kind: 'card' } });
  const payment = await ok('payment:get', { saleId: id });
  return { sale, payment, hold, totalKobo: hold.quote.totalKobo as number };
}

const chargesFor = (id: string) => {
  const requests = terminal.simulator.paymentRequests().filter((pr) => pr.metadata?.sale_id === id).map((pr) => pr.id);
  return terminal.simulator.transactions().filter((tx) => requests.includes(tx.payment_request_id) && tx.status !== 'failed' && tx.status !== 'abandoned');
};
const purchasesFor = (id: string) => partner.sandbox.transactions().filter((t) => t.merchant_reference === id);
const control = (route: string, body: unknown = {}) => fetch(`${terminal.url}/__terminal/${route}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

describe('card outcomes at a kiosk, through the preview host', () => {
  it('approved: the screen hears each step, the sale is confirmed with the card on record, one charge and one purchase', async () => {
    const { sale, payment, totalKobo } = await buy('Harmattan Heart', 'Regular');
    expect(totalKobo % 100).toBe(0);
    expect(sale).toMatchObject({ state: 'confirmed', totalKobo });
    expect(payment.attempts).toMatchObject([{ state: 'approved', maskedPan: '**** 4081', scheme: 'visa' }]);
    expect(chargesFor(sale.id)).toHaveLength(1);
    expect(purchasesFor(sale.id)).toHaveLength(1);
    await until(() => received.some((e) => e.event === 'sale:updated' && e.data.id === sale.id && e.data.state === 'confirmed'), 3_000, 'the confirmed sale on the stream');
    const stages = received.filter((e) => e.event === 'payment:progress' && e.data.saleId === sale.id).map((e) => e.data.stage);
    expect(stages).toEqual(expect.arrayContaining(['checking-terminal', 'sending', 'waiting-for-card']));
    expect(received.some((e) => e.event === 'payment:updated' && e.data.saleId === sale.id && e.data.attempts[0]?.state === 'approved')).toBe(true);
    // The receipt names the card as `CARD **** 1234  AUTH 123456`, and never more of the card number.
    const line = `CARD **** 4081  AUTH ${payment.attempts[0].authCode}`;
    await until(() => printed().some((paper) => paper.includes(sale.id) && paper.includes(line)), 10_000, 'the receipt with the card line');
    expect(printed().join('\n')).not.toMatch(/\d{13,}/);
  });

  it.each([
    ['Eko Nights', 'Regular', 1, '05', /declined this card/],
    ['Harmattan Heart', 'VIP', 51, '51', /not enough money/],
    ['Harmattan Heart', 'Student', 55, '55', /PIN was wrong/],
    ['Eko Nights', 'VIP', 91, '91', /could not be reached/],
  ])('declined as the amount scripts (%s %s, ending %i): code %s in plain words; nothing booked; Cancel lets the sale go', async (film, category, ending, code, words) => {
    const { sale, payment, totalKobo } = await buy(film, category);
    expect(totalKobo % 100).toBe(ending);
    expect(sale.state).toBe('pending');
    expect(payment).toMatchObject({ canRetry: true, attempts: [{ state: 'declined', declineCode: code }] });
    expect(payment.attempts[0].reason).toMatch(words);
    expect(chargesFor(sale.id)).toHaveLength(0);
    expect(purchasesFor(sale.id)).toHaveLength(0);
    const gone = await ok('payment:abandon', { saleId: sale.id });
    expect(gone).toMatchObject({ state: 'rejected', failureReason: expect.stringMatching(/Nothing was charged/) });
  });

  it('Try again after a decline is a second attempt on the same sale, never a second sale', async () => {
    const { sale } = await buy('Harmattan Heart', 'Student');
    const again = await ok('payment:retry', { saleId: sale.id });
    expect(again.state).toBe('pending');
    const payment = await ok('payment:get', { saleId: sale.id });
    expect(payment.attempts.map((a: any) => [a.attempt, a.state])).toEqual([[1, 'declined'], [2, 'declined']]);
    await ok('payment:abandon', { saleId: sale.id });
  });

  it('approved, then the answer lost: settled by lookup and sold; one charge', async () => {
    const { sale, totalKobo } = await buy('Harmattan Heart', 'Twin Seat');
    expect(totalKobo % 100).toBe(99);
    expect(sale.state).toBe('confirmed');
    expect(chargesFor(sale.id)).toHaveLength(1);
    expect(purchasesFor(sale.id)).toHaveLength(1);
  });

  it('the partner refuses after approval: rejected, and the payment reversed on its own', async () => {
    const { sale } = await buy('Harmattan Heart', 'Regular', saleId('REFUSE'));
    expect(sale.state).toBe('rejected');
    await until(() => terminal.simulator.refunds().some((r) => chargesFor(sale.id).some((c) => c.id === r.transaction_id)), 5_000, 'the reversal at the terminal');
    await until(() => received.some((e) => e.event === 'payment:updated' && e.data.saleId === sale.id && e.data.attempts[0]?.state === 'reversed'), 5_000, 'the reversal on the screen');
    expect(sale.failureReason).toMatch(/given back to the card automatically/);
    // The customer gets a reversal slip: the sale, why it did not go through, the card and the amount.
    // Titles print letter-spaced: C A R D   R E V E R S A L.
    const isSlip = (paper: string) => paper.includes('C A R D   R E V E R S A L') && paper.includes(sale.id);
    await until(() => printed().some(isSlip), 10_000, 'the reversal slip');
    const slip = printed().find(isSlip)!;
    const [payment] = (await ok('payment:get', { saleId: sale.id })).attempts;
    expect(slip).toMatch(/Card +VISA \*\*\*\* 4081/);
    expect(slip).toMatch(new RegExp(`Approval code +${payment.authCode}`));
    expect(slip).toContain('Reversed');
  });
});

describe('terminal faults through the preview host', () => {
  it('busy: nothing starts, nothing is charged, and the screen is told why', async () => {
    await control('faults', { busy: true });
    try {
      const { sale, payment } = await buy('Harmattan Heart', 'Regular');
      expect(sale.state).toBe('pending');
      expect(payment.attempts).toMatchObject([{ state: 'failed', reason: expect.stringMatching(/busy/) }]);
      await ok('payment:abandon', { saleId: sale.id });
    } finally {
      await control('faults', { busy: false });
    }
  });

  it('offline: nothing starts, nothing is charged', async () => {
    await control('faults', { offline: true });
    try {
      const { sale, payment } = await buy('Harmattan Heart', 'Regular');
      expect(payment.attempts).toMatchObject([{ state: 'failed', reason: expect.stringMatching(/offline/) }]);
      expect(terminal.simulator.paymentRequests().filter((pr) => pr.metadata?.sale_id === sale.id)).toHaveLength(0);
      await ok('payment:abandon', { saleId: sale.id });
    } finally {
      await control('faults', { offline: false });
    }
  });

  it('slow customer (60 s): timed out and called off; the card shown later takes nothing', async () => {
    await control('faults', { slowCustomer: true });
    try {
      const { sale, payment } = await buy('Harmattan Heart', 'Regular');
      expect(payment.attempts).toMatchObject([{ state: 'timed-out', reason: expect.stringMatching(/No card was presented in time/) }]);
      expect(chargesFor(sale.id)).toHaveLength(0);
      await ok('payment:abandon', { saleId: sale.id });
    } finally {
      await control('faults', { slowCustomer: false });
    }
  });

  it('card removed: declined, with what to do', async () => {
    await control('faults', { cardRemovedNext: 1 });
    const { sale, payment } = await buy('Harmattan Heart', 'Regular');
    expect(payment.attempts).toMatchObject([{ state: 'declined', declineCode: 'CR', reason: expect.stringMatching(/taken out too early/) }]);
    // Try again with the card left in: sold.
    expect((await ok('payment:retry', { saleId: sale.id })).state).toBe('confirmed');
    expect(chargesFor(sale.id)).toHaveLength(1);
  });

  it('answer lost after approval (any amount): settled by lookup, sold once', async () => {
    await control('faults', { answerLostNext: 1 });
    const { sale } = await buy('Harmattan Heart', 'Regular');
    expect(sale.state).toBe('confirmed');
    expect(chargesFor(sale.id)).toHaveLength(1);
  });

  it('Cancel on the screen while the terminal waits: called off on the terminal, nothing charged', async () => {
    await control('faults', { slowCustomer: true });
    try {
      const { selection, hold } = await holdOne('Harmattan Heart', 'Regular');
      const id = saleId();
      const submitting = ok('sale:submit', { saleId: id, kind: 'cinema', cinema: selection, holdId: hold.holdId, customer, tender: { kind: 'card' } });
      await until(() => received.some((e) => e.event === 'payment:progress' && e.data.saleId === id && e.data.stage === 'waiting-for-card'), 3_000, 'the terminal to wait');
      const cancelled = await ok('payment:cancel', { saleId: id });
      expect(cancelled).toMatchObject({ inProgress: false, canRetry: true, attempts: [{ state: 'cancelled', reason: expect.stringMatching(/Cancelled at the till/) }] });
      expect((await submitting).state).toBe('pending');
      await ok('payment:abandon', { saleId: id });
      expect(chargesFor(id)).toHaveLength(0);
    } finally {
      await control('faults', { slowCustomer: false });
    }
  });

  it('the customer cancels on the terminal itself', async () => {
    await control('faults', { slowCustomer: true });
    try {
      const { selection, hold } = await holdOne('Harmattan Heart', 'Regular');
      const id = saleId();
      const submitting = ok('sale:submit', { saleId: id, kind: 'cinema', cinema: selection, holdId: hold.holdId, customer, tender: { kind: 'card' } });
      await until(() => received.some((e) => e.event === 'payment:progress' && e.data.saleId === id && e.data.stage === 'waiting-for-card'), 3_000, 'the terminal to wait');
      expect((await control('cancel-on-device')).status).toBe(200);
      expect((await submitting).state).toBe('pending');
      expect((await ok('payment:get', { saleId: id })).attempts).toMatchObject([{ state: 'cancelled', reason: expect.stringMatching(/cancelled on the card terminal/) }]);
      await ok('payment:abandon', { saleId: id });
    } finally {
      await control('faults', { slowCustomer: false });
    }
  });
});

describe('a kiosk without a card terminal', () => {
  it('refuses to sell and says why', async () => {
    const dataDir = tillDir();
    const config = cardTillConfig(dataDir, { partnerUrl: partner.url, terminalUrl: terminal.url, profile: 'kiosk', terminal: 'none' });
    const bare = createPosRuntime({ config, secrets: createFileSecretStore({ dataDir, env: { POS_API_KEY: SANDBOX_DEFAULT_API_KEY } }), logger: silentLogger, version: 'test' });
    const bareHost = await startHost({ dispatch: bare.dispatch, events: bare.screenEvents, rendererDir: dataDir, token, logger: silentLogger });
    try {
      expect(await ok('payment:terminal', {}, bareHost)).toMatchObject({ mode: 'none', integrated: false, problem: expect.stringMatching(/cannot take payments/) });
      await ok('staff:setup', { name: 'Bola Adeyemi', pin: '2468' }, bareHost);
      await ok('shift:open', { floatKobo: 0 }, bareHost);
      await ok('staff:sign-out', {}, bareHost);
      const refused = await rpc('sale:submit', { saleId: saleId(), kind: 'hotel', hotel: { hotelId: 1, roomId: 1002, checkIn: addDays(lagosDate(new Date()), 1), checkOut: addDays(lagosDate(new Date()), 2), guests: 1, rooms: 1 }, customer, tender: { kind: 'card' } }, bareHost);
      expect(refused).toMatchObject({ ok: false, error: { code: 'VALIDATION', message: expect.stringMatching(/no card terminal/) } });
      // Not even with an approval code typed in: nobody checked that money was taken.
      const typed = await rpc('sale:submit', { saleId: saleId(), kind: 'hotel', hotel: { hotelId: 1, roomId: 1002, checkIn: addDays(lagosDate(new Date()), 1), checkOut: addDays(lagosDate(new Date()), 2), guests: 1, rooms: 1 }, customer, tender: { kind: 'card', approvalCode: '123456' } }, bareHost);
      expect(typed).toMatchObject({ ok: false, error: { code: 'VALIDATION' } });
    } finally {
      await bareHost.close();
      await bare.close();
    }
  });
});
