import { describe, expect, it } from 'vitest';
import type { PrintJob } from '../../electron/journal';
import { charsPerLine, type Columns } from '../../electron/printing/layout/receipt-line';
import { renderEscPos } from '../../electron/printing/layout/render-escpos';
import { documentForJob, jobTitle } from '../../electron/printing/queue/print-job-payload';
import { buildSlip } from '../../electron/printing/receipts/build-slip';
import { slipInputSchema, type SlipInputDraft } from '../../electron/printing/receipts/slip-input';
import { decodeEscPos, textLines } from '../helpers/escpos-decoder';

/** The generic slip: what refunds, card reversals and the like print, without a builder of their own. */
const refund: SlipInputDraft = {
  title: 'REFUND',
  subtitle: 'Money returned to the customer',
  merchant: { name: 'Lobby Cinemas', addressLines: ['1 Admiralty Way'], phone: null, tin: '12345678-0001' },
  terminal: { id: 'T01', name: 'Box office 1' },
  training: false,
  issuedAt: '2025-11-21T17:00:00.000Z',
  staffName: 'Adaeze Okafor',
  sale: { saleId: 'S-20251121-0042', receiptNumber: 42, partnerReference: 'EX1732201445123' },
  sections: [
    { heading: 'Given back', rows: [{ kind: 'field', label: 'Tickets', value: '2 x Regular, Ọlọ́run Ṣeun: The Extraordinary Return' }] },
    { heading: null, rows: [{ kind: 'amount', label: 'Refunded in cash', amountKobo: 700_000, bold: true }, { kind: 'pair', label: 'Approved by', value: 'Bola' }] },
  ],
  signatures: ['Customer signature'],
};

describe('slips', () => {
  it('in training, a slip about a sale says the sale was practice; one about no sale (cash in or out, no sale) says no real money', () => {
    const words = (draft: SlipInputDraft) => buildSlip(slipInputSchema.parse(draft), { columns: 48 }).flatMap((line) => (line.kind === 'text' ? [line.text] : [])).join(' ');
    expect(words({ ...refund, training: true })).toContain('Practice sale - nothing was bought, not valid');
    const cashOut = words({ ...refund, title: 'CASH OUT', subtitle: null, sale: null, training: true });
    expect(cashOut).toContain('Training - no real money, not valid');
    expect(cashOut).not.toContain('Practice sale');
    expect(words({ ...refund, sale: null, training: true, language: 'fr' })).toContain('Formation - pas de vrai argent, non valable');
  });

  for (const columns of [32, 42, 48] as Columns[]) {
    it(`${columns} columns: title, sale, sections, amounts and signature lines, printable and inside the paper`, () => {
      const lines = buildSlip(slipInputSchema.parse(refund), { columns });
      const texts = lines.flatMap((line) => (line.kind === 'text' ? [line] : []));
      for (const line of texts) {
        expect(line.text).toMatch(/^[\x20-\x7e]*$/);
        expect(line.text.length).toBeLessThanOrEqual(charsPerLine(columns, line.size));
      }
      const all = texts.map((line) => line.text).join(' ');
      expect(texts[0]).toMatchObject({ text: 'Lobby Cinemas', size: 'double' });
      expect(all).toContain('REFUND');
      expect(all).toMatch(/Receipt no\. +T01-000042/);
      expect(all).toMatch(/Refunded in cash +NGN 7,000\.00/);
      expect(all).toContain('Olorun Seun');
      expect(all).toContain('Customer signature:');
      expect(lines.at(-1)).toEqual({ kind: 'cut' });
      const paper = textLines(decodeEscPos(renderEscPos(lines, { type: 'star', columns }), 'star')).join('\n');
      expect(paper).not.toMatch(/[?\uFFFD]/);
    });
  }

  it('prints as a job, and a second print of one says COPY', () => {
    const job = (copyNumber: number): PrintJob => ({
      id: 9, terminalId: 'T01', shiftId: 1, saleId: 'S-20251121-0042', kind: 'slip', copyNumber, receiptNumber: null, mayHavePrinted: false, printedAt: null, supersededBy: null,
      state: 'queued', attempts: 0, nextAttemptAt: '2025-11-21T17:00:00.000Z', deadlineAt: '2025-11-21T17:15:00.000Z', heldAt: null, lastError: null, lastErrorSaid: null,
      payload: { slip: refund, requestedBy: { staffId: 2, name: 'Bola' } }, createdAt: '2025-11-21T17:05:00.000Z', updatedAt: '2025-11-21T17:05:00.000Z',
    });
    const first = documentForJob(job(1), { type: 'epson', columns: 48 });
    const second = documentForJob(job(2), { type: 'epson', columns: 48 });
    expect(first.ok && second.ok).toBe(true);
    if (!first.ok || !second.ok) return;
    expect(first.value.text).not.toContain('C O P Y');
    expect(second.value.text).toContain('C O P Y   1');
    expect(second.value.text).toContain('Printed 21 Nov 2025 18:05 by Bola');
    expect([jobTitle(job(1)), jobTitle(job(2))]).toEqual(['Refund slip', 'Refund slip COPY 1']);
  });
});
