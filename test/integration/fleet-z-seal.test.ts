import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { journalFile, verifyJournalFile } from '../../electron/journal';
import type { ReceiptLine } from '../../electron/printing/layout/receipt-line';
import { buildReportReceipt } from '../../electron/printing/receipts/build-report-receipt';
import { reportInputFromShift } from '../../electron/printing/receipts/report-from-shift';
import { reportReceiptInputSchema } from '../../electron/printing/receipts/report-input';
import { openSellingJournal } from '../helpers/chain-fixture';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lobby-z-seal-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
const texts = (lines: ReceiptLine[]) => lines.flatMap((line) => (line.kind === 'text' ? [line.text] : []));

describe('the printed Z report', () => {
  it('prints the grand total and the first 8 hex digits of the chain head it seals, as journal:verify finds them', async () => {
    const till = await openSellingJournal({ dir: root, terminalId: 'ZS1' });
    till.sell('ZS1-1', 400_000);
    till.sell('ZS1-2', 250_000);
    const closed = till.journal.shifts.close({ staffId: till.staffId, countedKobo: 1_000_000 });
    if (!closed.ok) throw new Error(closed.error.message);
    till.journal.close();
    const anchor = closed.value.zReport.chain!;

    const input = reportReceiptInputSchema.parse(
      reportInputFromShift(closed.value.zReport, { merchant: { name: 'Lobby POS', addressLines: [], phone: null, tin: null }, terminal: { id: 'ZS1', name: 'Box office' }, trainingMode: false }),
    );
    for (const columns of [32, 48] as const) {
      const lines = texts(buildReportReceipt(input, { columns }));
      expect(lines.find((line) => line.startsWith('Journal seal'))).toMatch(new RegExp(`^Journal seal +#${anchor.seq} ${anchor.hash.slice(0, 8)}$`));
      expect(lines.find((line) => line.startsWith('Grand total'))).toMatch(/NGN 6,500\.00$/);
    }
    // What the paper shows is what an auditor finds in the file: the link before the Z report's own.
    const verified = verifyJournalFile(journalFile(root));
    expect(verified.ok).toBe(true);
    expect(verified.terminals[0]!.headSeq).toBe(anchor.seq + 1);
  });
});
