/** Voids and refunds: approved, journaled money going back, and the cancellations the partner owes for refunds. */
import type { TerminalProfile } from '../../../shared/app';
import type { Result } from '../../../shared/result';
import type { SaleView } from '../../../shared/sales/sale-view';
import type { Journal, Sale, Staff } from '../../journal';
import type { Logger } from '../../core/logger';
import type { SaleEvents } from '../sales-deps';
import type { Approvals } from '../approvals';
import { createCancellationDesk, type CancellationDesk } from './cancellation-desk';
import type { CardMoneyBack } from './card-money-back';
import { createCorrectionDesk, type CorrectionDesk } from './correction-desk';
import { toCorrectionView } from './correction-view';
import { saleDetailsSchema } from '../../../shared/sales/sale-details';

export type { CardMoneyBack, MoneyBackOrder, MoneyBackOutcome } from './card-money-back';
export type { CorrectionDesk, CorrectionResult, CorrectionStep } from './correction-desk';
export type { CancellationDesk } from './cancellation-desk';

export interface Corrections {
  desk: CorrectionDesk;
  cancellations: CancellationDesk;
}

export function createCorrections(deps: {
  journal: Journal;
  clock: () => Date;
  logger: Logger;
  profile: TerminalProfile;
  events: SaleEvents;
  signedIn(): Result<Staff>;
  saleView(sale: Sale): SaleView;
  cardMoneyBack: CardMoneyBack | null;
  lookupDelaysMs: readonly number[];
  /** A supervisor's PIN on the cashier's screen (shared with the shift desk's no sale). */
  approvals: Approvals;
}): Corrections {
  const { journal, logger, approvals } = deps;
  const desk = createCorrectionDesk({
    journal,
    logger,
    profile: deps.profile,
    signedIn: deps.signedIn,
    approvals,
    cardMoneyBack: deps.cardMoneyBack,
    saleView: deps.saleView,
    announce: (result, what) => deps.events.publish('correction.recorded', { ...result, what }),
    lookupDelaysMs: deps.lookupDelaysMs,
  });
  const cancellations = createCancellationDesk({
    journal,
    logger,
    signedIn: deps.signedIn,
    moved(correction) {
      const sale = journal.sales.get(correction.saleId);
      if (!sale.ok || !sale.value) return;
      const view = deps.saleView(sale.value);
      const details = saleDetailsSchema.safeParse(sale.value.details);
      const about = { details: details.success ? details.data : null, title: view.title, customerName: view.customer.name };
      deps.events.publish('correction.recorded', { sale: view, correction: toCorrectionView(correction, about), what: 'cancellation' });
    },
  });
  return { desk, cancellations };
}
