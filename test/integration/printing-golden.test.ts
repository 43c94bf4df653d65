import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildReceipt } from '../../electron/printing/receipts/build-receipt';
import { buildReportReceipt } from '../../electron/printing/receipts/build-report-receipt';
import { createPrinter } from '../../electron/printing/printers/create-printer';
import { toPrintDocument } from '../../electron/printing/layout/print-document';
import type { Columns } from '../../electron/printing/layout/receipt-line';
import type { PrinterType } from '../../electron/printing/layout/render-escpos';
import { decodeEscPos, formatDecoded, paperAsText, textLines } from '../helpers/escpos-decoder';
import { renderText, tearLine } from '../../electron/printing/layout/render-text';
import { useFakePrinter } from '../helpers/fake-printer';
import { cinemaReprint, cinemaReprintFrench, cinemaSale, cinemaSaleYoruba, hotelSale, hotelSaleHausa, trainingSale, xReport, zReport } from '../fixtures/receipts/inputs';
import type { ReceiptLine } from '../../electron/printing/layout/receipt-line';
import { buildSlip } from '../../electron/printing/receipts/build-slip';
import { refundSlipInputs } from '../fixtures/receipts/refund-slip';

/**
 * Golden receipts: real bytes sent over TCP to the fake printer, decoded back into what the paper
 * would show, compared line by line with test/fixtures/receipts/<sale>-<type>-<columns>.txt.
 * Those files are the spec, read by eye. After an intended layout change, regenerate them with
 * UPDATE_RECEIPT_FIXTURES=1 npx vitest run test/integration/printing-golden.test.ts
 * and read the diff before committing.
 */
const fixtures = path.resolve(import.meta.dirname, '../fixtures/receipts');

const update = process.env.UPDATE_RECEIPT_FIXTURES === '1';
/** Each paper, with what its text must show whatever the width. */
const papers: Record<string, { build: (columns: Columns) => ReceiptLine[]; shows: string[] }> = {
  // A cinema sale with VAT, cash and change, and one tear-off stub per admission.
  'cinema-sale': { build: (columns) => buildReceipt(cinemaSale, { columns }), shows: ['NGN 19,345.50', 'EX1732201445123', 'T01-000042', 'ADMIT 3', 'ADMIT ONE'] },
  // A hotel booking with VAT and a consumption tax, card and transfer, times and policy.
  'hotel-booking': { build: (columns) => buildReceipt(hotelSale, { columns }), shows: ['NGN 513,004.50', 'BK-4471902', 'FD2-000007', 'CARD **** 1234  AUTH 123456'] },
  // The cinema sale printed again: COPY 1 with when and by whom, same receipt number.
  reprint: { build: (columns) => buildReceipt(cinemaReprint, { columns }), shows: ['COPY 1', 'Not the original', 'T01-000042'] },
  // A practice sale at a kiosk, paid by card, with a Hausa name.
  'training-sale': { build: (columns) => buildReceipt(trainingSale, { columns }), shows: ['TRAINING', 'Self-service', 'VERVE **** 4242  AUTH 654321', 'K1-000003'] },
  // The cinema sale in Yoruba: labels and date names transliterated (no dot-below reaches the printer), money as NGN.
  'cinema-sale-yo': {
    build: (columns) => buildReceipt(cinemaSaleYoruba, { columns }),
    shows: ['APAPO', 'NGN 19,345.50', 'A san ni owo owo', 'Senji', 'IWOLE 3', 'ENIYAN KAN', 'Abameta 22 Bel', 'Tikeeti wulo fun ojo', 'T01-000042'],
  },
  // The same sale in French, reprinted: COPIE 1 at the top, bottom and on every stub.
  'cinema-reprint-fr': {
    build: (columns) => buildReceipt(cinemaReprintFrench, { columns }),
    // French prints with its accents (code page PC850/858): "Reçu", "Imprimée", "ENTRÉES".
    shows: ['COPIE 1', 'Imprimée le 21 nov. 2025 16:20 par Supervisor Bola', 'Reçu no', 'TOTAL', 'Monnaie rendue', '3 ENTRÉES', 'UNE ENTRÉE', 'sam. 22 nov. 2025', 'pas l\'original'],
  },
  // The hotel booking in Hausa, with the hotel's check-in and check-out times.
  'hotel-booking-ha': {
    build: (columns) => buildReceipt(hotelSaleHausa, { columns }),
    shows: ['AJIYAR OTAL', 'JIMILLA', 'NGN 513,004.50', 'daga', '14:00', 'kafin', '12:00', 'Mun gode'],
  },
  'x-report': { build: (columns) => buildReportReceipt(xReport, { columns }), shows: ['X REPORT', 'TIN 12345678-0001'] },
  'z-report': { build: (columns) => buildReportReceipt(zReport, { columns }), shows: ['Z REPORT 27', 'Counted by:'] },
  // A partial cash refund: the customer's copy, and the drawer's signed by the approving supervisor.
  'refund-slip-customer': { build: (columns) => buildSlip(refundSlipInputs()[0], { columns }), shows: ['REFUND', 'Customer copy', 'EX1732201445123', '1 x VIP', 'NGN 9,500.00', 'Ngozi Okafor'] },
  'refund-slip-drawer': { build: (columns) => buildSlip(refundSlipInputs()[1], { columns }), shows: ['REFUND', 'Drawer copy', 'EX1732201445123', 'Approved by Ngozi Okafor:', 'Customer (money received):'] },
};
const types: PrinterType[] = ['epson', 'star'];
const widths: Columns[] = [32, 48];

describe('golden receipts over TCP', () => {
  const fake = useFakePrinter('ready');

  for (const [name, paper] of Object.entries(papers)) {
    for (const type of types) {
      for (const columns of widths) {
        it(`${name} on ${type}, ${columns} columns`, async () => {
          const printer = createPrinter({ interface: fake().url, type, columns }, { dataDir: fixtures });
          fake().clear();
          const lines = paper.build(columns);
          const result = await printer.print(toPrintDocument(`${name}-${type}-${columns}`, lines, { type, columns, cashDrawer: 'pin-2' }), { deadlineMs: 3_000 });
          expect(result).toMatchObject({ ok: true, value: { statusAfter: { state: 'ready' } } });
          await fake().waitForClosed(1);

          const [connection] = fake().connections();
          const items = decodeEscPos(connection!.bytes, type);
          // The status was asked before and after the receipt, and the receipt was sent once.
          const queries = items.filter((item) => item.kind === 'status-query').length;
          expect(queries).toBe(type === 'epson' ? 6 : 2);
          expect(items.filter((item) => item.kind === 'cut')).toEqual(lines.filter((line) => line.kind === 'cut').map((line) => ({ kind: 'cut', partial: line.kind === 'cut' && line.partial === true })));

          const text = textLines(items).join('\n');
          expect(text).not.toMatch(/[?\uFFFD]/);
          for (const shown of paper.shows) expect(text.replace(/\n/g, ' ')).toContain(shown);
          // The screen preview is the paper line for line (QR and hinge cuts in their places).
          expect(renderText(lines, { columns }).replace(/\n$/, '').split('\n')).toEqual(paperAsText(items, { columns, tearLine: tearLine(columns) }));

          // A paper that moves cash opens the drawer (the settings' default pin) before its first line.
          expect(items.filter((item) => item.kind === 'drawer')).toHaveLength(lines.some((line) => line.kind === 'drawer') ? 1 : 0);
          const paperLines = formatDecoded(items, { columns });
          const file = path.join(fixtures, `${name}-${type}-${columns}.txt`);
          if (update) fs.writeFileSync(file, `${paperLines.join('\n')}\n`);
          expect(fs.existsSync(file), `${file} is missing: generate it (see the comment at the top of this test)`).toBe(true);
          const golden = fs.readFileSync(file, 'utf8').replace(/\n$/, '').split('\n');
          expect(paperLines).toEqual(golden);
        });
      }
    }
  }
});
