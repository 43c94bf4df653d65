import { saidError } from '../../shared/errors';
import { fail, type Result } from '../../shared/result';
import type { HandSettlement } from '../../shared/sales/hand-settlement';
import type { Logger } from '../core/logger';
import type { Journal, Sale } from '../journal';
import type { PartnerClient } from '../partner/client';
import { notThisSale, referenceHolder, transactionStanding } from './answer-owner';
import { confirmedByLookup, type Outcome } from './purchase-outcome';
import type { StaffDesk } from './staff-desk';

export interface HandSettlerDeps {
  journal: Journal;
  partner: PartnerClient;
  logger: Logger;
  staff: Pick<StaffDesk, 'supervisor'>;
  /** The sale as it stands, NOT_FOUND when this till has none by that id. */
  find(saleId: string): Result<Sale>;
  /**
   * One lookup sent after this call, through the reconciler (so never two at once for a sale): a
   * background lookup already under way may have been sent while the route was still broken.
   */
  lookUp(saleId: string): Promise<Result<Sale>>;
  /** The purchase itself, while it is still under way. */
  running(saleId: string): Promise<unknown> | undefined;
  /** Announces the sale's new state (receipt, payments, fleet and the screens follow it). */
  moved(sale: Sale): void;
}

/**
 * A supervisor settles by hand a sale whose outcome the till cannot learn: the partner's lookup is
 * down, or says "no record" even for sales it holds, so the sale would stay unknown for ever. She
 * asks the partner by other means (its portal, a phone call) and records its answer with her name
 * and why. The till still asks the partner once first, and an answer contradicts her only with
 * what the partner itself says: her "it holds it" needs a reference no other sale holds and that
 * the partner does not name as someone else's; her "no record" is never kept for a sale the
 * lookup finds. A sale rejected this way gives a card payment back like any rejected sale.
 */
export function createHandSettler(deps: HandSettlerDeps) {
  const { journal, partner, logger } = deps;

  const record = (sale: Sale, outcome: Outcome): Result<Sale> => {
    const moved = journal.sales.transition(sale.id, outcome.to, outcome.detail);
    if (!moved.ok) {
      // Settled by the till's own lookup in the meantime: that answer stands.
      if (moved.error.code === 'CONFLICT') return onlyUnknown(deps.find(sale.id));
      return moved;
    }
    deps.moved(moved.value);
    return moved;
  };

  const onlyUnknown = (found: Result<Sale>): Result<Sale> => (found.ok ? fail(saidError('CONFLICT', 'said.handOnlyUnknown', { state: found.value.state })) : found);

  async function confirm(sale: Sale, reference: string, byHand: object): Promise<Result<Sale>> {
    const holder = referenceHolder(journal, reference);
    if (holder !== null && holder !== sale.id) return fail(saidError('CONFLICT', 'said.handReferenceTaken', { reference, sale: holder }));
    // Asked by that reference too: a lookup that cannot find sales by our number may find them by theirs.
    const answer = await partner.lookupTransaction({ merchantReference: sale.id, reference }, { knownToExist: true });
    const transaction = answer.ok ? answer.value : null;
    if (transaction && transaction.reference.trim() === reference) {
      if (notThisSale(transaction, sale, holder)) return fail(saidError('CONFLICT', 'said.handPartnerDisagrees', { reference }));
      if (transactionStanding(transaction.status) === 'not-done') return fail(saidError('CONFLICT', 'said.handPartnerFailed', { reference }));
      const found = confirmedByLookup(transaction);
      return record(sale, { to: 'confirmed', detail: { ...found.detail, note: { settledBy: 'hand', byHand, lookup: 'found' } } });
    }
    if (transaction && transaction.merchant_reference?.trim() === sale.id) return fail(saidError('CONFLICT', 'said.handPartnerDisagrees', { reference }));
    const lookup = !answer.ok ? `failed: ${answer.error.kind}` : transaction ? `answered another transaction (${transaction.reference})` : 'found nothing';
    return record(sale, { to: 'confirmed', detail: { partnerReference: reference, note: { settledBy: 'hand', byHand, lookup } } });
  }

  return async function settleByHand(request: HandSettlement): Promise<Result<Sale>> {
    const supervisor = deps.staff.supervisor('settleByHand');
    if (!supervisor.ok) return supervisor;
    await deps.running(request.saleId);
    const found = deps.find(request.saleId);
    if (!found.ok) return found;
    if (found.value.state !== 'unknown') return onlyUnknown(found);

    const byHand = { staffId: supervisor.value.id, staffName: supervisor.value.name, reason: request.reason };
    logger.warn('a supervisor settles a sale by hand', { saleId: request.saleId, outcome: request.outcome, staffId: supervisor.value.id });
    if (request.outcome === 'confirmed') return confirm(found.value, request.partnerReference, byHand);

    // "No record", she says: the lookup is asked once more, and a sale it finds is confirmed instead.
    const looked = await deps.lookUp(request.saleId);
    if (looked.ok && looked.value.state === 'confirmed') return fail(saidError('CONFLICT', 'said.handPartnerHoldsIt', { reference: looked.value.partnerReference ?? '' }));
    const now = deps.find(request.saleId);
    if (!now.ok) return now;
    if (now.value.state !== 'unknown') return now.value.state === 'rejected' ? now : onlyUnknown(now);
    return record(now.value, {
      to: 'rejected',
      detail: { failureReason: `Settled by hand by ${supervisor.value.name}: the partner has no record of this sale (${request.reason}).`, note: { settledBy: 'hand', byHand } },
    });
  };
}
