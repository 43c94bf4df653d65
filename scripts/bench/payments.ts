import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Pos } from '../../electron/app/create-pos';
import type { PartnerClient } from '../../electron/partner/client';
import { createPaystackHttp, type PaystackHttp } from '../../electron/payments/paystack/paystack-http';
import { createSimulatedTerminal, SIMULATED_CUSTOMER } from '../../electron/payments/simulated-terminal';
import { createTerminalSimulator, SIMULATED_TERMINAL_ID, type TerminalSimulator } from '../../electron/payments/simulator';
import { createSandbox, type Sandbox } from '../../electron/sandbox';
import { benchCustomer, findStay, openBenchTill, rawHotelBooking, readyToSell, sandboxPartner } from './bench-till';
import { median, percentile, round } from './stats';
import { runAlone, value } from './results';
import type { BenchRow } from './types';

const WARM_UP = 20;
const SAMPLES = 200;
/** Both sides poll the terminal this often; the simulated terminal answers each step at once. */
const POLL_MS = 1;
const customer = benchCustomer;

/**
 * A kiosk card sale through createPos(...).api (contract and access checks, fresh quote, journal
 * pending, the payment attempt journaled started -> terminal reference -> approved, the terminal
 * driven through the Paystack adapter, sent -> confirmed, views and events) against the same
 * calls made directly, one after the other: the terminal's (presence, payment request, push, polls
 * of the event and the request, transaction verification) with the bare HTTP client, then the
 * partner's (rooms read fresh, booking). Both run in-process against the simulated terminal
 * (every step immediate) and the sandbox. The difference is the app's own time per card sale.
 */
export async function benchPayments(): Promise<BenchRow[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lobby-bench-payments-'));
  const sandbox = createSandbox();
  const simulator = createTerminalSimulator({ timings: { deliveryMs: 0, stepMs: 0, resultMs: 0, autoPresentMs: 0 } });
  const partner = sandboxPartner(sandbox);
  const http = createPaystackHttp({ baseUrl: 'http://terminal.simulator', secretKey: () => simulator.secretKey, fetch: simulator.fetch, timeoutMs: 30_000 });
  const pos = openKiosk(dataDir, partner, simulator);
  try {
    await readyToSell(pos);
    value(await pos.api['staff:sign-out']({}));
    const stay = await findStay(pos);
    let n = 0;
    const saleId = () => `BENCH-CARD-${(++n).toString(36).padStart(6, '0')}`;

    // The stay's price, as the app quotes it (the first sale is the app's: pairs start with it).
    let amountKobo = 0;
    const app = async () => {
      const sale = value(await pos.api['sale:submit']({ saleId: saleId(), kind: 'hotel', hotel: stay, customer, tender: { kind: 'card' } }));
      if (sale.state !== 'confirmed') throw new Error(`bench: card sale ${sale.state}: ${sale.failureReason}`);
      amountKobo = sale.totalKobo;
      // A kiosk starts over for the next customer.
      value(await pos.api['staff:sign-out']({}));
    };
    const raw = async () => {
      const id = saleId();
      await rawTerminalPayment(http, amountKobo, id);
      await rawHotelBooking(partner, stay, id);
    };
    const times = await paired(sandbox, app, raw, 8);
    const own = times.app.map((t, i) => t - times.raw[i]!);
    const ratio = median(times.app) / median(times.raw);
    return [
      { name: 'kiosk card sale (terminal, then booking), whole sale via createPos().api', median: round(median(times.app)), p99: round(percentile(times.app, 0.99)), unit: 'ms', note: `${SAMPLES} sales; ${ratio.toFixed(2)}x the raw terminal and partner calls (median)` },
      { name: 'kiosk card sale, raw terminal + partner calls only', median: round(median(times.raw)), p99: round(percentile(times.raw, 0.99)), unit: 'ms', note: `baseline: presence, payment request, push, polls (${POLL_MS} ms), verify; rooms, booking` },
      { name: "kiosk card sale, the app's own time", median: round(median(own)), p99: round(percentile(own, 0.99)), unit: 'ms', note: 'journal (sale + 4 payment commits), orchestration, contract; paired per sale' },
    ];
  } finally {
    await pos.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function openKiosk(dataDir: string, partner: PartnerClient, simulator: TerminalSimulator): Pos {
  const cardTerminal = {
    mode: 'simulated',
    info: { mode: 'simulated', label: 'Simulated terminal (bench)', integrated: true, problem: null, problemSaid: null, simulated: true },
    terminal: createSimulatedTerminal({ simulator, timeoutMs: 30_000, pollMs: POLL_MS, settleMs: 100, missedPollsBeforeUnknown: 3 }),
    device: 'simulated',
    simulator,
    problem: () => null,
  } as const;
  return openBenchTill(dataDir, { partner, profile: 'kiosk', deps: { cardTerminal } }).pos;
}

/** The terminal's calls for one payment, as the adapter makes them, without the till around them. */
async function rawTerminalPayment(http: PaystackHttp, amount: number, saleId: string) {
  const tid = SIMULATED_TERMINAL_ID;
  await must(http.call('GET', `/terminal/${tid}/presence`));
  const pr = (await must(http.call('POST', '/paymentrequest', { body: { customer: SIMULATED_CUSTOMER, amount, currency: 'NGN', description: `Lobby POS sale (${saleId}-P1)`, send_notification: false, metadata: { lobby_reference: `${saleId}-P1`, sale_id: saleId } } }))) as { id: number; request_code: string; offline_reference: string };
  const event = (await must(http.call('POST', `/terminal/${tid}/event`, { body: { type: 'invoice', action: 'process', data: { id: pr.id, reference: pr.offline_reference } } }))) as { id: string };
  let delivered = false;
  for (;;) {
    await sleep(POLL_MS);
    if (!delivered) delivered = ((await must(http.call('GET', `/terminal/${tid}/event/${event.id}`))) as { delivered: boolean }).delivered;
    const now = (await must(http.call('GET', `/paymentrequest/verify/${pr.request_code}`))) as { paid: boolean; transactions: { reference: string; status: string }[] };
    if (now.paid) {
      await must(http.call('GET', `/transaction/verify/${now.transactions.find((t) => t.status === 'success')!.reference}`));
      return;
    }
  }
}

/** App and raw sales alternately (drift and GC hit both alike); stock and terminal records reset outside the timing. */
async function paired(sandbox: Sandbox, app: () => Promise<void>, raw: () => Promise<void>, resetEvery: number) {
  const times = { app: [] as number[], raw: [] as number[] };
  for (let i = 0; i < WARM_UP + SAMPLES; i++) {
    if (i % resetEvery === 0) sandbox.reset();
    const order = i % 2 === 0 ? (['app', 'raw'] as const) : (['raw', 'app'] as const);
    for (const which of order) {
      const started = performance.now();
      await (which === 'app' ? app() : raw());
      if (i >= WARM_UP) times[which].push(performance.now() - started);
    }
  }
  return times;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function must(call: Promise<{ ok: true; data: unknown } | { ok: false; message: string }>): Promise<unknown> {
  const result = await call;
  if (!result.ok) throw new Error(`bench: terminal call failed: ${result.message}`);
  return result.data;
}

// `npx tsx scripts/bench/payments.ts` runs this suite alone.
await runAlone(import.meta.url, benchPayments);
