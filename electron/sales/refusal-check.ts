import type { PartnerClient } from '../partner/client';
import type { Logger } from '../core/logger';
import { lookupProblem, notThisSale, transactionStanding, type SaleFacts } from './answer-owner';
import { confirmedByLookup, refusalUncheckedOutcome, type Outcome } from './purchase-outcome';

/**
 * The partner refused a purchase that left the till. The refusal is believed once a lookup under
 * our own reference finds nothing of ours: a gateway that sends a purchase twice passes on the
 * second copy's refusal ("reservation already used", a 409) after the first committed, and a sale
 * marked refused while the partner holds it is a sale given away. It costs one GET, on refusals
 * only.
 * - found, done and ours: confirmed by the lookup;
 * - nothing, or a transaction that failed: the refusal stands;
 * - the lookup failed, or the transaction is still in progress: unknown (the reconciler asks on);
 * - a transaction that says it is another sale's: the lookup tells nothing about this one, so the
 *   partner's refusal stands (and the oddity is logged).
 */
export async function checkedRefusal(
  deps: { partner: Pick<PartnerClient, 'lookupTransaction'>; holderOf: (reference: string) => string | null; logger: Logger },
  sale: SaleFacts,
  refused: Outcome,
): Promise<Outcome> {
  const service = sale.kind === 'cinema' ? 'cinema' : 'hotels';
  const found = await deps.partner.lookupTransaction({ merchantReference: sale.id });
  if (!found.ok) {
    return refusalUncheckedOutcome(refused, service, lookupProblem(found.error));
  }
  const transaction = found.value;
  if (!transaction) return refused;
  const standing = transactionStanding(transaction.status);
  if (standing === 'not-done') return refused;
  if (standing === 'in-progress') return refusalUncheckedOutcome(refused, service, `its transaction is ${transaction.status}`);
  const why = notThisSale(transaction, sale, deps.holderOf(transaction.reference));
  if (why) {
    deps.logger.warn('a refused sale was looked up and the partner answered with another sale', { saleId: sale.id, why });
    return refused;
  }
  deps.logger.warn('the partner refused a sale it holds: confirmed by lookup', { saleId: sale.id, reference: transaction.reference });
  return confirmedByLookup(transaction);
}
