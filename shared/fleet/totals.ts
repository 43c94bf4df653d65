import type { FleetReport } from './report';

export interface FleetTotals {
  /** Confirmed sales in the period, before anything was given back. */
  salesKobo: number;
  salesCount: number;
  /** Refunds given in the period (of sales of any day), as the tills recorded them. */
  refundedKobo: number;
  refundCount: number;
  /** What the period kept: sales less refunds. Voids are left out: they give back the money of
   *  sales that never went through, which were never counted as sales. */
  netKobo: number;
}

/** The owner's headline figures of a head-office report, summed once for every screen that shows them. */
export function fleetTotals(report: Pick<FleetReport, 'sales' | 'corrections'>): FleetTotals {
  const salesKobo = report.sales.reduce((sum, row) => sum + row.totalKobo, 0);
  const salesCount = report.sales.reduce((sum, row) => sum + row.count, 0);
  const refunds = report.corrections.filter((row) => row.kind === 'refund');
  const refundedKobo = refunds.reduce((sum, row) => sum + row.totalKobo, 0);
  const refundCount = refunds.reduce((sum, row) => sum + row.count, 0);
  return { salesKobo, salesCount, refundedKobo, refundCount, netKobo: salesKobo - refundedKobo };
}
