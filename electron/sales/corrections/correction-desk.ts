import type { TerminalProfile } from '../../../shared/app';
import { saidError, saidInEnglish, type Said } from '../../../shared/errors';
import { formatNairaPlain } from '../../../shared/money';
import { fail, ok, type Result } from '../../../shared/result';
import type { CorrectionKind, CorrectionOptions, CorrectionView, MoneyBackRoute, RefundRequest, VoidRequest } from '../../../shared/sales/corrections';
import { saleDetailsSchema, type SaleDetails } from '../../../shared/sales/sale-details';
import type { SaleView } from '../../../shared/sales/sale-view';
import type { Correction, Journal, Sale, Staff, TenderKind } from '../../journal';
import type { Logger } from '../../core/logger';
import type { Approvals } from '../approvals';
import type { CardMoneyBack, MoneyBackOrder, MoneyBackOutcome } from './card-money-back';
import { toCorrectionView } from './correction-view';
import { lineShareKobo, linesLeft, tendersLeft } from './what-is-left';

export interface CorrectionResult {
  sale: SaleView;
  correction: CorrectionView;
}

/** What just happened to a correction: written down, or the card terminal's answer written down. */
export type CorrectionStep = 'recorded' | 'answered';

export interface CorrectionDesk {
  /** What can still be given back for a sale, by tender and by line, and who can approve it. */
  options(saleId: string): Result<CorrectionOptions>;
  /** Gives back what was paid for a sale the partner rejected. */
  voidSale(request: VoidRequest): Promise<Result<CorrectionResult>>;
  /** Gives back some or all of a confirmed sale, by line and quantity; opens the cancellation owed by the partner. */
  refund(request: RefundRequest): Promise<Result<CorrectionResult>>;
  /** Asks the card terminal now what became of a void or refund it has not confirmed. */
  settle(correctionId: string): Promise<Result<CorrectionResult>>;
  /** At start: card-terminal corrections a stop left without an answer are asked about, never sent again. */
  recoverAtStart(): void;
  close(): Promise<void>;
}

export interface CorrectionDeskDeps {
  journal: Journal;
  logger: Logger;
  profile: TerminalProfile;
  signedIn(): Result<Staff>;
  approvals: Approvals;
  /** The integrated card terminal, when there is one. */
  cardMoneyBack: CardMoneyBack | null;
  saleView(sale: Sale): SaleView;
  /** Tells the rest of the till (screens, printing) once a correction or its terminal answer is in the journal. */
  announce(result: CorrectionResult, what: CorrectionStep): void;
  /** Waits between lookups of a terminal answer that was lost; the last one repeats. */
  lookupDelaysMs: readonly number[];
}

/** Words for a refusal at a kiosk, which never gives money back: the customer goes to the desk with this reference. */
export function kioskRefusal(reference: string) {
  return saidError('FORBIDDEN', 'said.refund.kioskNever', { reference });
}

/**
 * Voids and refunds: checked against what the journal says is left, approved by a supervisor's
 * PIN, written to the journal before any card terminal is asked, and announced once written.
 * The journal's triggers hold the same money rules, so a race or a bug here cannot give back more
 * than was paid or correct the same sale twice from the same starting point.
 */
export function createCorrectionDesk(deps: CorrectionDeskDeps): CorrectionDesk {
  const { journal, logger, profile, approvals, cardMoneyBack } = deps;
  const inFlight = new Map<string, Promise<Result<CorrectionResult>>>();
  const lookups = new Map<string, NodeJS.Timeout>();
  const terminalCalls = new Set<Promise<unknown>>();
  let closed = false;

  const detailsOf = (sale: Sale): SaleDetails | null => {
    const parsed = saleDetailsSchema.safeParse(sale.details);
    return parsed.success ? parsed.data : null;
  };

  const saleFor = (saleId: string): Result<Sale> => {
    const found = journal.sales.get(saleId);
    if (!found.ok) return found;
    if (!found.value) return fail(saidError('NOT_FOUND', 'said.refund.noSaleHere', { sale: saleId }));
    if (found.value.terminalId !== journal.terminalId) {
      return fail(saidError('CONFLICT', 'said.refund.otherTerminal', { sale: saleId, terminal: found.value.terminalId }));
    }
    return ok(found.value);
  };

  const referenceOf = (saleId: string) => {
    const found = journal.sales.get(saleId);
    return (found.ok && found.value?.partnerReference) || saleId;
  };

  /** Why nothing can be given back for this sale now, or null. */
  const unsettledReason = (sale: Sale): Said | null => (sale.state === 'confirmed' || sale.state === 'rejected' ? null : { key: 'said.refund.notSettled' });

  const routeOf = (tender: TenderKind, saleId: string): Result<MoneyBackRoute | 'none'> => {
    if (tender === 'cash') return ok('drawer');
    if (tender === 'transfer') return ok('bank');
    return cardMoneyBack ? cardMoneyBack.routeFor(saleId) : ok('approval-code');
  };

  const resultOf = (correction: Correction): Result<CorrectionResult> => {
    const sale = journal.sales.get(correction.saleId);
    if (!sale.ok) return sale;
    const view = deps.saleView(sale.value!);
    return ok({ sale: view, correction: toCorrectionView(correction, { details: detailsOf(sale.value!), title: view.title, customerName: view.customer.name }) });
  };

  const announce = (correction: Correction, what: CorrectionStep) => {
    const result = resultOf(correction);
    if (result.ok) deps.announce(result.value, what);
  };

  function options(saleId: string): Result<CorrectionOptions> {
    if (profile === 'kiosk') return fail(kioskRefusal(referenceOf(saleId)));
    const asker = deps.signedIn();
    if (!asker.ok) return asker;
    const sale = saleFor(saleId);
    if (!sale.ok) return sale;
    const corrections = journal.corrections.forSale(saleId);
    if (!corrections.ok) return corrections;
    const tenders = [];
    for (const left of tendersLeft(sale.value, corrections.value)) {
      const route = routeOf(left.kind, saleId);
      if (!route.ok) return route;
      // The terminal already gave this card money back by itself: nothing is left to give.
      tenders.push(route.value === 'none' ? { ...left, remainingKobo: 0, route: 'terminal' as const } : { ...left, route: route.value });
    }
    const action: CorrectionKind | null = sale.value.state === 'confirmed' ? 'refund' : sale.value.state === 'rejected' ? 'void' : null;
    const nothingLeft = tenders.every((t) => t.remainingKobo === 0);
    const why: Said | null =
      unsettledReason(sale.value) ?? (tenders.length === 0 ? { key: 'said.refund.nothingPaid' } : nothingLeft ? { key: 'said.refund.nothingLeft' } : null);
    const drawer = journal.corrections.drawerKobo();
    if (!drawer.ok) return drawer;
    const approvers = approvals.approvers(asker.value);
    if (!approvers.ok) return approvers;
    return ok({
      saleId,
      action: why ? null : action,
      why: why && saidInEnglish(why),
      whySaid: why,
      basis: corrections.value.length,
      partnerReference: sale.value.partnerReference,
      tenders,
      lines: action === 'refund' ? linesLeft(detailsOf(sale.value), corrections.value) : [],
      drawerKobo: drawer.value,
      approvers: approvers.value,
    });
  }

  /** Works out what this request gives back, or says what is wrong with it, before anyone's PIN is checked. */
  function plan(kind: CorrectionKind, request: VoidRequest | RefundRequest, sale: Sale, corrections: Correction[]) {
    const unsettled = unsettledReason(sale);
    if (unsettled) return fail(saidError('CONFLICT', unsettled.key));
    if (kind === 'void' && sale.state === 'confirmed') {
      return fail(saidError('CONFLICT', 'said.refund.useRefund'));
    }
    if (kind === 'refund' && sale.state === 'rejected') {
      return fail(saidError('CONFLICT', 'said.refund.useVoid'));
    }
    if (request.basis !== corrections.length) {
      const last = corrections.at(-1);
      return fail(
        last
          ? saidError('CONFLICT', 'said.refund.justGivenBackBy', { kind: last.kind, amount: formatNairaPlain(last.amountKobo), name: last.approvedBy.name })
          : saidError('CONFLICT', 'said.refund.justGivenBack'),
      );
    }
    const left = tendersLeft(sale, corrections).find((t) => t.kind === request.tender);
    if (!left) {
      return fail(saidError('VALIDATION', 'said.refund.notPaidThatWay', { tender: request.tender }, { tender: ['is not how this sale was paid'] }));
    }
    const route = routeOf(request.tender, sale.id);
    if (!route.ok) return route;
    if (route.value === 'none' || left.remainingKobo === 0) {
      return fail(saidError('CONFLICT', 'said.refund.allGivenBack', { tender: request.tender }));
    }

    let amountKobo = left.remainingKobo;
    let lines: { line: number; quantity: number }[] = [];
    if (kind === 'refund') {
      const refund = request as RefundRequest;
      const available = linesLeft(detailsOf(sale), corrections);
      const fields: Record<string, string[]> = {};
      let worth = 0;
      refund.lines.forEach((wanted, index) => {
        const line = available.find((l) => l.line === wanted.line);
        if (!line) fields[`lines.${index}.line`] = ['is not a line of this sale'];
        else if (wanted.quantity > line.remaining) fields[`lines.${index}.quantity`] = [line.remaining === 0 ? 'everything on this line was already refunded' : `only ${line.remaining} left to refund`];
        else worth += lineShareKobo(line, line.returned, wanted.quantity);
      });
      if (Object.keys(fields).length > 0) return fail(saidError('VALIDATION', 'said.refund.moreThanLeft', undefined, fields));
      if (refund.amountKobo !== undefined && refund.amountKobo > worth) {
        return fail(
          saidError('VALIDATION', 'said.refund.moreThanItems', { amount: formatNairaPlain(worth) }, {
            amountKobo: [`must be at most ${formatNairaPlain(worth)}`],
          }),
        );
      }
      amountKobo = refund.amountKobo ?? worth;
      if (amountKobo > left.remainingKobo) {
        return fail(
          saidError('VALIDATION', 'said.refund.moreThanPaidBy', { tender: request.tender, amount: formatNairaPlain(left.remainingKobo) }, {
            amountKobo: [`must be at most ${formatNairaPlain(left.remainingKobo)}`],
          }),
        );
      }
      lines = refund.lines.map((l) => ({ line: l.line, quantity: l.quantity }));
    }
    if (route.value === 'approval-code' && !request.approvalCode) {
      return fail(saidError('VALIDATION', 'said.refund.cardFirst', undefined, { approvalCode: ['enter the approval code of the card refund'] }));
    }
    if (route.value === 'bank' && !request.transferReference) {
      return fail(saidError('VALIDATION', 'said.refund.transferFirst', undefined, { transferReference: ['enter the bank transfer reference'] }));
    }
    return ok({ route: route.value, amountKobo, lines });
  }

  async function run(kind: CorrectionKind, request: VoidRequest | RefundRequest, asker: Staff): Promise<Result<CorrectionResult>> {
    const existing = journal.corrections.get(request.correctionId);
    if (!existing.ok) return existing;
    if (existing.value) {
      if (existing.value.saleId !== request.saleId) return fail(saidError('CONFLICT', 'said.correction.ofAnotherSale', { correction: request.correctionId }));
      return resultOf(existing.value);
    }
    const sale = saleFor(request.saleId);
    if (!sale.ok) return sale;
    const corrections = journal.corrections.forSale(request.saleId);
    if (!corrections.ok) return corrections;
    const planned = plan(kind, request, sale.value, corrections.value);
    if (!planned.ok) return planned;

    const approver = await approvals.approve(asker, request.approval, kind);
    if (!approver.ok) return approver;

    const recorded = journal.corrections.record({
      id: request.correctionId,
      saleId: request.saleId,
      seq: request.basis + 1,
      kind,
      tender: request.tender,
      route: planned.value.route,
      amountKobo: planned.value.amountKobo,
      lines: planned.value.lines,
      ...(planned.value.route === 'approval-code' ? { approvalCode: request.approvalCode } : {}),
      ...(planned.value.route === 'bank' ? { transferReference: request.transferReference } : {}),
      reason: request.reason,
      note: request.note,
      askedBy: asker.id,
      approvedBy: approver.value.id,
    });
    if (!recorded.ok) {
      logger.warn('void or refund refused by the journal', { correctionId: request.correctionId, saleId: request.saleId, code: recorded.error.code });
      return recorded;
    }
    const correction = recorded.value.correction;
    if (recorded.value.created) {
      logger.info('money given back', { correctionId: correction.id, saleId: correction.saleId, kind, tender: correction.tender, route: correction.route, amountKobo: correction.amountKobo, askedBy: asker.id, approvedBy: approver.value.id });
      announce(correction, 'recorded');
    }
    if (correction.route === 'terminal' && recorded.value.created) return resultAfter(await sendToTerminal(correction));
    return resultOf(correction);
  }

  const resultAfter = (correction: Result<Correction>) => (correction.ok ? resultOf(correction.value) : correction);

  const orderOf = (correction: Correction): MoneyBackOrder => ({ correctionId: correction.id, saleId: correction.saleId, amountKobo: correction.amountKobo });

  /** Bounded by the port's own deadline; a throw is an answer we do not know. */
  async function askTerminal(call: () => Promise<MoneyBackOutcome>): Promise<MoneyBackOutcome> {
    const pending = call().catch((): MoneyBackOutcome => ({ kind: 'unknown', reason: 'The card terminal did not answer.' }));
    terminalCalls.add(pending);
    try {
      return await pending;
    } finally {
      terminalCalls.delete(pending);
    }
  }

  /** Journal first (done by the caller), then the terminal, then its answer in the journal. */
  async function sendToTerminal(correction: Correction): Promise<Result<Correction>> {
    if (!cardMoneyBack) return ok(correction);
    const order = orderOf(correction);
    const outcome = await askTerminal(() => (correction.kind === 'void' ? cardMoneyBack.reverse(order) : cardMoneyBack.refund(order)));
    return recordOutcome(correction, outcome);
  }

  function recordOutcome(correction: Correction, outcome: MoneyBackOutcome): Result<Correction> {
    const settled = journal.corrections.settle(
      correction.id,
      outcome.kind === 'done' ? { outcome: 'done', terminalReference: outcome.terminalReference } : { outcome: outcome.kind, detail: outcome.reason },
    );
    if (!settled.ok) {
      // Stays without an answer in the journal: the lookups (and the next start) ask the terminal again.
      logger.error('the card terminal answered but the journal could not record it', { correctionId: correction.id, outcome: outcome.kind, code: settled.error.code });
      watch(correction.id);
      return settled;
    }
    logger.info('card terminal answered a void or refund', { correctionId: correction.id, outcome: outcome.kind });
    announce(settled.value, 'answered');
    if (settled.value.state === 'unknown' || settled.value.state === 'pending') watch(correction.id);
    return settled;
  }

  /** Looks the answer up later, with backoff, until the terminal says done or failed. */
  function watch(correctionId: string, attempt = 0) {
    if (closed || !cardMoneyBack || lookups.has(correctionId)) return;
    const delays = deps.lookupDelaysMs;
    const delay = delays.length === 0 ? 0 : delays[Math.min(attempt, delays.length - 1)]!;
    const timer = setTimeout(() => {
      lookups.delete(correctionId);
      void lookUp(correctionId).then((state) => {
        if (state === 'open') watch(correctionId, attempt + 1);
      });
    }, delay);
    timer.unref();
    lookups.set(correctionId, timer);
  }

  async function lookUp(correctionId: string): Promise<'open' | 'settled'> {
    if (closed || !cardMoneyBack) return 'settled';
    const correction = journal.corrections.get(correctionId);
    if (!correction.ok) return 'open';
    if (!correction.value || (correction.value.state !== 'pending' && correction.value.state !== 'unknown')) return 'settled';
    const outcome = await askTerminal(() => cardMoneyBack.status(orderOf(correction.value!)));
    if (closed) return 'settled';
    if (outcome.kind === 'unknown') return 'open';
    const recorded = journal.corrections.settle(correctionId, outcome.kind === 'done' ? { outcome: 'done', terminalReference: outcome.terminalReference } : { outcome: 'failed', detail: outcome.reason });
    if (!recorded.ok) return 'open';
    announce(recorded.value, 'answered');
    return 'settled';
  }

  const submit = (kind: CorrectionKind) => async (request: VoidRequest | RefundRequest) => {
    if (profile === 'kiosk') return fail(kioskRefusal(referenceOf(request.saleId)));
    const asker = deps.signedIn();
    if (!asker.ok) return asker;
    // A double tap shares the first tap's outcome; the journal returns a finished one by its id.
    const running = inFlight.get(request.correctionId);
    if (running) return running;
    const work = run(kind, request, asker.value).finally(() => inFlight.delete(request.correctionId));
    inFlight.set(request.correctionId, work);
    return work;
  };

  return {
    options,
    voidSale: submit('void'),
    refund: submit('refund'),

    async settle(correctionId) {
      const asker = deps.signedIn();
      if (!asker.ok) return asker;
      const found = journal.corrections.get(correctionId);
      if (!found.ok) return found;
      if (!found.value) return fail(saidError('NOT_FOUND', 'said.correction.noneHere', { correction: correctionId }));
      if (found.value.state === 'done' || found.value.state === 'failed') return resultOf(found.value);
      if (!cardMoneyBack) {
        return fail(saidError('CONFLICT', 'said.correction.noTerminalNow'));
      }
      await lookUp(correctionId);
      const now = journal.corrections.get(correctionId);
      if (!now.ok) return now;
      if (now.value!.state === 'pending' || now.value!.state === 'unknown') watch(correctionId);
      return resultOf(now.value!);
    },

    recoverAtStart() {
      const open = journal.corrections.unsettled();
      if (!open.ok) return logger.error('could not look for card voids and refunds left without an answer', { code: open.error.code });
      if (open.value.length > 0 && !cardMoneyBack) {
        logger.warn('card voids or refunds wait for a terminal answer, but no integrated terminal is set up', { count: open.value.length });
      }
      for (const correction of open.value) watch(correction.id, 0);
    },

    async close() {
      closed = true;
      for (const timer of lookups.values()) clearTimeout(timer);
      lookups.clear();
      await Promise.allSettled([...inFlight.values(), ...terminalCalls]);
    },
  };
}
