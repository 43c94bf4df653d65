import { saidError } from '../../../shared/errors';
import { fail, type Result } from '../../../shared/result';
import type { Journal } from '../../journal';
import { receiptInputFromSale } from './receipt-from-sale';
import type { ReceiptInput } from './receipt-input';
import type { ReceiptSettings } from './receipt-settings';

/**
 * A sale's receipt from the journal alone: the sale, who sold it, its shift number and the
 * partner's confirmation (kept in the sale's events).
 */
export function saleReceiptFromJournal(
  journal: Journal,
  saleId: string,
  context: { settings: ReceiptSettings; trainingMode: boolean },
): Result<ReceiptInput> {
  const found = journal.sales.get(saleId);
  if (!found.ok) return found;
  const sale = found.value;
  if (!sale) return fail(saidError('NOT_FOUND', 'said.noSuchSale', { sale: saleId }));

  let staffName: string | null = null;
  if (sale.staffId !== null) {
    const staff = journal.staff.get(sale.staffId);
    if (!staff.ok) return staff;
    staffName = staff.value?.name ?? `Staff no. ${sale.staffId}`;
  }
  const shift = journal.shifts.get(sale.shiftId);
  if (!shift.ok) return shift;
  const events = journal.sales.events(sale.id);
  if (!events.ok) return events;
  const confirmation = events.value.findLast((event) => event.toState === 'confirmed');

  return receiptInputFromSale(sale, {
    settings: context.settings,
    staffName,
    shiftNumber: shift.value?.number ?? 1,
    trainingMode: context.trainingMode,
    partnerAnswer: answerIn(confirmation?.detail),
  });
}

/** `note.answer` of a confirmation's detail, where the sales layer keeps the partner's whole answer. */
function answerIn(detail: unknown): unknown {
  if (typeof detail !== 'object' || detail === null || !('note' in detail)) return undefined;
  const note = detail.note;
  return typeof note === 'object' && note !== null && 'answer' in note ? note.answer : undefined;
}
