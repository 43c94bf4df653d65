import { describe, expect, it } from 'vitest';
import { fleetTotals } from '../../shared/fleet/totals';

describe('fleetTotals', () => {
  it('counts sales before refunds, refunds of every terminal, and leaves voids out of what was kept', () => {
    const totals = fleetTotals({
      sales: [
        { day: '2026-11-26', terminalId: 'BOX-1', product: 'Film', count: 3, totalKobo: 1_500_000 },
        { day: '2026-11-26', terminalId: 'DESK-1', product: 'Hotel', count: 1, totalKobo: 9_000_000 },
      ],
      corrections: [
        { terminalId: 'BOX-1', kind: 'refund', count: 2, totalKobo: 500_000 },
        { terminalId: 'BOX-1', kind: 'void', count: 1, totalKobo: 700_000 },
        { terminalId: 'DESK-1', kind: 'refund', count: 1, totalKobo: 250_000 },
      ],
    });
    expect(totals).toEqual({ salesKobo: 10_500_000, salesCount: 4, refundedKobo: 750_000, refundCount: 3, netKobo: 9_750_000 });
  });

  it('is all zero on a day without sales', () => {
    expect(fleetTotals({ sales: [], corrections: [] })).toEqual({ salesKobo: 0, salesCount: 0, refundedKobo: 0, refundCount: 0, netKobo: 0 });
  });
});
