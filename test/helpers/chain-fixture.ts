/** Journals with chained money rows, written through the real repositories, for chain and fleet tests. */
import Database from 'better-sqlite3';
import { journalFile, openJournal, registerChainFunctions, type CreateSaleInput, type Journal } from '../../electron/journal';
import { countSheetTotalKobo, type CountSheet } from '../../shared/sales/cash-count';

export interface SellingJournal {
  journal: Journal;
  staffId: number;
  /** One whole sale: pending with a cash tender, sent, then confirmed (or rejected every 7th). */
  sell(id: string, quoteKobo?: number): void;
  /** Closes the open shift (a Z report; counted by notes when given a count sheet) and opens the next. */
  closeShift(countSheet?: CountSheet): void;
  /** Gives one ticket (line 0) of a sale back in cash, approved by a deputy supervisor added for it. */
  refundOneTicket(options: { id: string; saleId: string; amountKobo: number }): Promise<void>;
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
      lines: [{ label: 'Regular 2D', quantity: 2, unitKobo: quoteKobo / 2, totalKobo: quoteKobo }],
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
    closeShift(countSheet) {
      must(journal.shifts.close({ staffId, countedKobo: countSheet ? countSheetTotalKobo(countSheet) : 1_000_000, ...(countSheet && { countSheet }) }));
      ensureShift();
    },
    async refundOneTicket({ id, saleId, amountKobo }) {
      const deputy = must(await journal.staff.create({ name: `Deputy ${options.terminalId}`, role: 'supervisor', pin: '1357' }));
      must(
        journal.corrections.record({
          id, saleId, seq: 1, kind: 'refund', tender: 'cash', route: 'drawer', amountKobo,
          lines: [{ line: 0, quantity: 1 }], reason: 'wrong-sale', note: 'wrong showtime', askedBy: staffId, approvedBy: deputy.id,
        }),
      );
    },
  };
}

/**
 * Writes `sales` whole sales (7 chain links each: sale, tender, events, two state changes) straight
 * into a journal file in one transaction, dated `from` onwards `stepMs` apart: a till that sold
 * for a week without head office, written in seconds. The rows go through the same triggers (and
 * so the same chain) as the repositories' writes.
 */
export function bulkSell(file: string, options: { terminalId: string; sales: number; from: Date; stepMs: number; prefix?: string }) {
  const db = registerChainFunctions(new Database(file));
  try {
    const shift = db.prepare<[string], { id: number; opened_by: number }>('SELECT id, opened_by FROM shifts WHERE terminal_id = ? AND closed_at IS NULL').get(options.terminalId);
    if (!shift) throw new Error('bulkSell needs an open shift');
    const insertSale = db.prepare(
      `INSERT INTO sales (id, terminal_id, shift_id, staff_id, kind, state, quote_kobo, request_json, details_json, created_at, updated_at)
       VALUES (?, ?, ?, ?, 'cinema', 'pending', ?, ?, ?, ?, ?)`,
    );
    const insertTender = db.prepare("INSERT INTO tenders (sale_id, terminal_id, shift_id, kind, amount_kobo, tendered_kobo, change_kobo) VALUES (?, ?, ?, 'cash', ?, ?, ?)");
    const insertEvent = db.prepare('INSERT INTO sale_events (sale_id, terminal_id, shift_id, from_state, to_state, at, detail_json) VALUES (?, ?, ?, ?, ?, ?, ?)');
    const move = db.prepare('UPDATE sales SET state = ?, partner_reference = coalesce(?, partner_reference), updated_at = ? WHERE id = ?');
    db.transaction(() => {
      for (let i = 0; i < options.sales; i++) {
        const id = `${options.prefix ?? options.terminalId}-B${String(i).padStart(6, '0')}`;
        const at = new Date(options.from.getTime() + i * options.stepMs).toISOString();
        const quote = 250_000 + (i % 9) * 50_000;
        const input = saleInput(id, quote, shift.opened_by);
        insertSale.run(id, options.terminalId, shift.id, shift.opened_by, quote, JSON.stringify(input.request), JSON.stringify(input.details), at, at);
        insertTender.run(id, options.terminalId, shift.id, quote, quote + 50_000, 50_000);
        insertEvent.run(id, options.terminalId, shift.id, null, 'pending', at, '{}');
        move.run('sent', null, at, id);
        insertEvent.run(id, options.terminalId, shift.id, 'pending', 'sent', at, '{}');
        move.run('confirmed', `REF-${id}`, at, id);
        insertEvent.run(id, options.terminalId, shift.id, 'sent', 'confirmed', at, JSON.stringify({ partnerReference: `REF-${id}` }));
      }
    })();
  } finally {
    db.close();
  }
}
