import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildReceipt } from '../../electron/printing/receipts/build-receipt';
import { buildTestPage } from '../../electron/printing/receipts/build-test-page';
import { createPrinter } from '../../electron/printing/printers/create-printer';
import { createOsPrinter } from '../../electron/printing/printers/os-printer';
import { createPreviewStore } from '../../electron/printing/printers/preview-store';
import { toPrintDocument } from '../../electron/printing/layout/print-document';
import type { PrinterType } from '../../electron/printing/layout/render-escpos';
import { renderText } from '../../electron/printing/layout/render-text';
import { decodeEscPos, textLines } from '../helpers/escpos-decoder';
import { startFakePrinter, useFakePrinter } from '../helpers/fake-printer';
import { cinemaSale, hotelSale } from '../fixtures/receipts/inputs';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lobby-printing-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const receipt = (type: PrinterType, sale = { ...cinemaSale, ticketStubs: false }) => toPrintDocument(`sale-${sale.saleId}`, buildReceipt(sale, { columns: 48 }), { type, columns: 48 });
const cuts = (bytes: Buffer, type: PrinterType) => decodeEscPos(bytes, type).filter((item) => item.kind === 'cut').length;

for (const type of ['epson', 'star'] as const) {
  describe(`network printer (${type})`, () => {
    const fake = useFakePrinter('ready');
    const printer = () => createPrinter({ interface: fake().url, type, columns: 48 }, { dataDir: tmp });

    it('reports ready when the printer answers ready', async () => {
      await fake().setMode('ready');
      expect(await printer().status({ deadlineMs: 2_000 })).toEqual({ state: 'ready', detail: 'The printer is ready.', said: { key: 'said.printer.ready' }, drawerPin: 'low' });
    });

    it('reports paper-out from the real-time status, and sends nothing while it lasts', async () => {
      await fake().setMode('paper-out');
      expect((await printer().status({ deadlineMs: 2_000 })).state).toBe('paper-out');
      fake().clear();
      const result = await printer().print(receipt(type), { deadlineMs: 2_000 });
      expect(result).toMatchObject({ ok: false, error: { code: 'PRINTER_OFFLINE' }, printerState: 'paper-out', mayHavePrinted: false });
      expect(!result.ok && result.error.message).toMatch(/out of paper/);
      await fake().waitForClosed(1);
      expect(cuts(fake().received(), type)).toBe(0);
    });

    it('reports an open cover', async () => {
      await fake().setMode('cover-open');
      const status = await printer().status({ deadlineMs: 2_000 });
      expect(status.state).toBe('cover-open');
      expect(status.detail).toMatch(/cover is open/);
    });

    it('does not call a printer that never answers the status ready', async () => {
      await fake().setMode('silent');
      const status = await printer().status({ deadlineMs: 600 });
      expect(status.state).toBe('unknown');
      expect(status.detail).toMatch(/accepts connections but did not answer/);
    });

    it('sends a printer that is not asked (printer.askStatus no) the receipt alone, once, and says it is not asked', async () => {
      await fake().setMode('silent');
      fake().clear();
      const p = createPrinter({ interface: fake().url, type, columns: 48, askStatus: 'no' }, { dataDir: tmp });
      expect(await p.status({ deadlineMs: 600 })).toMatchObject({ state: 'ready', said: { key: 'said.printer.notAsked', values: { where: fake().url.replace('tcp://', '') } } });
      const document = receipt(type);
      expect(await p.print(document, { deadlineMs: 2_000 })).toMatchObject({ ok: true, value: { bytes: document.bytes.length, statusAfter: null } });
      await fake().waitForClosed(2);
      // Nothing but the receipt reached it: no status question before or after.
      expect(fake().received().equals(Buffer.from(document.bytes))).toBe(true);
      expect(cuts(fake().received(), type)).toBe(1);
      // Off: said so, and nothing sent.
      await fake().setMode('off');
      expect((await p.status({ deadlineMs: 2_000 })).state).toBe('offline');
      expect(await p.print(document, { deadlineMs: 2_000 })).toMatchObject({ ok: false, printerState: 'offline', mayHavePrinted: false });
    });

    it('fails fast with a reason when the printer is off', { timeout: 4_000 }, async () => {
      await fake().setMode('off');
      const result = await printer().print(receipt(type), { deadlineMs: 3_000 });
      expect(result).toMatchObject({ ok: false, error: { code: 'PRINTER_OFFLINE' }, printerState: 'offline', mayHavePrinted: false });
      expect(!result.ok && result.error.message).toMatch(/cannot be reached \(it refused the connection\)/);
      expect((await printer().status({ deadlineMs: 3_000 })).state).toBe('offline');
    });

    it('gives up on a stalled printer at our own deadline', async () => {
      await fake().setMode('stalled');
      // 700 ms: well inside the 3 s idle timeout node-thermal-printer would have used.
      const result = await printer().print(receipt(type), { deadlineMs: 700 });
      expect(result).toMatchObject({ ok: false, error: { code: 'PRINTER_OFFLINE' }, printerState: 'unknown', mayHavePrinted: false });
      expect(!result.ok && result.error.message).toMatch(/did not answer within 0\.7 s/);
    });

    it('says a receipt may be half printed when the printer hangs mid-job, and cuts that half off before the next one', async () => {
      await fake().setMode('jammed');
      const p = printer();
      const result = await p.print(receipt(type), { deadlineMs: 700 });
      expect(result).toMatchObject({ ok: false, printerState: 'unknown', mayHavePrinted: true });
      expect(!result.ok && result.error.message).toMatch(/not confirmed within 0\.7 s.*check the printer before printing it again/);
      // The next receipt is not printed onto the same strip as what was left: a cut comes first.
      await fake().setMode('ready');
      fake().clear();
      expect((await p.print(receipt(type), { deadlineMs: 2_000 })).ok).toBe(true);
      await fake().waitForClosed(1);
      const items = decodeEscPos(fake().received(), type).filter((item) => item.kind === 'cut' || item.kind === 'text');
      expect(items[0]).toMatchObject({ kind: 'cut', partial: false });
      expect(items.filter((item) => item.kind === 'cut')).toHaveLength(2);
      // Only once: the receipt after that starts with its own text again.
      fake().clear();
      expect((await p.print(receipt(type), { deadlineMs: 2_000 })).ok).toBe(true);
      await fake().waitForClosed(1);
      expect(cuts(fake().received(), type)).toBe(1);
    });

    it('says a receipt the paper ran out under is not printed: it may be cut short, so only a COPY may follow', async () => {
      await fake().setMode('runs-out');
      fake().clear();
      const result = await printer().print(receipt(type), { deadlineMs: 2_000 });
      expect(result).toMatchObject({ ok: false, error: { code: 'PRINTER_OFFLINE', said: { key: 'said.print.stoppedDuring', values: { stopped: 'paperOut' } } }, printerState: 'paper-out', mayHavePrinted: true });
      expect(!result.ok && result.error.message).toMatch(/stopped while printing this receipt: it ran out of paper/);
      // The receipt did reach the printer, once.
      await fake().waitForClosed(1);
      expect(cuts(fake().received(), type)).toBe(1);
      expect(fake().mode()).toBe('paper-out');
    });

    it('prints exactly once on the retry after a failure: nothing left over from the failed attempt', async () => {
      const document = receipt(type);
      await fake().setMode('off');
      expect((await printer().print(document, { deadlineMs: 2_000 })).ok).toBe(false);
      await fake().setMode('ready');
      fake().clear();
      const retry = await printer().print(document, { deadlineMs: 2_000 });
      expect(retry.ok).toBe(true);
      await fake().waitForClosed(1);
      const items = decodeEscPos(fake().received(), type);
      expect(items.filter((item) => item.kind === 'cut')).toHaveLength(1);
      expect(items.filter((item) => item.kind === 'qr')).toHaveLength(1);
      expect(textLines(items).filter((text) => text.startsWith('TOTAL'))).toHaveLength(1);
    });

    it('keeps a status check from cutting into a print on the same printer', async () => {
      await fake().setMode('ready');
      fake().clear();
      const p = printer();
      const [printed, status] = await Promise.all([p.print(receipt(type, hotelSale), { deadlineMs: 2_000 }), p.status({ deadlineMs: 2_000 })]);
      expect(printed.ok).toBe(true);
      expect(status.state).toBe('ready');
      await fake().waitForClosed(2);
      // One connection at a time: the receipt's bytes arrive whole on one connection.
      expect(fake().connections().filter((connection) => cuts(connection.bytes, type) === 1)).toHaveLength(1);
    });
  });
}

describe('an EPSON with Automatic Status Back switched on', () => {
  it('passes over the status it sends unasked as each connection opens, and prints', async () => {
    const fake = await startFakePrinter({ asb: true });
    try {
      const printer = createPrinter({ interface: fake.url, type: 'epson', columns: 48 }, { dataDir: tmp });
      expect(await printer.status({ deadlineMs: 2_000 })).toMatchObject({ state: 'ready', said: { key: 'said.printer.ready' } });
      fake.clear();
      const printed = await printer.print(receipt('epson'), { deadlineMs: 2_000 });
      expect(printed).toMatchObject({ ok: true, value: { statusAfter: { state: 'ready' } } });
      await fake.waitForClosed(1);
      expect(cuts(fake.received(), 'epson')).toBe(1);
      // Out of paper still reads as out of paper behind the unasked frame.
      await fake.setMode('paper-out');
      expect((await printer.status({ deadlineMs: 2_000 })).state).toBe('paper-out');
    } finally {
      await fake.close();
    }
  });
});

describe('preview printer', () => {
  it('keeps each receipt as text and raw bytes in <dataDir>/receipts, for the screen', async () => {
    const dataDir = path.join(tmp, 'preview');
    const clock = () => new Date('2025-11-21T15:04:05.000Z');
    const printer = createPrinter({ interface: 'preview', type: 'epson', columns: 32 }, { dataDir, clock });
    expect((await printer.status({ deadlineMs: 1_000 })).state).toBe('ready');

    const lines = buildReceipt({ ...cinemaSale, ticketStubs: false }, { columns: 32 });
    const document = toPrintDocument('sale-S-42/copy 1', lines, { type: 'epson', columns: 32 });
    const first = await printer.print(document, { deadlineMs: 2_000 });
    const second = await printer.print(document, { deadlineMs: 2_000 });
    expect(first.ok && second.ok).toBe(true);

    const store = createPreviewStore({ dataDir });
    const names = await store.list();
    expect(names).toEqual(['2025-11-21T15-04-05-000Z-0002-sale-S-42-copy-1', '2025-11-21T15-04-05-000Z-0001-sale-S-42-copy-1']);
    expect(fs.readdirSync(path.join(dataDir, 'receipts')).sort()).toHaveLength(4);
    const stored = await store.read(names[0]!);
    expect(stored?.text).toBe(renderText(lines, { columns: 32 }));
    expect(stored?.bytes.equals(Buffer.from(document.bytes))).toBe(true);
    expect(textLines(decodeEscPos(stored!.bytes, 'epson'))).toContain('TOTAL              NGN 19,345.50');
    expect(await store.read('../../etc/passwd')).toBeNull();
    expect(await store.read('no-such-receipt')).toBeNull();
  });

  it('keeps the newest receipts only, each with both its files, and clears what a crash left half written', async () => {
    const dataDir = path.join(tmp, 'preview-kept');
    let now = Date.parse('2025-11-21T15:04:05Z');
    const clock = () => new Date((now += 1_000));
    const shelf = path.join(dataDir, 'receipts');
    fs.mkdirSync(shelf, { recursive: true });
    // From the start before: an old receipt whose .txt never came, and a file half written.
    fs.writeFileSync(path.join(shelf, '2025-11-20T09-00-00-000Z-0007-sale-old.bin'), 'x');
    fs.writeFileSync(path.join(shelf, '2025-11-20T09-00-01-000Z-0008-sale-old.txt.partial'), 'x');
    const store = createPreviewStore({ dataDir, clock, kept: 3 });
    const document = toPrintDocument('sale-S-7', buildReceipt({ ...cinemaSale, ticketStubs: false }, { columns: 32 }), { type: 'epson', columns: 32 });
    // The shelf is tidied with the first receipt of a start and then every hundredth.
    for (let i = 0; i < 101; i++) await store.save(document);
    const names = await store.list(500);
    expect(names).toHaveLength(3);
    expect(names[0]).toMatch(/-0101-sale-S-7$/);
    expect(names[2]).toMatch(/-0099-sale-S-7$/);
    expect(fs.readdirSync(shelf).sort()).toEqual(names.flatMap((name) => [`${name}.bin`, `${name}.txt`]).sort());
    expect((await store.read(names[2]!))?.text).toBe(document.text);
  });

  it('is what an empty printer setting gives', async () => {
    const dataDir = path.join(tmp, 'preview-default');
    const result = await createPrinter({ interface: '', type: 'star', columns: 48 }, { dataDir }).print(receipt('star'), { deadlineMs: 2_000 });
    expect(result.ok && result.value.location).toMatch(/receipts\/.*\.txt$/);
  });
});

describe('file printer', () => {
  it('appends the raw bytes of each job to the file', async () => {
    const file = path.join(tmp, 'printer.bin');
    const printer = createPrinter({ interface: `file:${file}`, type: 'epson', columns: 48 }, { dataDir: tmp });
    expect((await printer.status({ deadlineMs: 1_000 })).state).toBe('ready');
    const page = toPrintDocument('test', buildTestPage({ terminal: { id: 'T1', name: 'Till 1' }, printer: { interface: `file:${file}`, type: 'epson' }, printedAt: '2025-11-21T15:00:00Z', training: false }, { columns: 48 }), { type: 'epson', columns: 48 });
    expect((await printer.print(receipt('epson'), { deadlineMs: 2_000 })).ok).toBe(true);
    expect((await printer.print(page, { deadlineMs: 2_000 })).ok).toBe(true);
    const bytes = fs.readFileSync(file);
    expect(bytes.equals(Buffer.concat([receipt('epson').bytes, page.bytes]))).toBe(true);
    expect(cuts(bytes, 'epson')).toBe(2);
  });

  it('reports a path it cannot write as offline, with the reason', async () => {
    const printer = createPrinter({ interface: `file:${path.join(tmp, 'missing-dir', 'printer.bin')}`, type: 'epson', columns: 48 }, { dataDir: tmp });
    expect((await printer.status({ deadlineMs: 1_000 })).state).toBe('offline');
    const result = await printer.print(receipt('epson'), { deadlineMs: 2_000 });
    expect(result).toMatchObject({ ok: false, error: { code: 'PRINTER_OFFLINE' }, printerState: 'offline', mayHavePrinted: false });
    expect(!result.ok && result.error.message).toMatch(/ENOENT/);
  });
});

describe('OS printer (CUPS lp)', () => {
  /** Stand-ins for the CUPS commands, which this machine does not have. */
  function script(name: string, body: string): string {
    const file = path.join(tmp, name);
    fs.writeFileSync(file, `#!/bin/sh\n${body}\n`, { mode: 0o755 });
    return file;
  }

  it('hands the raw bytes to lp -d NAME -o raw', async () => {
    const captured = path.join(tmp, 'lp-input.bin');
    const args = path.join(tmp, 'lp-args.txt');
    const lp = script('lp-ok', `echo "$@" > '${args}'\ncat > '${captured}'\necho "request id is Kitchen-17 (1 file(s))"`);
    const printer = createPrinter({ interface: 'printer:Kitchen', type: 'epson', columns: 48 }, { dataDir: tmp, lpCommand: lp });
    const result = await printer.print(receipt('epson'), { deadlineMs: 3_000 });
    expect(result).toMatchObject({ ok: true, value: { location: 'CUPS job Kitchen-17' } });
    expect(fs.readFileSync(args, 'utf8').trim()).toBe('-d Kitchen -o raw');
    expect(fs.readFileSync(captured).equals(Buffer.from(receipt('epson').bytes))).toBe(true);
  });

  it("passes on lp's complaint when the queue refuses the job", async () => {
    const lp = script('lp-fail', 'cat > /dev/null\necho "lp: The printer or class does not exist." >&2\nexit 1');
    const result = await createOsPrinter({ name: 'Nope', lpCommand: lp }).print(receipt('epson'), { deadlineMs: 3_000 });
    expect(result).toMatchObject({ ok: false, error: { code: 'PRINTER_OFFLINE' }, printerState: 'offline' });
    expect(!result.ok && result.error.message).toMatch(/The printer or class does not exist/);
  });

  it('says clearly when CUPS is not installed, or on Windows', async () => {
    const missing = createOsPrinter({ name: 'Kitchen', lpCommand: path.join(tmp, 'no-such-lp'), lpstatCommand: path.join(tmp, 'no-such-lpstat') });
    const result = await missing.print(receipt('epson'), { deadlineMs: 3_000 });
    expect(!result.ok && result.error.message).toMatch(/needs CUPS/);
    expect((await missing.status({ deadlineMs: 3_000 })).state).toBe('unknown');
    const windows = createOsPrinter({ name: 'Kitchen', platform: 'win32' });
    const onWindows = await windows.print(receipt('epson'), { deadlineMs: 3_000 });
    expect(!onWindows.ok && onWindows.error.message).toMatch(/Windows/);
  });

  it('reads the queue state from lpstat', async () => {
    const idle = script('lpstat-idle', 'echo "printer Kitchen is idle.  enabled since Fri 21 Nov 2025 10:00:00"');
    const paused = script('lpstat-paused', 'echo "printer Kitchen disabled since Fri 21 Nov 2025 10:00:00 -"');
    expect((await createOsPrinter({ name: 'Kitchen', lpstatCommand: idle }).status({ deadlineMs: 3_000 })).state).toBe('ready');
    expect((await createOsPrinter({ name: 'Kitchen', lpstatCommand: paused }).status({ deadlineMs: 3_000 })).state).toBe('offline');
  });

  it('kills a print command that hangs, at the deadline', async () => {
    const lp = script('lp-hang', 'cat > /dev/null\nexec sleep 30');
    const result = await createOsPrinter({ name: 'Kitchen', lpCommand: lp }).print(receipt('epson'), { deadlineMs: 500 });
    expect(result).toMatchObject({ ok: false, printerState: 'unknown', mayHavePrinted: true });
    expect(!result.ok && result.error.message).toMatch(/within 0\.5 s/);
  });
});

describe('printer settings', () => {
  it('turns a setting it cannot use into a printer that says why', async () => {
    const printer = createPrinter({ interface: 'usb:thing', type: 'epson', columns: 48 }, { dataDir: tmp });
    expect((await printer.status({ deadlineMs: 1_000 })).detail).toMatch(/must be preview, tcp:\/\/host:port/);
    const result = await printer.print(receipt('epson'), { deadlineMs: 1_000 });
    expect(result).toMatchObject({ ok: false, error: { code: 'PRINTER_OFFLINE' } });
  });

  it('starts a fake printer that is off from the beginning', async () => {
    const fake = await startFakePrinter({ mode: 'off' });
    try {
      expect((await createPrinter({ interface: fake.url, type: 'star', columns: 32 }, { dataDir: tmp }).status({ deadlineMs: 1_000 })).state).toBe('offline');
    } finally {
      await fake.close();
    }
  });
});
