import fs from 'node:fs';
import path from 'node:path';
import { openSellingJournal, saleInput } from './journal';

/**
 * A sale's two journal commits with nothing around them (written down and sent, then the answer),
 * on a journal of its own beside the bench till's: the journal's share of a whole sale, measured
 * in the same run as the sale.
 */
export async function journalAlone(dataDir: string) {
  const dir = path.join(dataDir, 'journal-alone');
  fs.mkdirSync(dir, { recursive: true });
  const journal = await openSellingJournal(dir, 'BENCH-ALONE');
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
