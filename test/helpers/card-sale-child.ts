/**
 * A kiosk till process for the card kill test: the real composition (createPos, the Paystack
 * adapter driving the parent's simulated terminal over HTTP, the sandbox partner over HTTP) on a
 * journal file. It starts as a till starts (asking the terminal and the partner about everything
 * a crash left unfinished before selling), says READY, then sells card sales one after another,
 * printing every step (`STEP <what>`), until the parent kills it with SIGKILL.
 *
 *   bundled by the test, then: node card-sale-child.cjs '<json: CardChildOrder>'
 */
import { wireCardPayments } from '../../electron/app/card-payments-wiring';
import { loadConfig } from '../../electron/core/config/load';
import { createDomainEvents } from '../../electron/core/domain-events';
import { createEventHub } from '../../electron/core/event-hub';
import { createHttpFetch } from '../../electron/core/http/http-fetch';
import { silentLogger } from '../../electron/core/logger';
import { journalFile, openJournal } from '../../electron/journal';
import { createPartnerClient } from '../../electron/partner/client';
import { chooseTerminal } from '../../electron/payments/choose-terminal';
import { createSales } from '../../electron/sales';

/** The sandbox's default key (not imported: the child stays small, so each restart is quick). */
const PARTNER_KEY = 'lobby-sandbox-key';

export interface CardChildOrder {
  dataDir: string;
  partnerUrl: string;
  terminalUrl: string;
  /** This till's own terminal at the simulator (tills do not share one). */
  terminal: string;
  secretKey: string;
  /** What to sell, in turn: hotel stays (approved, refused by the partner, lost at the partner) and scripted cinema tickets. */
  sales: Array<{ kind: 'hotel'; hotel: unknown; refuse: boolean; dropAtPartner: boolean } | { kind: 'cinema'; cinema: unknown }>;
  /** Sale ids start with this (unique per incarnation). */
  prefix: string;
  /** Where in `sales` this incarnation begins. */
  start: number;
}

const say = (line: string) => process.stdout.write(`${line}\n`);
const customer = { name: 'Chiamaka Eze', email: 'chiamaka@example.com', phone: '08031234567', dob: '1990-04-12' };

/**
 * The composition a till makes for selling by card (as electron/app/create-pos.ts makes it): the
 * payments domain wired to the terminal and to selling, selling waiting for payments' start-up
 * recovery. Only what selling by card needs is loaded, so a restart takes little time.
 */
async function main() {
  const order = JSON.parse(process.argv[2] ?? '{}') as CardChildOrder;
  const loaded = loadConfig({
    env: {},
    flags: {
      'data-dir': order.dataDir,
      profile: 'kiosk',
      'partner-url': order.partnerUrl,
      'partner-timeout-ms': '1000',
      'payments-terminal': order.terminal,
      'paystack-url': order.terminalUrl,
      'paystack-customer': 'CUS_walk_in',
      'payments-timeout-seconds': '5',
    },
  });
  if (!loaded.ok) throw new Error(loaded.message);
  const config = loaded.config;
  const opened = openJournal({ file: journalFile(order.dataDir), terminalId: config.terminal.id });
  if (!opened.ok) throw new Error(opened.error.message);
  const journal = opened.value;
  const clock = () => new Date();
  const domainEvents = createDomainEvents(silentLogger);
  domainEvents.subscribe('payment.progress', ({ progress }) => say(`STEP terminal:${progress.stage}`));
  domainEvents.subscribe('payment.moved', ({ payment }) => say(`STEP payment:${payment.attempts.at(-1)?.state ?? 'none'}`));
  domainEvents.subscribe('sale.moved', ({ sale }) => say(`STEP sale:${sale.state}`));
  const wired = wireCardPayments({
    choice: chooseTerminal(config, { training: false, secretKey: () => order.secretKey, clock, timings: { pollMs: 5, settleMs: 60, missedPollsBeforeUnknown: 3 } }),
    journal,
    clock,
    logger: silentLogger,
    domainEvents,
    events: createEventHub(),
    tuning: { settleWithinChargeMs: 1_500, retryDelaysMs: [30, 60, 120, 240] },
  });
  const sales = createSales({
    journal,
    partner: createPartnerClient({ baseUrl: order.partnerUrl, apiKey: () => PARTNER_KEY, timeoutMs: 1000, retry: { attempts: 2, baseDelayMs: 5 } }),
    clock,
    events: domainEvents,
    logger: silentLogger,
    config,
    tuning: { settleWindowMs: 400, reconcileDelaysMs: [30, 60, 120], holdMarginMs: 25_000 },
    cardTerminal: wired.port,
  });
  // The sandbox's fault switch is asked through the till's own transport: the global fetch would
  // build undici in every life, 35-45 ms of CPU a till never spends (core/http/read-answer.ts).
  const faults = createHttpFetch();
  say('READY');
  for (let n = 0; ; n++) {
    const plan = order.sales[(order.start + n) % order.sales.length]!;
    const saleId = `${plan.kind === 'hotel' && plan.refuse ? 'REFUSE-' : ''}${order.prefix}-${n}`;
    let request: Record<string, unknown>;
    if (plan.kind === 'hotel') {
      if (plan.dropAtPartner) await (await faults(`${order.partnerUrl}/__sandbox/faults`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ dropAfterCommitNext: 1 }) })).text();
      request = { saleId, kind: 'hotel', hotel: plan.hotel, customer, tender: { kind: 'card' } };
    } else {
      const hold = await sales.hold(plan.cinema as never);
      request = { saleId, kind: 'cinema', cinema: plan.cinema, ...(hold.ok ? { holdId: hold.value.holdId } : {}), customer, tender: { kind: 'card' } };
    }
    say(`SALE ${saleId}`);
    const sold = await sales.submit(request as never);
    // Declined: once more (Try again), then the customer walks away (Cancel).
    if (sold.ok && sold.value.state === 'pending') {
      const again = await sales.payCard(saleId);
      if (again.ok && again.value.state === 'pending') await sales.abandonCard(saleId);
    }
    say(`DONE ${saleId}`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(3);
});
