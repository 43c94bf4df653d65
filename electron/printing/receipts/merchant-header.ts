import type { ReceiptWriter } from '../layout/receipt-writer';
import type { Merchant } from './receipt-input';

/** The top of every paper: who sells (name, address, phone, TIN), each line only when known. */
export function writeMerchantHeader(writer: ReceiptWriter, merchant: Merchant) {
  writer.text(merchant.name, { align: 'center', bold: true, size: 'double' });
  merchant.addressLines.forEach((line) => writer.text(line, { align: 'center' }));
  if (merchant.phone) writer.text(`Tel ${merchant.phone}`, { align: 'center' });
  if (merchant.tin) writer.text(`TIN ${merchant.tin}`, { align: 'center' });
  writer.rule('=');
}
