import { saidError } from '../../../shared/errors';
import { fail, ok, type Result } from '../../../shared/result';
import type { AgreementChannel, CancellationView } from '../../../shared/sales/corrections';
import { saleDetailsSchema } from '../../../shared/sales/sale-details';
import type { Correction, Journal, Staff } from '../../journal';
import type { Logger } from '../../core/logger';
import { toCorrectionView } from './correction-view';

export interface CancellationDesk {
  /** Oldest first: the open ones (owed or agreed) for Staff -> Refunds, or all. */
  list(options: { open: boolean }): Result<{ cancellations: CancellationView[] }>;
  /** Someone at the partner or venue agreed to the cancellation: who, how, and any fee they withhold. */
  agree(input: { correctionId: string; agreedByName: string; agreedChannel: AgreementChannel; feeWithheldKobo: number; note: string }): Result<CancellationView>;
  /** The partner has settled it: nothing more is owed. */
  close(input: { correctionId: string; note: string }): Result<CancellationView>;
}

/**
 * The partner cannot cancel a sale through its API, so every refund leaves a cancellation owed by
 * the partner or venue, followed here from owed to agreed to closed by the staff who chase it.
 */
export function createCancellationDesk(deps: { journal: Journal; logger: Logger; signedIn(): Result<Staff>; moved(correction: Correction): void }): CancellationDesk {
  const { journal, logger } = deps;

  const view = (correction: Correction): Result<CancellationView> => {
    const sale = journal.sales.get(correction.saleId);
    if (!sale.ok) return sale;
    const details = saleDetailsSchema.safeParse(sale.value?.details);
    const info = details.success
      ? { details: details.data, title: details.data.title, customerName: details.data.customer.name }
      : { details: null, title: `Sale ${correction.saleId}`, customerName: '' };
    const cancellation = toCorrectionView(correction, info).cancellation;
    return cancellation ? ok(cancellation) : fail(saidError('NOT_FOUND', 'said.cancellation.noneOwed'));
  };

  const moved = (result: Result<Correction>, what: string): Result<CancellationView> => {
    if (!result.ok) return result;
    logger.info(`cancellation ${what}`, { correctionId: result.value.id, saleId: result.value.saleId });
    deps.moved(result.value);
    return view(result.value);
  };

  return {
    list({ open }) {
      const who = deps.signedIn();
      if (!who.ok) return who;
      const found = journal.corrections.cancellations({ open });
      if (!found.ok) return found;
      const cancellations: CancellationView[] = [];
      for (const correction of found.value) {
        const one = view(correction);
        if (!one.ok) return one;
        cancellations.push(one.value);
      }
      return ok({ cancellations });
    },

    agree(input) {
      const who = deps.signedIn();
      if (!who.ok) return who;
      return moved(journal.corrections.moveCancellation({ to: 'agreed', ...input, staffId: who.value.id }), 'agreed');
    },

    close(input) {
      const who = deps.signedIn();
      if (!who.ok) return who;
      return moved(journal.corrections.moveCancellation({ to: 'closed', ...input, staffId: who.value.id }), 'closed');
    },
  };
}
