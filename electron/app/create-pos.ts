import type { HealthItem } from '../../shared/app';
import { saidError, type PosError } from '../../shared/errors';
import { channelNames, type EventPayloadOf } from '../../shared/ipc/contract';
import type { PosApi } from '../../shared/ipc/api';
import { fail, ok, type Result } from '../../shared/result';
import type { Journal } from '../journal';
import type { PartnerClient } from '../partner/client';
import { createSales, type Sales, type SalesTuning } from '../sales';
import { createPartnerProbe } from '../partner/health-probe';
import type { Printer } from '../printing';
import { createPrintQueue, type PrintQueue, type PrintQueueTuning } from '../printing';
import { isTrainingMode, type PosConfig } from '../core/config/schema';
import { recordDrawerLeftOpen } from './drawer-left-open';
import { createDispatch, type Dispatch } from './dispatch';
import { createAccessGate, type AccessPort } from './access-gate';
import { createDomainEvents } from '../core/domain-events';
import { createEventHub, type EventHub } from '../core/event-hub';
import { createHealthMonitor, type HealthProbes } from './health';
import { createAppHandlers } from './handlers/app';
import { createCatalogHandlers } from './handlers/catalog';
import { createSaleHandlers } from './handlers/sales';
import { createShiftHandlers } from './handlers/shifts';
import { createStaffHandlers } from './handlers/staff';
import { createJournalSalvageHandlers } from './handlers/journal-salvage';
import { createPrintingHandlers } from './handlers/printing';
import { createSettingsHandlers } from './handlers/settings';
import { createPartnerConnectionHandlers } from './handlers/partner-connection';
import { createFleetHandlers } from './handlers/fleet';
import type { Fleet } from '../fleet/create-fleet';
import { createPaymentHandlers } from './handlers/payments';
import { noTerminal, wireCardPayments } from './card-payments-wiring';
import type { CardPaymentsTuning } from '../payments/card-payments';
import type { TerminalChoice } from '../payments/choose-terminal';
import { createRefundHandlers } from './handlers/refunds';
import { createRestartNoticeHandlers, whatTheStartFound } from './handlers/restart-notices';
import type { CardMoneyBack } from '../sales/corrections';
import { cardMoneyBackFromPayments } from './card-money-back';
import { printRefundSlips, queueMissedRefundSlips } from './refund-slips';
import { printReversalSlips, queueMissedReversalSlips } from './reversal-slips';
import type { PosContext } from './context';
import type { Logger } from '../core/logger';
import type { KeptSecret, SecretStore } from '../core/secrets';
import { paystackKeyStore } from '../payments/paystack/paystack-secret';

export interface PosDeps {
  version: string;
  logger: Logger;
  secrets: SecretStore;
  /** The Paystack secret key (write-only on the settings screen); default: kept beside the partner key, sealed with its codec. */
  paystackKey?: KeptSecret;
  /** The partner's probe is built here from `partner.ping`; the journal's from the journal, when one is given. */
  probes: Omit<HealthProbes, 'partner' | 'journal' | 'printer'> & { journal?: HealthProbes['journal']; printer?: HealthProbes['printer'] };
  /** The partner API (real, or the embedded sandbox in training mode). */
  partner: PartnerClient;
  /**
   * The sale journal as the composition root opened it. A failed open (or none) still starts the
   * app: browsing works, and every selling, staff and shift channel answers with the failure.
   */
  journal?: { ok: true; value: Journal } | { ok: false; error: PosError };
  /** Where each setting came from, so the settings screen can say which ones config.json cannot change. */
  configSources?: PosContext['configSources'];
  /** Shorter settle windows, backoffs and locks, for tests. */
  salesTuning?: Partial<SalesTuning>;
  /**
   * The receipt printer the composition root built from the config. With a journal, confirmed sales
   * print through the durable queue and the printer's own status feeds the strip; without one, the
   * printing channels refuse and `probes.printer` (if any) speaks for the printer.
   */
  printer?: Printer;
  /** The integrated card terminal's way of giving money back; absent: card voids and refunds are recorded by approval code. */
  cardMoneyBack?: CardMoneyBack;
  /** Shorter print deadlines and polls, for tests. */
  printTuning?: Partial<PrintQueueTuning>;
  /** How long the drawer must stand open to count as left open (default a minute), for tests. */
  drawerLeftOpenMs?: number;
  /** The card terminal the composition root chose from `payments.terminal`; absent: none (approval code). */
  cardTerminal?: TerminalChoice;
  /** Shorter lookups and retries of card payments, for tests. */
  paymentsTuning?: Partial<CardPaymentsTuning>;
  /** Shipping to head office's PostgreSQL (fleet.databaseUrl set); absent: this till stands alone. */
  fleet?: Fleet;
  clock?: () => Date;
  /**
   * Starts the till again on its saved settings (Staff -> Settings -> Restart now), the transport's
   * own way: Electron relaunches the app, the preview host builds a new runtime behind the same
   * page. It checks that the saved settings can start a till and answers at once; the restart
   * follows the answer. Absent (tests): the screen is told to close and open Lobby POS.
   */
  restart?: () => Result<void>;
  /** Called by `close()`, for the services the composition root opened (journal, printer, sandbox). */
  onClose?: () => Promise<void> | void;
}

export interface Pos {
  /** Untrusted entry for transports: any channel name, any payload. */
  dispatch: Dispatch;
  /** The same calls, typed, for code and tests in the main process. */
  api: PosApi;
  events: EventHub;
  /** The same events as a screen may receive them (the channels' access rules): what transports forward. */
  screenEvents: EventHub;
  close(): Promise<void>;
}

/** Implements every contract channel as a plain function returning a Result. */
export function createPos(config: PosConfig, deps: PosDeps): Pos {
  const clock = deps.clock ?? (() => new Date());
  const events = createEventHub();
  const domainEvents = createDomainEvents(deps.logger);
  // The screens hear of every sale move through the contract's public event.
  domainEvents.subscribe('sale.moved', ({ sale }) => events.emit('sale:updated', sale));
  // ...and of every void, refund and cancellation step, as the sale now stands.
  domainEvents.subscribe('correction.recorded', ({ sale }) => events.emit('sale:updated', sale));
  // ...and of what the till waits for before it can settle a sale whose outcome is unknown.
  domainEvents.subscribe('sale.waiting', ({ sale }) => events.emit('sale:updated', sale));
  const journal = deps.journal ?? fail(saidError('JOURNAL_UNAVAILABLE', 'said.setup.noJournal'));
  // Every sale move wrote chain links: head office gets them now rather than at the next poll.
  const fleet = deps.fleet ?? null;
  if (fleet) domainEvents.subscribe('sale.moved', () => fleet.nudge());
  // What the stop cut off (sales in flight, at the card terminal, receipts printing): read before this start's own settling moves them on.
  const startFound = whatTheStartFound(journal.ok ? journal.value : null, clock);
  // Before selling starts: the terminal is asked about payments a restart left unfinished.
  const cardPayments = wireCardPayments({ choice: deps.cardTerminal ?? noTerminal(config.terminal.profile), journal: journal.ok ? journal.value : null, clock, logger: deps.logger, domainEvents, events, tuning: deps.paymentsTuning });
  // Paying at a terminal takes time before the purchase does: seats must be held long enough for both.
  const holdMarginMs = cardPayments.port ? 20_000 + config.payments.timeoutSeconds * 1000 : undefined;
  // The drawer left open a minute or more is written down in the shift, for the X and Z reports:
  // from the printer's readings, and at a close or a stop for a drawer still standing open.
  const drawerWatch = journal.ok && deps.printer ? recordDrawerLeftOpen({ events, journal: journal.value, logger: deps.logger, leftOpenMs: deps.drawerLeftOpenMs }) : null;
  const sales: Result<Sales> = journal.ok
    ? ok(createSales({ journal: journal.value, partner: deps.partner, clock, events: domainEvents, logger: deps.logger, config, tuning: { ...(holdMarginMs ? { holdMarginMs } : {}), ...deps.salesTuning }, cardTerminal: cardPayments.port, cardMoneyBack: deps.cardMoneyBack ?? cardMoneyBackFromPayments({ journal: journal.value, choice: cardPayments.context.choice }), drawerWatch }))
    : journal;
  const journalDown = async (): Promise<HealthItem> => ({ state: 'down', label: 'Journal unavailable', detail: journal.ok ? '' : journal.error.message, words: { label: 'journalUnavailable' } });
  const journalProbe = journal.ok ? async () => journal.value.probe() : deps.journal ? journalDown : (deps.probes.journal ?? journalDown);
  const printing: Result<PrintQueue> = !journal.ok
    ? journal
    : deps.printer
      ? ok(createPrintQueue({ journal: journal.value, printer: deps.printer, clock, events, onSaleConfirmed: (listener) => domainEvents.subscribe('sale.moved', ({ sale }) => sale.state === 'confirmed' && listener(sale.id)), logger: deps.logger, config, tuning: deps.printTuning }))
      : fail(saidError('PRINTER_OFFLINE', 'said.setup.noPrinter'));
  // A void's or refund's two slips (customer's, drawer's) print once its money is back.
  if (printing.ok) printRefundSlips({ events: domainEvents, printing: printing.value, config, logger: deps.logger, clock });
  // A card payment given back because its sale did not happen: the customer gets a slip saying so.
  if (printing.ok && journal.ok) printReversalSlips({ events: domainEvents, printing: printing.value, journal: journal.value, config, logger: deps.logger, clock });
  // Slips a crash kept from being queued (money back, process gone before the slip was written) are queued now.
  const missedSlips =
    printing.ok && journal.ok && sales.ok
      ? (async () => {
          const slipDeps = { printing: printing.value, journal: journal.value, config, logger: deps.logger, clock };
          await queueMissedRefundSlips({ ...slipDeps, sales: sales.value });
          await queueMissedReversalSlips(slipDeps);
        })().catch((error: unknown) => deps.logger.error('slips missed by a crash could not be checked', { error }))
      : Promise.resolve();
  const printerProbe = printing.ok
    ? () => printing.value.health()
    : (deps.probes.printer ?? (async (): Promise<HealthItem> => ({ state: 'unknown', label: 'Printer not set up', detail: printing.error.message, words: { label: 'printerNotSetUp' } })));
  const ctx: PosContext = {
    config,
    configSources: deps.configSources,
    version: deps.version,
    logger: deps.logger,
    clock,
    secrets: deps.secrets,
    paystackKey: deps.paystackKey ?? paystackKeyStore({ dataDir: config.dataDir, codec: deps.secrets.codec }),
    events,
    health: createHealthMonitor({
      probes: { printer: printerProbe, journal: journalProbe, partner: createPartnerProbe(deps.partner, { trainingMode: isTrainingMode(config) }), ...(fleet ? { fleet: async () => fleet.health() } : {}) },
      events,
      clock,
    }),
    partner: deps.partner,
    sales,
    printing,
    fleet,
    payments: cardPayments.context,
    restart: deps.restart,
  };
  // The partner back after being down: sales waiting for a lookup are looked up at once.
  let partnerState: HealthItem['state'] | null = null;
  events.subscribe((event, payload) => {
    if (event !== 'app:health-changed') return;
    const state = (payload as EventPayloadOf<'app:health-changed'>).partner.state;
    if (partnerState === 'down' && state !== 'down' && sales.ok) sales.value.partnerAnswered();
    partnerState = state;
  });
  // The printer's state changes reach the status strip at once (out of paper, cover open, back), not at the next health poll.
  events.subscribe((event) => {
    if (event === 'printer:status-changed') void ctx.health.current({ refresh: true });
  });
  // Who is signed in and which sale ids are taken: all the access rules need from selling.
  const accessPort: AccessPort = {
    // From memory: the staff count and the shift that status() also reads cost two journal
    // queries on every request, for nothing the gate uses.
    signedIn: () => (sales.ok ? ok(sales.value.staff.whoIsSignedIn()) : sales),
    saleExists: (saleId) => {
      if (!journal.ok) return journal;
      const found = journal.value.sales.get(saleId);
      return found.ok ? ok(found.value !== null) : found;
    },
  };
  const gate = createAccessGate({
    port: accessPort,
    kiosk: config.terminal.profile === 'kiosk',
    clock,
    // Well past the kiosk's own reset, which forgets the customer first; this covers a screen that never reset.
    forgetCustomerAfterMs: (config.kiosk.idleSeconds + config.kiosk.warningSeconds) * 2_000 + 60_000,
    // Their receipt, if it has not printed, is held for staff: nobody is at the kiosk to take it.
    // A sale of theirs still waiting at the card terminal is given up: the next customer's card
    // would otherwise pay it, and her own payment would find the terminal busy.
    customerLeft: (saleId) => {
      if (printing.ok) void printing.value.customerLeft(saleId);
      if (sales.ok) sales.value.customerGone(saleId);
    },
  });
  const dispatch = createDispatch(
    { ...createAppHandlers(ctx), ...createRestartNoticeHandlers(ctx, startFound, journal.ok ? journal.value : null), ...createCatalogHandlers(ctx), ...createSaleHandlers(ctx), ...createStaffHandlers(ctx), ...createShiftHandlers(ctx), ...createJournalSalvageHandlers(ctx), ...createPrintingHandlers(ctx), ...createSettingsHandlers(ctx), ...createPartnerConnectionHandlers(ctx), ...createFleetHandlers(ctx), ...createPaymentHandlers(ctx), ...createRefundHandlers(ctx) },
    deps.logger,
    gate,
  );
  const screenEvents: EventHub = {
    emit: events.emit,
    subscribe: (listener) => events.subscribe((event, payload) => gate.mayReceive(event, payload) && listener(event, payload)),
  };
  const api = Object.fromEntries(channelNames.map((name) => [name, (request: unknown) => dispatch(name, request)])) as PosApi;
  return {
    dispatch,
    api,
    events,
    screenEvents,
    close: async () => {
      // A drawer standing open as the till stops is written down until now, in the shift still open.
      drawerWatch?.leftOpenUntil(clock());
      // A card payment still at the terminal is called off first (journaled as the terminal says it
      // ended; one already approved goes on to its sale below): the purchase waiting behind it, which
      // the sales wait for next, held the close for the terminal's whole wait for a card
      // (payments.timeoutSeconds, 45 s unless set longer) when the customer never tapped.
      const payments = cardPayments.context.service?.close();
      // Purchases in flight finish (and are journaled) before the journal is closed.
      if (sales.ok) await sales.value.close();
      // Then payments: lookups and reversals in flight finish before the journal closes.
      await payments;
      if (cardPayments.context.choice.mode !== 'none') cardPayments.context.choice.simulator?.close();
      // Then printing: receipts of the sales that just finished (and slips a crash had left) are queued before it stops.
      await missedSlips;
      if (printing.ok) await printing.value.close();
      await deps.onClose?.();
    },
  };
}
