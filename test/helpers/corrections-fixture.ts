import type { CreateSaleInput, Journal, SaleState } from '../../electron/journal';

/**
 * Sales written straight into a journal the way the sales layer writes them (pending, sent, then
 * their outcome), with real sale details, so voids and refunds can be tested without a partner.
 */

export interface LineSpec {
  label: string;
  quantity: number;
  unitKobo: number;
}

export const cinemaLines: LineSpec[] = [
  { label: 'Regular', quantity: 3, unitKobo: 250_000 },
  { label: 'VIP', quantity: 2, unitKobo: 450_000 },
];

export function detailsOf(lines: LineSpec[], customer = { name: 'Chiamaka Eze', email: 'chiamaka@example.com', phone: '+2348031234567' }) {
  return {
    kind: 'cinema' as const,
    title: 'Harmattan Heart · Marina Screens Lekki',
    subtitle: 'Sat 21 Nov, 11:30AM',
    lines: lines.map((l) => ({ label: l.label, quantity: l.quantity, unitKobo: l.unitKobo, totalKobo: l.quantity * l.unitKobo })),
    customer: { ...customer, dob: null },
    film: { id: 'f1', title: 'Harmattan Heart' },
    location: { id: 1, name: 'Marina Screens Lekki', address: null },
    date: '2026-11-21',
    showtime: { id: 1, start: '11:30', end: '13:30' },
    tickets: lines.map((l, i) => ({ categoryId: `c${i}`, title: l.label, count: l.quantity, unitKobo: l.unitKobo, breakdown: { ticketKobo: l.unitKobo, convenienceFeeKobo: 0, merchantCommissionKobo: 0 } })),
  };
}

export const totalOf = (lines: LineSpec[]) => lines.reduce((sum, l) => sum + l.quantity * l.unitKobo, 0);

let counter = 0;

/** Writes a sale in the open shift and walks it to `state`; returns its id. */
export function sellInto(
  journal: Journal,
  options: { staffId: number; state: SaleState; tender: 'cash' | 'card' | 'transfer'; lines?: LineSpec[]; id?: string; partnerReference?: string; customer?: Parameters<typeof detailsOf>[1] },
): string {
  const lines = options.lines ?? cinemaLines;
  const total = totalOf(lines);
  const id = options.id ?? `SALE-${process.pid}-${++counter}-${Date.now().toString(36)}`;
  const tender: CreateSaleInput['tenders'] =
    options.tender === 'cash'
      ? [{ kind: 'cash', amountKobo: total, tenderedKobo: total + 50_000 }]
      : options.tender === 'card'
        ? [{ kind: 'card', amountKobo: total, approvalCode: 'A1234' }]
        : [{ kind: 'transfer', amountKobo: total, transferReference: 'GTB-88231' }];
  const created = journal.sales.create({ id, staffId: options.staffId, kind: 'cinema', quoteKobo: total, request: {}, details: detailsOf(lines, options.customer), tenders: tender });
  if (!created.ok) throw new Error(created.error.message);
  const steps: Record<SaleState, [SaleState, object][]> = {
    pending: [],
    sent: [['sent', {}]],
    unknown: [['sent', {}], ['unknown', { failureReason: 'no answer' }]],
    confirmed: [['sent', {}], ['confirmed', { partnerReference: options.partnerReference ?? `EX${counter}${Date.now() % 100000}` }]],
    rejected: [['sent', {}], ['rejected', { failureReason: 'sold out' }]],
  };
  for (const [to, detail] of steps[options.state]) {
    const moved = journal.sales.transition(id, to, detail);
    if (!moved.ok) throw new Error(moved.error.message);
  }
  return id;
}
