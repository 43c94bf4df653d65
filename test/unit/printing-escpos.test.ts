import { describe, expect, it } from 'vitest';
import { buildReceipt } from '../../electron/printing/receipts/build-receipt';
import { drawerPosition } from '../../shared/printing/cash-drawer';
import { parseStatusReply, starAsbLength, statusQuery, statusReplyLength } from '../../electron/printing/printers/printer-status';
import type { Columns } from '../../electron/printing/layout/receipt-line';
import { renderEscPos, type PrinterType } from '../../electron/printing/layout/render-escpos';
import { decodeEscPos, textLines } from '../helpers/escpos-decoder';
import { cinemaSale, hotelSale } from '../fixtures/receipts/inputs';

const cases: Array<{ type: PrinterType; columns: Columns }> = [
  { type: 'epson', columns: 32 },
  { type: 'epson', columns: 48 },
  { type: 'star', columns: 32 },
  { type: 'star', columns: 48 },
];

describe('ESC/POS rendering', () => {
  for (const { type, columns } of cases) {
    it(`${type} ${columns}: the printer would print exactly the model's lines, styles, QR and one cut`, () => {
      const lines = buildReceipt({ ...cinemaSale, ticketStubs: false, copy: { number: 1, at: '2025-11-21T16:00:00.000Z', by: 'Ada' }, training: true }, { columns });
      const items = decodeEscPos(renderEscPos(lines, { type, columns }), type);

      const printedText = items.filter((item) => item.kind === 'text' && item.text !== '' && !/^[-=]+$/.test(item.text));
      const modelText = lines.filter((line) => line.kind === 'text');
      expect(printedText.map((item) => item.kind === 'text' && [item.text, item.align, item.bold, item.width]))
        .toEqual(modelText.map((line) => line.kind === 'text' && [line.text, line.align, line.bold, line.size === 'double' ? 2 : 1]));

      const rules = items.filter((item) => item.kind === 'text' && /^[-=]+$/.test(item.text));
      expect(rules.length).toBe(lines.filter((line) => line.kind === 'rule').length);
      rules.forEach((rule) => expect(rule.kind === 'text' && rule.text.length).toBe(columns));

      expect(items.filter((item) => item.kind === 'qr')).toEqual([
        { kind: 'qr', payload: 'EX1732201445123', model: 2, cellSize: 6, correction: 'M' },
      ]);
      expect(items.filter((item) => item.kind === 'cut')).toEqual([{ kind: 'cut', partial: false }]);
      expect(items.findIndex((item) => item.kind === 'cut')).toBeGreaterThan(items.findLastIndex((item) => item.kind === 'text' && item.text !== ''));
    });
  }

  it('renders each document from scratch: the same receipt twice gives the same bytes, never more', () => {
    for (const { type, columns } of cases) {
      const first = renderEscPos(buildReceipt(cinemaSale, { columns }), { type, columns });
      renderEscPos(buildReceipt(hotelSale, { columns }), { type, columns });
      const again = renderEscPos(buildReceipt(cinemaSale, { columns }), { type, columns });
      expect(again.equals(first)).toBe(true);
      expect(textLines(decodeEscPos(again, type)).join('\n')).not.toContain('HTL2025112100071');
    }
  });

  it('sends only what the selected code page prints, so no printer turns a name into ?', () => {
    for (const { type, columns } of cases) {
      const text = textLines(decodeEscPos(renderEscPos(buildReceipt(hotelSale, { columns }), { type, columns }), type)).join('\n');
      expect(text).not.toMatch(/[?\uFFFD]/);
      expect(text.replace(/\s+/g, ' ')).toContain('Obi-Ezekwesili NGN');
    }
  });

  it('writes the STAR QR with its data command (the library alone leaves it out)', () => {
    const bytes = renderEscPos([{ kind: 'qr', payload: 'HTL1' }], { type: 'star', columns: 48 });
    expect(bytes.includes(Buffer.from([0x1b, 0x1d, 0x79, 0x44, 0x31, 0x00, 4, 0, 0x48, 0x54, 0x4c, 0x31]))).toBe(true);
  });
});

describe('printer status answers', () => {
  it('reads EPSON DLE EOT 1, 2 and 4', () => {
    expect(statusQuery('epson')).toEqual(Buffer.from([0x10, 0x04, 0x01, 0x10, 0x04, 0x02, 0x10, 0x04, 0x04]));
    // Three answer bytes, one per query; a status the printer sent unasked (Automatic Status Back:
    // 4 bytes, first with bits 0, 1 and 7 clear and bit 4 set) before them is passed over.
    expect(statusReplyLength('epson', new Uint8Array())).toBeNull();
    expect(statusReplyLength('epson', Buffer.from([0x12, 0x12]))).toBeNull();
    expect(statusReplyLength('epson', Buffer.from([0x12, 0x12, 0x12]))).toBe(3);
    expect(statusReplyLength('epson', Buffer.from([0x10, 0x00, 0x00]))).toBeNull();
    expect(statusReplyLength('epson', Buffer.from([0x10, 0x00, 0x00, 0x00, 0x12, 0x12, 0x12]))).toBe(7);
    expect(parseStatusReply('epson', Buffer.from([0x10, 0x00, 0x00, 0x00, 0x1a, 0x32, 0x72])).state).toBe('paper-out');
    expect(parseStatusReply('epson', Buffer.from([0x12, 0x12, 0x12])).state).toBe('ready');
    expect(parseStatusReply('epson', Buffer.from([0x12, 0x12, 0x1e])).detail).toMatch(/nearly finished/);
    expect(parseStatusReply('epson', Buffer.from([0x1a, 0x32, 0x72])).state).toBe('paper-out');
    expect(parseStatusReply('epson', Buffer.from([0x1a, 0x16, 0x12])).state).toBe('cover-open');
    expect(parseStatusReply('epson', Buffer.from([0x1a, 0x52, 0x12])).state).toBe('offline');
    expect(parseStatusReply('epson', Buffer.from([0x1a, 0x12, 0x12])).state).toBe('offline');
    expect(parseStatusReply('epson', Buffer.from([0xff, 0x00, 0x12])).state).toBe('unknown');
  });

  it('reads STAR automatic status (ESC ACK SOH)', () => {
    expect(statusQuery('star')).toEqual(Buffer.from([0x1b, 0x06, 0x01]));
    expect(starAsbLength(0x0f)).toBe(7);
    expect(starAsbLength(0x23)).toBe(9);
    expect(statusReplyLength('star', new Uint8Array())).toBeNull();
    const asb = (third: number, sixth: number) => Buffer.from([0x23, 0x06, third, 0, 0, sixth, 0, 0, 0]);
    expect(parseStatusReply('star', asb(0x00, 0x00)).state).toBe('ready');
    expect(parseStatusReply('star', asb(0x00, 0x04)).detail).toMatch(/nearly finished/);
    expect(parseStatusReply('star', asb(0x08, 0x08)).state).toBe('paper-out');
    expect(parseStatusReply('star', asb(0x28, 0x00)).state).toBe('cover-open');
    expect(parseStatusReply('star', asb(0x08, 0x00)).state).toBe('offline');
    expect(parseStatusReply('star', Buffer.from([0x12, 0x12, 0x12])).state).toBe('unknown');
  });

  it("reads the drawer switch's pin 3 in every readable answer, whatever the printer's state", () => {
    // EPSON: bit 2 of the DLE EOT 1 byte.
    expect(parseStatusReply('epson', Buffer.from([0x12, 0x12, 0x12])).drawerPin).toBe('low');
    expect(parseStatusReply('epson', Buffer.from([0x16, 0x12, 0x12]))).toMatchObject({ state: 'ready', drawerPin: 'high' });
    expect(parseStatusReply('epson', Buffer.from([0x1e, 0x32, 0x72]))).toMatchObject({ state: 'paper-out', drawerPin: 'high' });
    expect(parseStatusReply('epson', Buffer.from([0x10, 0x00, 0x00, 0x00, 0x16, 0x12, 0x12])).drawerPin).toBe('high');
    expect(parseStatusReply('epson', Buffer.from([0xff, 0x00, 0x12])).drawerPin).toBeUndefined();
    // STAR: bit 2 of the third byte (the compulsion switch), beside cover open and offline.
    const asb = (third: number) => Buffer.from([0x23, 0x06, third, 0, 0, 0, 0, 0, 0]);
    expect(parseStatusReply('star', asb(0x00)).drawerPin).toBe('low');
    expect(parseStatusReply('star', asb(0x04))).toMatchObject({ state: 'ready', drawerPin: 'high' });
    expect(parseStatusReply('star', asb(0x2c))).toMatchObject({ state: 'cover-open', drawerPin: 'high' });
    expect(parseStatusReply('star', Buffer.from([0x12, 0x12, 0x12])).drawerPin).toBeUndefined();
  });

  it('says open or closed by the wiring set, and nothing without a sensor or a reading', () => {
    expect(drawerPosition('open-when-high', 'high')).toBe('open');
    expect(drawerPosition('open-when-high', 'low')).toBe('closed');
    expect(drawerPosition('open-when-low', 'low')).toBe('open');
    expect(drawerPosition('open-when-low', 'high')).toBe('closed');
    expect(drawerPosition('off', 'high')).toBeNull();
    expect(drawerPosition('open-when-high', undefined)).toBeNull();
  });
});
