import crypto from 'node:crypto';
import fs from 'node:fs';
import Database from 'better-sqlite3';
import { openJournal, type Journal } from '../../electron/journal';

/** Journals with sales in them, and the damage a torn write leaves, for the tests of opening one. */

export function open(file: string, terminalId = 'T01'): Journal {
  const opened = openJournal({ file, terminalId });
  if (!opened.ok) throw new Error(`journal did not open: ${opened.error.message}`);
  return opened.value;
}

/** A journal with a supervisor, an open shift and `sales` confirmed cash sales, closed cleanly. */
export async function filledJournal(file: string, sales: number): Promise<void> {
  const journal = open(file);
  const staff = await journal.staff.create({ name: 'Ngozi Okafor', role: 'supervisor', pin: '4821' });
  if (!staff.ok) throw new Error(staff.error.message);
  if (!journal.shifts.open({ staffId: staff.value.id, floatKobo: 2_000_000 }).ok) throw new Error('the shift did not open');
  for (let n = 1; n <= sales; n++) {
    const quoteKobo = 250_000 + n * 100;
    const created = journal.sales.create({
      id: `S${String(n).padStart(4, '0')}`,
      staffId: staff.value.id,
      kind: n % 2 ? 'cinema' : 'hotel',
      quoteKobo,
      request: { merchant_reference: `S${n}` },
      details: { customer: { name: `Customer ${n}`, email: `c${n}@example.ng` }, note: 'x'.repeat(200) },
      tenders: [{ kind: 'cash', amountKobo: quoteKobo, tenderedKobo: quoteKobo + 5_000 }],
    });
    if (!created.ok) throw new Error(created.error.message);
    journal.sales.transition(created.value.sale.id, 'sent');
    journal.sales.transition(created.value.sale.id, 'confirmed', { partnerReference: `PR${n}` });
  }
  journal.close();
}

/**
 * Overwrites one page of a closed database file with random bytes (what a torn or misdirected
 * write leaves). The first byte is forced to a value no b-tree page can have, so the damage is
 * always of the kind SQLite must notice, whatever the random bytes.
 */
export function garblePageOf(file: string, table: string) {
  const raw = new Database(file, { readonly: true });
  const pageSize = raw.pragma('page_size', { simple: true }) as number;
  const page = raw.prepare<[string], number>("SELECT max(pageno) FROM dbstat WHERE name = ? AND pagetype IN ('leaf', 'internal')").pluck().get(table)!;
  raw.close();
  const fd = fs.openSync(file, 'r+');
  const garbage = crypto.randomBytes(pageSize);
  garbage[0] = 0x55;
  fs.writeSync(fd, garbage, 0, pageSize, (page - 1) * pageSize);
  fs.closeSync(fd);
}
