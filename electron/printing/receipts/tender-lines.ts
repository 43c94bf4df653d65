import { money, percent } from '../layout/receipt-format';
import type { ReceiptWriter } from '../layout/receipt-writer';
import type { IncludedTax, ReceiptTender } from './receipt-input';
import { en, type ReceiptLabels } from './labels/en';

/**
 * The payment section: how each part of the total was paid. A new payment method adds its case to
 * `receiptTenderSchema` (receipt-input.ts) and here; its lines stay under its "Paid by" line.
 */
export function writeTenders(writer: ReceiptWriter, tenders: readonly ReceiptTender[], labels: ReceiptLabels = en) {
  for (const tender of tenders) {
    switch (tender.method) {
      case 'cash':
        writer.pair(labels.paidInCash, money(tender.amountKobo));
        writer.pair(labels.cashReceived, money(tender.tenderedKobo), { indent: 2 });
        writer.pair(labels.change, money(tender.changeKobo), { indent: 2, bold: true });
        break;
      case 'card': {
        writer.pair(labels.paidByCard, money(tender.amountKobo));
        const card = [tender.last4 ? `${(tender.scheme ?? labels.card).toUpperCase()} **** ${tender.last4}` : null, tender.approvalCode ? `${labels.approval} ${tender.approvalCode}` : null];
        const line = card.filter((part) => part !== null).join('  ');
        if (line !== '') writer.text(line, { indent: 2, keepSpacing: true });
        break;
      }
      case 'transfer':
        writer.pair(labels.paidByTransfer, money(tender.amountKobo));
        if (tender.reference) writer.field(labels.transferRef, tender.reference);
        break;
    }
  }
}

/** "incl. VAT 7.5%   NGN 1,349.69": prices include the taxes; the receipt shows their part. */
export function writeIncludedTaxes(writer: ReceiptWriter, taxes: readonly IncludedTax[], labels: ReceiptLabels = en) {
  for (const tax of taxes) writer.pair(`${labels.included} ${tax.label} ${percent(tax.ratePercent)}`, money(tax.amountKobo), { indent: 2 });
}
