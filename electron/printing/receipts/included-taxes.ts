import type { IncludedTax } from './receipt-input';

export interface TaxRate {
  label: string;
  /** 7.5 for 7.5 %; 0 switches the tax off. */
  ratePercent: number;
}

/**
 * The parts of a tax-inclusive total that are tax. Every rate applies to the same net price, so
 * net = total / (1 + sum of rates) and each tax is net x its rate, rounded to the kobo.
 */
export function includedTaxes(totalKobo: number, rates: readonly TaxRate[]): IncludedTax[] {
  const active = rates.filter((rate) => rate.ratePercent > 0);
  // Basis points keep the arithmetic in integers until the one rounding.
  const points = active.map((rate) => Math.round(rate.ratePercent * 100));
  const sum = points.reduce((total, value) => total + value, 0);
  return active.map((rate, index) => ({ label: rate.label, ratePercent: rate.ratePercent, amountKobo: Math.round((totalKobo * points[index]!) / (10_000 + sum)) }));
}
