/** Journals with chained money rows, written through the real repositories, for chain and fleet tests. */
import { journalFile, openJournal, type CreateSaleInput, type Journal } from '../../electron/journal';

export interface SellingJournal {
  journal: Journal;
  staffId: number;
  /** One whole sale: pending with a cash tender, sent, then confirmed (or rejected every 7th). */
  sell(id: string, quoteKobo?: number): void;
  /** Closes the open shift (a Z report) and opens the next. */
  closeShift(): void;
}

export function saleInput(id: string, quoteKobo: number, staffId: number): CreateSaleInput {
  return {
    id,
    staffId,
    kind: 'cinema',
    quoteKobo,
    request: { tickets: [{ id: 'tk-regular', count: 2 }], experience_id: 'exp-1', attendance_date: '2025-03-15', time_id: 't-1930', merchant_reference: id },
    details: {
      experience: 'Filmhouse IMAX Lekki: The Black Book',
      items: [{ title: 'Regular 2D', count: 2, unitKobo: quoteKobo / 2 }],
      customer: { name: 'Oluwaseun Adebayo', email: 'seun@example.ng', phone: '+2348031234567' },
    },
    tenders: [{ kind: 'cash', amountKobo: quoteKobo, tenderedKobo: quoteKobo + 50_000 }],
  };
}

export async function openSellingJournal(options: { dir: string; terminalId: string; clock?: () => Date; staffName?: string }): Promise<SellingJournal> {
  const opened = openJournal({ file: journalFile(options.dir), terminalId: options.terminalId, clock: options.clock });
  if (!opened.ok) throw new Error(opened.error.message);
  const journal = opened.value;
  const existing = journal.staff.list();
  let staffId: number;
  if (existing.ok && existing.value.length > 0) staffId = existing.value[0]!.id;
  else {
    const created = await journal.staff.create({ name: options.staffName ?? `Cashier ${options.terminalId}`, role: 'supervisor', pin: '2468' });
    if (!created.ok) throw new Error(created.error.message);
    staffId = created.value.id;
  }
  const ensureShift = () => {
    const current = journal.shifts.current();
    if (current.ok && current.value) return;
    const opened = journal.shifts.open({ staffId, floatKobo: 1_000_000 });
    if (!opened.ok) throw new Error(opened.error.message);
  };
  ensureShift();
  const must = <T>(result: { ok: true; value: T } | { ok: false; error: { message: string } }): T => {
    if (!result.ok) throw new Error(result.error.message);
    return result.value;
  };
  let count = 0;
  return {
    journal,
    staffId,
    sell(id, quoteKobo = 550_000) {
      must(journal.sales.create(saleInput(id, quoteKobo, staffId)));
      must(journal.sales.transition(id, 'sent'));
      if (++count % 7 === 0) must(journal.sales.transition(id, 'rejected', { failureReason: 'Sold out' }));
      else must(journal.sales.transition(id, 'confirmed', { partnerReference: `REF-${id}` }));
    },
    closeShift() {
      must(journal.shifts.close({ staffId, countedKobo: 1_000_000 }));
      ensureShift();
    },
  };
}
