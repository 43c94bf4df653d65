import type { SaleView } from '@shared/sales/sale-view';

/**
 * How much of a confirmed sale was given back, as its screen's title says it: refunds in force
 * (all but card-terminal attempts that gave nothing back, as main counts them in what-is-left.ts).
 * `all`: every item of every line went back; `part`: some did; `none`: nothing did.
 */
export function refundedShare(sale: Pick<SaleView, 'lines' | 'corrections'>): { share: 'none' | 'part' | 'all'; givenBackKobo: number } {
  const refunds = (sale.corrections ?? []).filter((c) => c.kind === 'refund' && c.state !== 'failed');
  const givenBackKobo = refunds.reduce((sum, c) => sum + c.amountKobo, 0);
  if (refunds.length === 0) return { share: 'none', givenBackKobo };
  const returned = (index: number) => refunds.reduce((sum, c) => sum + (c.lines.find((l) => l.line === index)?.quantity ?? 0), 0);
  const all = sale.lines.length > 0 && sale.lines.every((line, index) => returned(index) >= line.quantity);
  return { share: all ? 'all' : 'part', givenBackKobo };
}
