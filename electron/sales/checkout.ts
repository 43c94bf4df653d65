import type { z } from 'zod';
import { lagosDate } from '../../shared/dates';
import { saidBecause, saidError } from '../../shared/errors';
import { fail, ok, type Result } from '../../shared/result';
import { dobProblem, minimumHotelBookingAge } from '../../shared/stay';
import type { CinemaSelection, Hold, submitSaleRequestSchema } from '../../shared/sales/checkout';
import type { Customer } from '../../shared/sales/customer';
import type { SaleView } from '../../shared/sales/sale-view';
import type { WireHotelBookingRequest } from '../../shared/partner/hotel-booking';
import type { WireTicketPurchaseRequest } from '../../shared/partner/ticket-purchase';
import type { Journal, Sale, TenderInput } from '../journal';
import type { PartnerClient } from '../partner/client';
import type { PosConfig } from '../core/config/schema';
import type { Logger } from '../core/logger';
import { cinemaDetails, cinemaPurchaseBody, quoteCinema, quoteLines, slotShortage } from './cinema-plan';
import { hotelBookingBody, hotelDetails, quoteHotel } from './hotel-plan';
import { notOursOutcome, purchaseOutcome, type Outcome } from './purchase-outcome';
import { notThisSale, referenceHolder } from './answer-owner';
import { checkedRefusal } from './refusal-check';
import { submittedFingerprint } from './submitted-fingerprint';
import type { Reconciler } from './reconciler';
import type { SaleDetails } from '../../shared/sales/sale-details';
import type { LanguageCode } from '../../shared/languages';
import type { ToSaleView } from './sale-view';
import type { StaffDesk } from './staff-desk';
import { cardAtTerminal, cardTenderProblem, tenderAllowed, tenderFor } from './tender';
import { sentenceInEnglish } from '../../shared/error-sentences';
import { createCardSales } from './card-sale';
import type { CardTerminalPort } from './card-terminal-port';
import type { TicketHolds } from './ticket-holds';
import type { HotelTimes } from './hotel-times';

export type SubmitSaleRequest = z.output<typeof submitSaleRequestSchema>;

export interface Checkout {
  hold(selection: CinemaSelection): Promise<Result<Hold>>;
  releaseHold(holdId: string): Promise<Result<{ released: boolean }>>;
  /**
   * Sells: journal first (`sent`; `pending` first while a card is paid at the terminal), then the partner, then the answer. The same
   * sale id again returns that sale; while it is in flight, callers share its outcome.
   */
  submit(request: SubmitSaleRequest): Promise<Result<SaleView>>;
  /** Another card attempt for a sale waiting to be paid at the terminal (Try again, Another card). */
  payCard(saleId: string): Promise<Result<SaleView>>;
  /** Gives up a sale waiting to be paid at the terminal: the terminal first, then the sale and its seats. */
  abandonCard(saleId: string): Promise<Result<SaleView>>;
  /** At start, once card payments are settled: sales left unbooked after their card was charged are let go. */
  recoverCardSales(): void;
  /** The outcome of a submission running now, if any. */
  running(saleId: string): Promise<Result<SaleView>> | undefined;
  /**
   * A card sale between two attempts at the terminal (declined, cancelled, timed out): the customer
   * may present another card, so it is not a sale the till stopped before sending.
   */
  waitingForCard(saleId: string): boolean;
  inFlightCount(): number;
  close(): Promise<void>;
}

/** A sale ready to be written down: the exact partner body, what the screens need, how it is paid. */
type SalePlan =
  | { kind: 'cinema'; quoteKobo: number; body: WireTicketPurchaseRequest; details: SaleDetails; tenders: TenderInput[]; holdId: string; holdExpiresAt: Date }
  | { kind: 'hotel'; quoteKobo: number; body: WireHotelBookingRequest; details: SaleDetails; tenders: TenderInput[]; holdId: null };

const maxHoldOwners = 1_000;

/** The screen's language goes with the sale's details: its receipt (and every reprint) is printed in it. */
/** The screen's language (the receipt is printed in it) and what was asked (submitted-fingerprint.ts), kept with what was sold. */
const stamped = <D extends SaleDetails>(details: D, request: SubmitSaleRequest): D => ({
  ...details,
  ...(request.language ? { language: request.language as LanguageCode } : {}),
  submitted: submittedFingerprint(request),
});

/** A rejected sale paid at the terminal: the partner charged nothing, and the card payment is reversed automatically. */
const cardGoesBack = (reason: string | undefined) =>
  sentenceInEnglish('said.sale.refusedCardBack', { reason: (reason ?? 'The partner refused the sale.').replace(/\s*Nothing was charged\.?/g, '') }).slice(0, 500);

export interface CheckoutDeps {
  journal: Journal;
  partner: PartnerClient;
  clock: () => Date;
  logger: Logger;
  config: PosConfig;
  staff: StaffDesk;
  holds: TicketHolds;
  reconciler: Reconciler;
  view: ToSaleView;
  /** Announces a sale's new state (sale:updated) and returns the view announced. */
  moved(sale: Sale): SaleView;
  /** The integrated card terminal; absent: card is taken on a stand-alone machine (approval code). */
  cardTerminal?: CardTerminalPort | null;
  /** Seats must have this long left before a card attempt starts (paying takes time, then buying does). */
  holdMarginMs?: number;
  /** The hotels' check-in/out times from the listings seen; none: hotel sales keep no times. */
  hotelTimes?: HotelTimes;
}

export function createCheckout(deps: CheckoutDeps): Checkout {
  const { journal, partner, clock, logger, config, staff, holds } = deps;
  const inFlight = new Map<string, Promise<Result<SaleView>>>();
  /** What each submit on its way asked for (submitted-fingerprint.ts). */
  const inFlightAsked = new Map<string, string>();
  /**
   * Which sale each hold's seats went to (holdId -> saleId), kept while the sale is in flight and
   * after it sold (or may have): one hold buys one sale, whatever sale ids the screens send.
   */
  const holdOwners = new Map<string, string>();
  const profile = config.terminal.profile;
  const cardSales = deps.cardTerminal
    ? createCardSales({ journal, port: deps.cardTerminal, clock, logger, holds, view: deps.view, moved: deps.moved, holdMarginMs: deps.holdMarginMs ?? 20_000 })
    : null;

  /** Who sells (null: the kiosk's self-service), in an open shift. */
  function seller(): Result<{ staffId: number | null }> {
    let staffId: number | null = null;
    if (profile !== 'kiosk') {
      const signedIn = staff.signedIn();
      if (!signedIn.ok) return signedIn;
      staffId = signedIn.value.id;
    }
    const shift = journal.shifts.current();
    if (!shift.ok) return shift;
    if (!shift.value) {
      return fail(saidError('SHIFT_REQUIRED', profile === 'kiosk' ? 'said.kioskNotSelling' : 'said.openShift'));
    }
    return ok({ staffId });
  }

  // One rule with the screens (shared/stay.ts): a date in the past; for a hotel, needed and 18 or older on the check-in date.
  const dobRefused = (customer: Customer, today: string, checkIn?: string): Result<void> => {
    const said = dobProblem(customer.dob, today, checkIn);
    if (!said) return ok(undefined);
    const field = said.key === 'said.dobNeeded' ? 'is needed for a hotel booking' : said.key === 'said.dobPast' ? 'must be in the past' : `must be ${minimumHotelBookingAge} or older on the check-in date`;
    return fail(saidError('VALIDATION', said.key, said.values, { 'customer.dob': [field] }));
  };

  async function planCinema(request: Extract<SubmitSaleRequest, { kind: 'cinema' }>): Promise<Result<SalePlan>> {
    const today = lagosDate(clock());
    const dob = dobRefused(request.customer, today);
    if (!dob.ok) return dob;
    const quote = await quoteCinema(partner, request.cinema, clock(), 'cinema');
    if (!quote.ok) return quote;
    const tenders = tenderFor(request.tender, quote.value.totalKobo, profile);
    if (!tenders.ok) return tenders;
    if (request.holdId) {
      const owner = holdOwners.get(request.holdId);
      if (owner !== undefined && owner !== request.saleId) {
        return fail(saidError('CONFLICT', 'said.seatsOfAnotherSale', { sale: owner }, { holdId: ['is used by another sale'] }));
      }
      holdOwners.set(request.holdId, request.saleId);
      while (holdOwners.size > maxHoldOwners) holdOwners.delete(holdOwners.keys().next().value!);
    }
    const hold = await holds.forSale(request.holdId, request.cinema, quote.value);
    if (!hold.ok) return hold;
    return ok({
      kind: 'cinema',
      quoteKobo: quote.value.totalKobo,
      body: cinemaPurchaseBody(request.saleId, request.cinema, quote.value, request.customer, hold.value.reservationIds),
      details: stamped(cinemaDetails(request.cinema, quote.value, request.customer, config.locale), request),
      tenders: tenders.value,
      holdId: hold.value.holdId,
      holdExpiresAt: hold.value.expiresAt,
    });
  }

  async function planHotel(request: Extract<SubmitSaleRequest, { kind: 'hotel' }>): Promise<Result<SalePlan>> {
    const today = lagosDate(clock());
    const dob = dobRefused(request.customer, today, request.hotel.checkIn);
    if (!dob.ok) return dob;
    const quote = await quoteHotel(partner, request.hotel, today);
    if (!quote.ok) return quote;
    const tenders = tenderFor(request.tender, quote.value.totalKobo, profile);
    if (!tenders.ok) return tenders;
    return ok({
      kind: 'hotel',
      quoteKobo: quote.value.totalKobo,
      body: hotelBookingBody(request.saleId, request.hotel, { ...request.customer, dob: request.customer.dob! }),
      details: stamped(hotelDetails(request.hotel, quote.value, request.customer, config.locale, deps.hotelTimes?.of(request.hotel.hotelId)), request),
      tenders: tenders.value,
      holdId: null,
    });
  }

  /** Journal, then partner, then journal. No partner call happens unless `sent` is on disk. */
  async function commitAndSend(saleId: string, staffId: number | null, plan: SalePlan): Promise<Result<SaleView>> {
    const record = { id: saleId, staffId, kind: plan.kind, quoteKobo: plan.quoteKobo, request: plan.body, details: plan.details, tenders: plan.tenders };
    const atTerminal = cardSales !== null && plan.tenders.some(cardAtTerminal);
    // Paid at the terminal, the sale waits `pending` for the payment; otherwise nothing stands between
    // writing it down and sending it, so it is written down already `sent`: one wait for the disk, not two.
    const created = atTerminal ? journal.sales.create(record) : journal.sales.createSent(record);
    if (!created.ok) {
      logger.warn('sale not written down, so not sent', { saleId, code: created.error.code });
      return created;
    }
    if (!created.value.created) return ok(deps.view(created.value.sale));
    deps.moved(created.value.sale);
    // Paid at the terminal: only an approved payment lets the sale go on to the partner.
    if (cardSales && atTerminal) {
      return cardSales.payThenSend(saleId, {
        quoteKobo: plan.quoteKobo,
        description: `Lobby POS ${journal.terminalId} sale ${saleId}`,
        holdId: plan.holdId,
        holdExpiresAt: plan.kind === 'cinema' ? plan.holdExpiresAt : null,
        send: () => sendToPartner(saleId, plan, { paidAtTerminal: true }),
      });
    }
    return callPartner(saleId, plan);
  }

  /**
   * What the partner's answer means (purchase-outcome.ts), believed only as far as it can be: an
   * answer that says it is another sale's is not confirmed on (answer-owner.ts), and a refusal of a
   * purchase that left the till is checked by one lookup first (refusal-check.ts).
   */
  async function believedOutcome(saleId: string, kind: 'cinema' | 'hotel', answer: Awaited<ReturnType<typeof partner.buyTickets | typeof partner.bookHotel>>): Promise<Outcome> {
    const service = kind === 'cinema' ? 'cinema' : 'hotels';
    const outcome = purchaseOutcome(answer, service);
    const sale = { id: saleId, kind };
    if (answer.ok) {
      const why = notThisSale(answer.value, sale, holderOf(answer.value.reference));
      if (!why) return outcome;
      logger.error('the partner answered a purchase with another sale', { saleId, why });
      return notOursOutcome(service, why, answer.value);
    }
    if (outcome.to !== 'rejected' || answer.error.kind === 'not-sent') return outcome;
    // The lookup that checks a refusal is checked against what was sent (answer-owner.ts).
    const stored = journal.sales.get(saleId);
    const sent = stored.ok && stored.value ? { quoteKobo: stored.value.quoteKobo, request: stored.value.request } : {};
    return checkedRefusal({ partner, holderOf, logger }, { ...sale, ...sent }, outcome);
  }

  const holderOf = (reference: string) => referenceHolder(journal, reference);

  /** `sent` on disk, then the partner, then its answer on disk. */
  async function sendToPartner(saleId: string, plan: SalePlan, paid: { paidAtTerminal?: boolean } = {}): Promise<Result<SaleView>> {
    const sent = journal.sales.transition(saleId, 'sent');
    if (!sent.ok) {
      logger.error('could not mark a sale sent; it was not sent', { saleId, code: sent.error.code });
      const gaveUp = journal.sales.transition(saleId, 'rejected', { failureReason: sentenceInEnglish('said.sale.notRecorded') });
      if (gaveUp.ok) deps.moved(gaveUp.value);
      return fail(sent.error);
    }
    deps.moved(sent.value);
    return callPartner(saleId, plan, paid);
  }

  /** The sale is `sent` on disk: the partner call, then its answer on disk. */
  async function callPartner(saleId: string, plan: SalePlan, paid: { paidAtTerminal?: boolean } = {}): Promise<Result<SaleView>> {
    const answer = plan.kind === 'cinema' ? await partner.buyTickets(plan.body) : await partner.bookHotel(plan.body);
    const outcome = await believedOutcome(saleId, plan.kind, answer);
    if (plan.holdId) {
      const expired = (outcome.detail.note as { code?: string } | undefined)?.code === 'HOLD_EXPIRED';
      holds.done(plan.holdId, { releaseAtPartner: outcome.to === 'rejected' && !expired });
    }
    // The customer's card was charged: say it goes back by itself, so nobody refunds it by hand as well.
    if (paid.paidAtTerminal && outcome.to === 'rejected') outcome.detail.failureReason = cardGoesBack(outcome.detail.failureReason);
    const moved = journal.sales.transition(saleId, outcome.to, outcome.detail);
    if (!moved.ok) {
      // The sale stays `sent` on disk: reconciliation finds out from the partner what happened.
      logger.error('partner answered but the journal could not record it', { saleId, outcome: outcome.to, code: moved.error.code });
      deps.reconciler.watch(saleId);
      const confirmed = outcome.to === 'confirmed' ? { confirmed: 'yes', reference: outcome.detail.partnerReference ?? '' } : { confirmed: 'no', reference: '' };
      return fail(saidBecause(saidError('JOURNAL_UNAVAILABLE', 'said.answerNotRecorded', confirmed), moved.error));
    }
    const shown = deps.moved(moved.value);
    logger.info('sale finished', { saleId, kind: plan.kind, state: outcome.to, amountMismatch: moved.value.amountMismatch });
    if (outcome.to === 'unknown') deps.reconciler.watch(saleId);
    return ok(shown);
  }

  async function run(request: SubmitSaleRequest): Promise<Result<SaleView>> {
    const existing = journal.sales.get(request.saleId);
    if (!existing.ok) return existing;
    if (existing.value) {
      const first = (existing.value.details as { submitted?: unknown } | null)?.submitted;
      if (typeof first === 'string' && first !== submittedFingerprint(request)) return fail(saidError('CONFLICT', 'said.saleIdReused'));
      return ok(deps.view(existing.value));
    }
    const who = seller();
    if (!who.ok) return who;
    // Refused before any partner read: no amount is needed to know a kiosk takes cards only.
    const payable = tenderAllowed(request.tender, profile);
    if (!payable.ok) return payable;
    const card = cardTenderProblem(request.tender, profile, deps.cardTerminal ?? null);
    if (!card.ok) return card;
    const plan = request.kind === 'cinema' ? await planCinema(request) : await planHotel(request);
    if (!plan.ok) return plan;
    return commitAndSend(request.saleId, who.value.staffId, plan.value);
  }

  return {
    async hold(selection) {
      const who = seller();
      if (!who.ok) return who;
      const quote = await quoteCinema(partner, selection, clock(), '');
      if (!quote.ok) return quote;
      const shortage = slotShortage(quote.value, '');
      if (!shortage.ok) return shortage;
      const held = await holds.place(selection, quote.value);
      if (!held.ok) return held;
      return ok({
        holdId: held.value.holdId,
        expiresAt: held.value.expiresAt.toISOString(),
        quote: { totalKobo: quote.value.totalKobo, lines: quoteLines(quote.value) },
      });
    },

    releaseHold: async (holdId) => ok(await holds.release(holdId)),

    submit(request) {
      const already = inFlight.get(request.saleId);
      if (already) {
        // A double tap shares the sale on its way; the same id asking for something else does not.
        return inFlightAsked.get(request.saleId) === submittedFingerprint(request) ? already : Promise.resolve(fail(saidError('CONFLICT', 'said.saleIdReused')));
      }
      const work = run(request)
        .then((result) => {
          // Seats not sold (refused before or by the partner) are free for another sale again.
          if (request.kind === 'cinema' && request.holdId && holdOwners.get(request.holdId) === request.saleId) {
            // The answer says how the sale stands; only a failure needs the journal asked.
            const sale = result.ok ? ok<{ state: string } | null>(result.value) : journal.sales.get(request.saleId);
            if (sale.ok && (!sale.value || sale.value.state === 'rejected')) holdOwners.delete(request.holdId);
          }
          return result;
        })
        .finally(() => {
          inFlight.delete(request.saleId);
          inFlightAsked.delete(request.saleId);
        });
      inFlight.set(request.saleId, work);
      inFlightAsked.set(request.saleId, submittedFingerprint(request));
      return work;
    },

    payCard(saleId) {
      const already = inFlight.get(saleId);
      if (already) return already;
      if (!cardSales) return Promise.resolve(fail(saidError('VALIDATION', 'said.noCardTerminal')));
      const work = cardSales.retry(saleId).finally(() => inFlight.delete(saleId));
      inFlight.set(saleId, work);
      return work;
    },

    async abandonCard(saleId) {
      if (!cardSales) return fail(saidError('VALIDATION', 'said.noCardTerminal'));
      const abandoned = await cardSales.abandon(saleId, inFlight.get(saleId));
      // The seats of a sale given up are free for another sale again.
      for (const [holdId, owner] of holdOwners) if (owner === saleId && abandoned.ok && abandoned.value.state === 'rejected') holdOwners.delete(holdId);
      return abandoned;
    },

    recoverCardSales: () => cardSales?.recoverAtStart((saleId) => inFlight.has(saleId)),

    running: (saleId) => inFlight.get(saleId),
    waitingForCard: (saleId) => cardSales?.knows(saleId) ?? false,
    inFlightCount: () => inFlight.size,

    async close() {
      await Promise.allSettled([...inFlight.values()]);
    },
  };
}
