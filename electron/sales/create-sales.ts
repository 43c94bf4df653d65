import type { Approver } from '../../shared/sales/staff';
import { unsettledStates } from '../../shared/sales/sale-states';
import type { Said } from '../../shared/errors';
import { lagosDate } from '../../shared/dates';
import { saidError } from '../../shared/errors';
import { fail, ok, type Result } from '../../shared/result';
import type { CinemaSelection, Hold } from '../../shared/sales/checkout';
import type { HandSettlement } from '../../shared/sales/hand-settlement';
import type { SaleView } from '../../shared/sales/sale-view';
import type { Sale } from '../journal';
import { createCheckout, type SubmitSaleRequest } from './checkout';
import { createCorrections, type Corrections } from './corrections';
import { createHoldBook } from './hold-book';
import { exportFileName, lagosDayRange } from './lagos-days';
import { createReconciler } from './reconciler';
import { createHandSettler } from './settle-by-hand';
import { salesTuning, type SalesDeps } from './sales-deps';
import { createSaleViews } from './sale-view';
import { createShiftDesk, type ShiftDesk } from './shift-desk';
import { createApprovals } from './approvals';
import { createPinLockout } from './pin-lockout';
import { createStaffDesk, type StaffDesk } from './staff-desk';
import { createTicketHolds } from './ticket-holds';
import { createHotelTimes, type HotelTimes } from './hotel-times';

export interface Sales {
  /** `approvers`: who may approve what the person signed in asks for (a supervisor's PIN on their screen). */
  staff: Omit<StaffDesk, 'signedIn' | 'supervisor'> & { approvers(): Result<Approver[]> };
  shifts: ShiftDesk;
  /** Voids and refunds (supervisor-approved), and the cancellations refunds leave owed by the partner. */
  corrections: Corrections;
  hold(selection: CinemaSelection): Promise<Result<Hold>>;
  releaseHold(holdId: string): Promise<Result<{ released: boolean }>>;
  submit(request: SubmitSaleRequest): Promise<Result<SaleView>>;
  /** Another card attempt for a sale waiting to be paid at the terminal. */
  payCard(saleId: string): Promise<Result<SaleView>>;
  /** Gives up a sale waiting to be paid at the terminal (the terminal first, then the sale and its seats). */
  abandonCard(saleId: string): Promise<Result<SaleView>>;
  /**
   * The kiosk customer who began this sale is gone (the screen reset or reloaded, another sale
   * began there): a sale still waiting to be paid at the terminal is given up, so the terminal is
   * free for the next customer and her card never pays the sale of the one who left.
   */
  customerGone(saleId: string): void;
  get(saleId: string): Result<SaleView>;
  /** Asks the partner now what became of an unsettled sale; a settled one is returned as it is. */
  settle(saleId: string): Promise<Result<SaleView>>;
  /** Supervisor only: a sale the lookups cannot settle, settled by what the partner said when asked by other means. */
  settleByHand(request: HandSettlement): Promise<Result<SaleView>>;
  /** Unsettled sales, and confirmed ones whose charged amount differs from the quote. */
  attention(): Result<{ sales: SaleView[] }>;
  search(query: { text?: string; from?: string; to?: string; limit: number }): Result<{ sales: SaleView[] }>;
  /** Supervisor only: one CSV row per sale made on the days from..to (Lagos, inclusive). */
  exportJournal(range: { from?: string; to?: string }): Result<{ fileName: string; csv: string; rows: number }>;
  /** One lookup pass over every unsettled sale (start-up and background do this on their own). */
  reconcileAll(): Promise<Result<{ remaining: number }>>;
  /** The partner answers again (health check): unsettled sales are looked up at once. */
  partnerAnswered(): void;
  /** A page of the partner's hotel listing was read (hotels:list): their check-in/out times go on the receipts of hotel sales. */
  hotelsSeen: HotelTimes['remember'];
  /** Stops background lookups and waits for purchases in flight. */
  close(): Promise<void>;
}

/**
 * The till's selling: staff and shifts, holds, quotes, the journal-first purchase, and the
 * settling of sales whose outcome is unknown. On creation it recovers what a crash left behind:
 * never-sent sales are rejected, sent and unknown ones are looked up in the background.
 */
export function createSales(deps: SalesDeps): Sales {
  const { journal, partner, clock, logger, config } = deps;
  const tuning = salesTuning(config, deps.tuning);
  // The screen's text for an unsettled sale says what the till waits for (the reconciler knows).
  let waitingFor: (sale: Sale) => Said | null = () => null;
  const view = createSaleViews(journal, (sale) => waitingFor(sale));
  /** Announces the sale's new state; returns the view it announced, so the caller need not build it again. */
  const moved = (sale: Sale): SaleView => {
    const shown = view(sale);
    deps.events.publish('sale.moved', { sale: shown });
    return shown;
  };

  const staff = createStaffDesk({ journal, clock, logger, pinFailuresBeforeLock: tuning.pinFailuresBeforeLock, pinLockMs: tuning.pinLockMs });
  const holds = createTicketHolds({ partner, book: createHoldBook(clock), clock, contact: config.merchant, marginMs: tuning.holdMarginMs, logger });
  // The checkout and the reconciler each need the other: the reconciler must leave alone a sale
  // the checkout is buying, and the checkout hands unknown outcomes to the reconciler.
  let inFlight: (saleId: string) => boolean = () => false;
  const reconciler = createReconciler({
    journal,
    partner,
    clock,
    logger,
    moved,
    inFlight: (saleId) => inFlight(saleId),
    settleWindowMs: tuning.settleWindowMs,
    delaysMs: tuning.reconcileDelaysMs,
    recoveryProbeMs: tuning.recoveryProbeMs,
    waitingChanged: (sale) => deps.events.publish('sale.waiting', { sale: view(sale) }),
  });
  waitingFor = reconciler.waitingFor;
  const hotelTimes = createHotelTimes();
  const checkout = createCheckout({ journal, partner, clock, logger, config, staff, holds, reconciler, view, moved, cardTerminal: deps.cardTerminal ?? null, holdMarginMs: tuning.holdMarginMs, hotelTimes });
  // A card sale waiting for the customer's next card is not looked up: "Ask again" would reject it
  // as one the till stopped before sending, while she stands at the terminal with another card.
  inFlight = (saleId) => checkout.running(saleId) !== undefined || checkout.waitingForCard(saleId);
  // A supervisor's PIN typed on the cashier's screen (a refund, a void, a cashier's no sale). The
  // lock lives in the journal, per person: a supervisor's wrong PINs here and at sign-in add up.
  const approvals = createApprovals({
    journal,
    logger,
    lockout: createPinLockout({ journal, clock, failures: tuning.pinFailuresBeforeLock, lockMs: tuning.pinLockMs, logger }),
  });
  const shifts = createShiftDesk({ journal, staff, approvals, clock, logger, salesInFlight: checkout.inFlightCount, noSaleBy: config.printer.noSaleBy, cashOutBy: config.printer.cashOutBy, drawerWatch: deps.drawerWatch ?? null });

  // Card payments left unfinished by a restart are settled with the terminal first: a sale whose
  // payment went through must not be rejected as "never sent" before that is known.
  const cardsSettled = deps.cardTerminal ? deps.cardTerminal.ready().then(() => checkout.recoverCardSales()) : Promise.resolve();
  if (deps.cardTerminal) void cardsSettled.then(() => reconciler.recoverAtStart());
  else reconciler.recoverAtStart();

  const corrections = createCorrections({
    journal,
    clock,
    logger,
    profile: config.terminal.profile,
    events: deps.events,
    signedIn: staff.signedIn,
    saleView: view,
    cardMoneyBack: deps.cardMoneyBack ?? null,
    lookupDelaysMs: tuning.correctionLookupDelaysMs,
    approvals,
  });
  corrections.desk.recoverAtStart();

  const find = (saleId: string): Result<Sale> => {
    const found = journal.sales.get(saleId);
    if (!found.ok) return found;
    return found.value ? ok(found.value) : fail(saidError('NOT_FOUND', 'said.noSuchSale', { sale: saleId }));
  };
  const settleByHand = createHandSettler({ journal, partner, logger, staff, find, lookUp: reconciler.settleAfterNow, running: checkout.running, moved });

  return {
    staff: {
      status: staff.status,
      whoIsSignedIn: staff.whoIsSignedIn,
      list: staff.list,
      setup: staff.setup,
      signIn: staff.signIn,
      signOut: staff.signOut,
      create: staff.create,
      members: staff.members,
      deactivate: staff.deactivate,
      reactivate: staff.reactivate,
      setPin: staff.setPin,
      changeOwnPin: staff.changeOwnPin,
      approvers: () => {
        const asker = staff.signedIn();
        return asker.ok ? approvals.approvers(asker.value) : asker;
      },
    },
    shifts,
    corrections,
    hold: checkout.hold,
    releaseHold: checkout.releaseHold,
    submit: checkout.submit,
    payCard: checkout.payCard,
    abandonCard: checkout.abandonCard,

    customerGone(saleId) {
      // Waiting at the terminal, or still on its way there (being quoted and written down).
      if (!deps.cardTerminal || (!checkout.waitingForCard(saleId) && checkout.running(saleId) === undefined)) return;
      logger.info('the customer left a card sale not yet paid; giving it up', { saleId });
      void checkout.abandonCard(saleId).then((given) => {
        if (!given.ok) logger.warn('a card sale its customer left could not be given up', { saleId, error: given.error });
      });
    },

    get(saleId) {
      const sale = find(saleId);
      return sale.ok ? ok(view(sale.value)) : sale;
    },

    async settle(saleId) {
      const running = checkout.running(saleId);
      if (running) await running;
      const settled = await reconciler.settle(saleId);
      return settled.ok ? ok(view(settled.value)) : settled;
    },

    async settleByHand(request) {
      const settled = await settleByHand(request);
      return settled.ok ? ok(view(settled.value)) : settled;
    },

    attention() {
      const who = staff.signedIn();
      if (!who.ok) return who;
      const unsettled = journal.sales.listByState([...unsettledStates]);
      if (!unsettled.ok) return unsettled;
      const mismatched = journal.sales.listAmountMismatches();
      if (!mismatched.ok) return mismatched;
      // Settled as not completed while nobody was looking (after a restart, say): the customer's money is still here.
      const toGiveBack = journal.sales.listMoneyToGiveBack();
      if (!toGiveBack.ok) return toGiveBack;
      return ok({ sales: [...unsettled.value, ...toGiveBack.value, ...mismatched.value].map(view) });
    },

    search({ text, from, to, limit }) {
      const who = staff.signedIn();
      if (!who.ok) return who;
      const range = lagosDayRange({ from, to });
      if (!range.ok) return range;
      const found = journal.sales.search({ ...range.value, ...(text ? { text } : {}), limit });
      return found.ok ? ok({ sales: found.value.map(view) }) : found;
    },

    exportJournal(range) {
      const boss = staff.supervisor('exportJournal');
      if (!boss.ok) return boss;
      const instants = lagosDayRange(range);
      if (!instants.ok) return instants;
      const exported = journal.exportCsv(instants.value);
      if (!exported.ok) return exported;
      logger.info('journal exported', { rows: exported.value.rows, by: boss.value.id });
      return ok({ fileName: exportFileName(journal.terminalId, range, lagosDate(clock())), ...exported.value });
    },

    async reconcileAll() {
      await cardsSettled;
      return reconciler.reconcileAll();
    },
    partnerAnswered: reconciler.partnerAnswered,
    hotelsSeen: hotelTimes.remember,

    async close() {
      await checkout.close();
      await reconciler.close();
      await corrections.desk.close();
    },
  };
}
