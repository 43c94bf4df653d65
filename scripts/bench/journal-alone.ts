import fs from 'node:fs';
import path from 'node:path';
import { journalFile, openJournal } from '../../electron/journal';
import { saleInput } from './journal';

/**
 * A sale's two journal commits with nothing around them (written down and sent, then the answer),
 * on a journal of its own beside the bench till's: the journal's share of a whole sale, measured
 * in the same run as the sale.
 */
export async function journalAlone(dataDir: string) {
  const dir = path.join(dataDir, 'journal-alone');
  fs.mkdirSync(dir, { recursive: true });
  const opened = openJournal({ file: journalFile(dir), terminalId: 'BENCH-ALONE' });
  if (!opened.ok) throw new Error(`bench: journal did not open: ${opened.error.message}`);
  const journal = opened.value;
  // As in the journal suite: the sales are staff member 1's, in an open shift.
  const staff = await journal.staff.create({ name: 'Bench Cashier', role: 'cashier', pin: '0000' });
  if (!staff.ok) throw new Error(`bench: ${staff.error.message}`);
  const shift = journal.shifts.open({ staffId: staff.value.id, floatKobo: 0 });
  if (!shift.ok) throw new Error(`bench: ${shift.error.message}`);
  let n = 0;
  return {
    twoCommits: async () => {
      const input = saleInput(`ALONE-${++n}`);
      const sent = journal.sales.createSent(input);
      if (!sent.ok) throw new Error(`bench: sales.createSent failed: ${sent.error.message}`);
      const confirmed = journal.sales.transition(input.id, 'confirmed', { partnerAmountKobo: input.quoteKobo, partnerReference: `REF-${n}` });
      if (!confirmed.ok) throw new Error(`bench: sales.transition failed: ${confirmed.error.message}`);
    },
    close: () => journal.close(),
  };
}
