import type { SaleView } from '@shared/sales/sale-view';

/**
 * What a rejected sale's screen tells the cashier to do with the money: a card paid at the till's
 * own terminal is given back by the terminal by itself (handing cash back too would pay it twice);
 * anything else taken for it (cash, a transfer, a stand-alone card machine) she gives back.
 */
export function rejectedNoteKey(sale: Pick<SaleView, 'tenders'>): 'sale.rejectedCardNote' | 'sale.rejectedNote' {
  return sale.tenders.length > 0 && sale.tenders.every((tender) => tender.kind === 'card' && tender.paidAtTerminal === true) ? 'sale.rejectedCardNote' : 'sale.rejectedNote';
}
