import { money, percent } from '../layout/receipt-format';
import type { ReceiptWriter } from '../layout/receipt-writer';
import type { IncludedTax, ReceiptTender } from './receipt-input';

/**
 * The payment section: how each part of the total was paid. A new payment method adds its case to
 * `receiptTenderSchema` (receipt-input.ts) and here; its lines stay under its "Paid by" line.
 */
export function writeTenders(writer: ReceiptWriter, tenders: readonly ReceiptTender[]) {
  for (const tender of tenders) {
    switch (tender.method) {
      case 'cash':
        writer.pair('Paid in cash', money(tender.amountKobo));
        writer.pair('Cash received', money(tender.tenderedKobo), { indent: 2 });
        writer.pair('Change', money(tender.changeKobo), { indent: 2, bold: true });
        break;
      case 'card': {
        writer.pair('Paid by card', money(tender.amountKobo));
        const card = [tender.last4 ? `${(tender.scheme ?? 'CARD').toUpperCase()} **** ${tender.last4}` : null, tender.approvalCode ? `AUTH ${tender.approvalCode}` : null];
        const line = card.filter((part) => part !== null).join('  ');
        if (line !== '') writer.text(line, { indent: 2, keepSpacing: true });
        break;
      }
      case 'transfer':
        writer.pair('Paid by transfer', money(tender.amountKobo));
        if (tender.reference) writer.field('Transfer ref.', tender.reference);
        break;
    }
  }
}

/** "incl. VAT 7.5%   NGN 1,349.69": prices include the taxes; the receipt shows their part. */
export function writeIncludedTaxes(writer: ReceiptWriter, taxes: readonly IncludedTax[]) {
  for (const tax of taxes) writer.pair(`incl. ${tax.label} ${percent(tax.ratePercent)}`, money(tax.amountKobo), { indent: 2 });
}
