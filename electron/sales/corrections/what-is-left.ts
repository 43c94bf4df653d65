import type { SaleDetails } from '../../../shared/sales/sale-details';
import type { Correction, Sale, TenderKind } from '../../journal';

/** Corrections that count against a sale: all but card-terminal attempts that gave nothing back. */
export const inForce = (corrections: readonly Correction[]) => corrections.filter((c) => c.state !== 'failed');

export interface TenderLeft {
  kind: TenderKind;
  paidKobo: number;
  returnedKobo: number;
  remainingKobo: number;
}

/** Per tender the sale was paid with: paid, already given back (or being given back), what is left. */
export function tendersLeft(sale: Sale, corrections: readonly Correction[]): TenderLeft[] {
  const kinds = [...new Set(sale.tenders.map((t) => t.kind))];
  const counted = inForce(corrections);
  return kinds.map((kind) => {
    const paidKobo = sale.tenders.filter((t) => t.kind === kind).reduce((sum, t) => sum + t.amountKobo, 0);
    const returnedKobo = counted.filter((c) => c.tender === kind).reduce((sum, c) => sum + c.amountKobo, 0);
    return { kind, paidKobo, returnedKobo, remainingKobo: Math.max(0, paidKobo - returnedKobo) };
  });
}

export interface LineLeft {
  line: number;
  label: string;
  unitKobo: number;
  totalKobo: number;
  sold: number;
  returned: number;
  remaining: number;
}

/** Per line of what was sold: how many items, how many already refunded, how many are left. */
export function linesLeft(details: SaleDetails | null, corrections: readonly Correction[]): LineLeft[] {
  if (!details) return [];
  const counted = inForce(corrections);
  return details.lines.map((line, index) => {
    const returned = counted.reduce((sum, c) => sum + (c.lines.find((l) => l.line === index)?.quantity ?? 0), 0);
    return { line: index, label: line.label, unitKobo: line.unitKobo, totalKobo: line.totalKobo, sold: line.quantity, returned, remaining: Math.max(0, line.quantity - returned) };
  });
}

/**
 * What `quantity` more items of a line are worth, given `before` already refunded: the line's
 * total shared out by whole kobo so that refunding every item, in any steps, gives back exactly
 * the line's total (never a kobo more or less than was charged for it).
 */
export function lineShareKobo(line: Pick<LineLeft, 'totalKobo' | 'sold'>, before: number, quantity: number): number {
  const upTo = (items: number) => Math.floor((line.totalKobo * items) / line.sold);
  return upTo(before + quantity) - upTo(before);
}
