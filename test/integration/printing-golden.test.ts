import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildReceipt } from '../../electron/printing/receipts/build-receipt';
import { createPrinter } from '../../electron/printing/printers/create-printer';
import { toPrintDocument } from '../../electron/printing/layout/print-document';
import type { Columns } from '../../electron/printing/layout/receipt-line';
import type { PrinterType } from '../../electron/printing/layout/render-escpos';
import { decodeEscPos, formatDecoded, textLines } from '../helpers/escpos-decoder';
import { useFakePrinter } from '../helpers/fake-printer';
import { cinemaSale, hotelSale } from '../fixtures/receipts/inputs';

/**
 * Golden receipts: real bytes sent over TCP to the fake printer, decoded back into what the paper
 * would show, compared line by line with test/fixtures/receipts/<sale>-<type>-<columns>.txt.
 * Those files are the spec, read by eye. After an intended layout change, regenerate them with
 * UPDATE_RECEIPT_FIXTURES=1 npx vitest run test/integration/printing-golden.test.ts
 * and read the diff before committing.
 */
const fixtures = path.resolve(import.meta.dirname, '../fixtures/receipts');
const update = process.env.UPDATE_RECEIPT_FIXTURES === '1';
const sales = {
  cinema: cinemaSale,
  hotel: hotelSale,
  // Both marks at once, to read them on paper: the second reprint of a training sale.
  'cinema-copy-training': { ...cinemaSale, training: true, copyNumber: 2 },
};
const types: PrinterType[] = ['epson', 'star'];
const widths: Columns[] = [32, 48];

describe('golden receipts over TCP', () => {
  const fake = useFakePrinter('ready');

  for (const [name, sale] of Object.entries(sales)) {
    for (const type of types) {
      for (const columns of widths) {
        it(`${name} on ${type}, ${columns} columns`, async () => {
          const printer = createPrinter({ interface: fake().url, type, columns }, { dataDir: fixtures });
          fake().clear();
          const result = await printer.print(toPrintDocument(`${name}-${type}-${columns}`, buildReceipt(sale, { columns }), { type, columns }), { deadlineMs: 3_000 });
          expect(result).toMatchObject({ ok: true, value: { statusAfter: { state: 'ready' } } });
          await fake().waitForClosed(1);

          const [connection] = fake().connections();
          const items = decodeEscPos(connection!.bytes, type);
          // The status was asked before and after the receipt, and the receipt was sent once.
          const queries = items.filter((item) => item.kind === 'status-query').length;
          expect(queries).toBe(type === 'epson' ? 6 : 2);
          expect(items.filter((item) => item.kind === 'cut')).toHaveLength(1);

          const text = textLines(items).join('\n');
          expect(text).not.toMatch(/[?\uFFFD]/);
          expect(text).toContain(sale.partnerReference);
          expect(text).toContain(sale.sale.kind === 'cinema' ? 'NGN 19,345.50' : 'NGN 513,004.50');

          const lines = formatDecoded(items, { columns });
          const file = path.join(fixtures, `${name}-${type}-${columns}.txt`);
          if (update) fs.writeFileSync(file, `${lines.join('\n')}\n`);
          expect(fs.existsSync(file), `${file} is missing: generate it (see the comment at the top of this test)`).toBe(true);
          const golden = fs.readFileSync(file, 'utf8').replace(/\n$/, '').split('\n');
          expect(lines).toEqual(golden);
        });
      }
    }
  }
});
