import { describe, expect, it } from 'vitest';
import { buildReceipt } from '../../electron/printing/receipts/build-receipt';
import { buildSlip } from '../../electron/printing/receipts/build-slip';
import type { ReceiptLine } from '../../electron/printing/layout/receipt-line';
import { renderEscPos, type EscPosOptions, type PrinterType } from '../../electron/printing/layout/render-escpos';
import { renderText } from '../../electron/printing/layout/render-text';
import type { CashDrawer } from '../../shared/printing/cash-drawer';
import { decodeEscPos, formatDecoded, type DecodedItem } from '../helpers/escpos-decoder';
import { cinemaReprint, cinemaSale, hotelSale } from '../fixtures/receipts/inputs';
import { refundSlipInputs } from '../fixtures/receipts/refund-slip';

const types: PrinterType[] = ['epson', 'star'];
const drawerItems = (lines: ReceiptLine[], options: EscPosOptions) => decodeEscPos(renderEscPos(lines, options), options.type).filter((item) => item.kind === 'drawer');
const paper = (items: DecodedItem[]) => formatDecoded(items.filter((item) => item.kind !== 'drawer'), { columns: 48 });

describe('the cash drawer on the printer port', () => {
  for (const type of types) {
    it(`${type}: a cash sale's receipt opens the drawer on pin 2 before its first line, and prints the same paper`, () => {
      const lines = buildReceipt(cinemaSale, { columns: 48 });
      const items = decodeEscPos(renderEscPos(lines, { type, columns: 48, cashDrawer: 'pin-2' }), type);
      const drawers = items.filter((item) => item.kind === 'drawer');
      expect(drawers).toEqual([type === 'epson' ? { kind: 'drawer', pin: 2, onMs: 50, offMs: 500 } : { kind: 'drawer', pin: 2, onMs: 110, offMs: 550 }]);
      expect(items.findIndex((item) => item.kind === 'drawer')).toBeLessThan(items.findIndex((item) => item.kind === 'text'));
      // Nothing printed changes: the same lines as with no drawer, and the screen's copy has no trace of it.
      expect(paper(items)).toEqual(paper(decodeEscPos(renderEscPos(lines, { type, columns: 48, cashDrawer: 'off' }), type)));
      expect(renderText(lines, { columns: 48 })).toBe(renderText(lines.filter((line) => line.kind !== 'drawer'), { columns: 48 }));
    });

    it(`${type}: pin 5 when the drawer is wired there; nothing at all when it is off`, () => {
      const lines = buildReceipt(cinemaSale, { columns: 48 });
      expect(drawerItems(lines, { type, columns: 48, cashDrawer: 'pin-5' }).map((item) => item.kind === 'drawer' && item.pin)).toEqual([5]);
      expect(drawerItems(lines, { type, columns: 48, cashDrawer: 'off' })).toEqual([]);
    });
  }

  it('sends EPSON the whole ESC p with its two timing bytes (the library leaves them out, and the printer would eat the next two bytes)', () => {
    const bytes = renderEscPos(buildReceipt(cinemaSale, { columns: 48 }), { type: 'epson', columns: 48, cashDrawer: 'pin-2' });
    const at = bytes.indexOf(Buffer.from([0x1b, 0x70]));
    expect([...bytes.subarray(at, at + 5)]).toEqual([0x1b, 0x70, 0x00, 25, 250]);
    expect(bytes.indexOf(Buffer.from([0x1b, 0x70]), at + 1)).toBe(-1);
  });

  const drawer: CashDrawer = 'pin-2';
  it('stays shut for paper that moves no cash: a card and transfer sale, a copy, a training sale', () => {
    for (const type of types) {
      const options = { type, columns: 48 as const, cashDrawer: drawer };
      expect(drawerItems(buildReceipt(hotelSale, { columns: 48 }), options), 'card + transfer').toEqual([]);
      expect(drawerItems(buildReceipt(cinemaReprint, { columns: 48 }), options), 'copy').toEqual([]);
      expect(drawerItems(buildReceipt({ ...cinemaSale, training: true }, { columns: 48 }), options), 'training').toEqual([]);
    }
  });

  it("opens for a cash refund's drawer copy only: not the customer's copy, not a card refund, not a copy printed again", () => {
    const options = { type: 'epson' as const, columns: 48 as const, cashDrawer: drawer };
    const [customerCopy, drawerCopy] = refundSlipInputs();
    expect(drawerItems(buildSlip(drawerCopy, { columns: 48 }), options)).toHaveLength(1);
    expect(drawerItems(buildSlip(customerCopy, { columns: 48 }), options)).toEqual([]);
    const [, cardDrawerCopy] = refundSlipInputs({ tender: 'card', route: 'terminal' });
    expect(drawerItems(buildSlip(cardDrawerCopy, { columns: 48 }), options)).toEqual([]);
    expect(drawerItems(buildSlip({ ...drawerCopy, copy: { number: 1, at: '2026-11-21T11:00:00.000Z', by: 'Ngozi Okafor' } }, { columns: 48 }), options)).toEqual([]);
  });
});
