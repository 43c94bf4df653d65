import type { SaleView } from '../../shared/sales/sale-view';
import type { Journal, Sale } from '../journal';
import { ok } from '../../shared/result';
import { saidInEnglish, type Said } from '../../shared/errors';
import { sentenceInEnglish } from '../../shared/error-sentences';
import { once } from '../../shared/once';
import { saleDetailsSchema, type SaleDetails } from '../../shared/sales/sale-details';
import { toCorrectionView } from './corrections/correction-view';

export type ToSaleView = (sale: Sale) => SaleView;

/**
 * The reasons the till itself writes for a sale it settles by lookup or finds cut off by a restart:
 * said in the reader's language. Worked out the first time a sale with a reason is shown: formatting
 * the first sentence starts ICU (about 15 ms of CPU), which a till need not spend as it starts.
 */
const ownReasons = once(
  () =>
    new Map<string, Said>(
      (
        [
          'said.sale.interrupted',
          'said.sale.noRecord',
          'said.sale.noRecordPaidAtTerminal',
          'said.sale.waiting',
          'said.sale.cannotAsk',
          // ...and those of a card sale at the till's own terminal that did not happen (card-sale.ts, checkout.ts).
          'said.sale.cardAbandoned',
          'said.sale.cardAbandonedAfterPayment',
          'said.sale.cardHoldLapsed',
          'said.sale.cardForgotten',
          'said.sale.cardInterruptedAfterPayment',
          'said.sale.notRecorded',
        ] as const
      ).map((key) => [sentenceInEnglish(key), { key }]),
    ),
);

/** The partner refused a sale paid at the terminal: its reason as it came, then what becomes of the card payment, in the reader's language. */
const cardGoesBackTail = once(() => ` ${sentenceInEnglish('said.sale.refusedCardBack', { reason: '' }).trimStart()}`);
const saidOf = (reason: string): Said | undefined => {
  const tail = cardGoesBackTail();
  return ownReasons().get(reason) ?? (reason.endsWith(tail) ? { key: 'said.sale.refusedCardBack', values: { reason: reason.slice(0, -tail.length) } } : undefined);
};

/**
 * A journal sale as the screens show it. Staff names and shift numbers never change once written,
 * so they are looked up once per id.
 */
export function createSaleViews(journal: Journal, waitingFor: (sale: Sale) => Said | null = () => null): ToSaleView {
  const staffNames = new Map<number, string>();
  const shiftNumbers = new Map<number, number>();

  const staffName = (id: number | null): string | null => {
    if (id === null) return null;
    let name = staffNames.get(id);
    if (name === undefined) {
      const staff = journal.staff.get(id);
      if (!staff.ok || !staff.value) return null;
      staffNames.set(id, (name = staff.value.name));
    }
    return name;
  };

  const shiftNumber = (id: number): number => {
    let number = shiftNumbers.get(id);
    if (number === undefined) {
      const shift = journal.shifts.get(id);
      if (!shift.ok || !shift.value) return 0;
      shiftNumbers.set(id, (number = shift.value.number));
    }
    return number;
  };

  // What a sale sold never changes (the journal's trigger), so its details are read once per id:
  // a sale is viewed at each of its moves and at every screen that lists it.
  const detailsRead = new Map<string, ReturnType<typeof saleDetailsSchema.safeParse>>();
  const readDetails = (sale: Sale) => {
    let parsed = detailsRead.get(sale.id);
    if (!parsed) {
      parsed = saleDetailsSchema.safeParse(sale.details);
      if (detailsRead.size >= 500) detailsRead.delete(detailsRead.keys().next().value!);
      detailsRead.set(sale.id, parsed);
    }
    return parsed;
  };

  return (sale) => {
    const parsed = readDetails(sale);
    // Details are written by this code, so this only fails on a row written some other way.
    const details = parsed.success
      ? parsed.data
      : { title: `Sale ${sale.id}`, subtitle: '', lines: [], customer: { name: '', email: '', phone: '' } };
    // Only a confirmed sale is refunded and only a rejected one voided (the journal's trigger), so
    // a sale on its way has none to look up.
    const corrections = sale.state === 'confirmed' || sale.state === 'rejected' ? journal.corrections.forSale(sale.id) : ok([]);
    const waiting = waitingFor(sale);
    const failureSaid = waiting ?? (sale.failureReason ? saidOf(sale.failureReason) : undefined);
    const about = { details: parsed.success ? parsed.data : null, title: details.title, customerName: details.customer.name };
    // Cash change of a sale confirmed only after its outcome was unknown (a lookup, a restart, by
    // hand): the cashier may never have seen it called out, so the screen must not say it was given.
    const changeUnsure =
      sale.state === 'confirmed' &&
      sale.tenders.some((tender) => tender.kind === 'cash' && (tender.changeKobo ?? 0) > 0) &&
      (() => {
        const events = journal.sales.events(sale.id);
        return events.ok && events.value.some((event) => event.toState === 'unknown');
      })();
    return {
      id: sale.id,
      kind: sale.kind,
      state: sale.state,
      totalKobo: sale.quoteKobo,
      partnerAmountKobo: sale.partnerAmountKobo,
      amountMismatch: sale.amountMismatch,
      partnerReference: sale.partnerReference,
      invoiceId: sale.invoiceId,
      bookingNumber: sale.bookingNumber,
      // An unsettled sale shows what the till is waiting for, once it knows.
      failureReason: waiting ? saidInEnglish(waiting) : sale.failureReason,
      // The same reason as a shared sentence, when it is one of the till's own: the screen says it in its reader's language.
      ...(failureSaid && { failureSaid }),
      title: details.title,
      subtitle: details.subtitle,
      ...(parsed.success && { when: whenOf(parsed.data) }),
      ...(parsed.success && parsed.data.language && { language: parsed.data.language }),
      lines: details.lines,
      customer: { name: details.customer.name, email: details.customer.email, phone: details.customer.phone },
      tenders: sale.tenders.map((tender) => ({ ...tender })),
      staffName: staffName(sale.staffId),
      shiftNumber: shiftNumber(sale.shiftId),
      createdAt: sale.createdAt,
      updatedAt: sale.updatedAt,
      corrections: corrections.ok ? corrections.value.map((correction) => toCorrectionView(correction, about)) : [],
      ...(changeUnsure && { changeUnsure: true }),
    };
  };
}

/** When the sale is for, as facts: the screen words it in its own language. */
function whenOf(details: SaleDetails): NonNullable<SaleView['when']> {
  return details.kind === 'cinema'
    ? { kind: 'showing', date: details.date, start: details.showtime.start }
    : { kind: 'stay', checkIn: details.checkIn, checkOut: details.checkOut, nights: details.nights, rooms: details.rooms, guests: details.guests };
}
