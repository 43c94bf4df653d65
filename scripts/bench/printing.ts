import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildReceipt } from '../../electron/printing/receipts/build-receipt';
import { createPrinter } from '../../electron/printing/printers/create-printer';
import { toPrintDocument } from '../../electron/printing/layout/print-document';
import { appendReceiptLines, libraryPrinter, renderEscPos } from '../../electron/printing/layout/render-escpos';
import { createSandbox } from '../../electron/sandbox';
import { cinemaSale } from '../../test/fixtures/receipts/inputs';
import { startFakePrinter, type FakePrinter } from '../../test/helpers/fake-printer';
import { benchCustomer, findStay, openBenchTill, readyToSell, sandboxPartner } from './bench-till';
import { median, percentile, round } from './stats';
import { value } from './results';
import type { BenchRow } from './types';

const WARM_UP = 50;
const RENDER_SAMPLES = 2_000;
const PRINT_SAMPLES = 300;
// The stubs would make it four documents; the bench compares one receipt with one receipt.
const receipt = { ...cinemaSale, ticketStubs: false };
const SALE_SAMPLES = 200;
const options = { type: 'epson', columns: 48 } as const;

/**
 * Receipts, in one run: building and rendering one cinema receipt (model + ESC/POS bytes); the
 * baseline, node-thermal-printer's own execute() of the same receipt to a loopback TCP printer
 * (its buffer built by the library from the same lines, sent over its own network interface,
 * nothing asked); our whole way from "print this receipt" to the last byte (render, status query,
 * send, delivery confirmation) against that baseline; and from a sale's confirmation to its
 * receipt's last byte through the durable print queue.
 */
export async function benchPrinting(): Promise<BenchRow[]> {
  const renderOnly: number[] = [];
  for (let i = 0; i < WARM_UP + RENDER_SAMPLES; i++) {
    const started = performance.now();
    renderEscPos(buildReceipt(receipt, { columns: options.columns }), options);
    if (i >= WARM_UP) renderOnly.push(performance.now() - started);
  }

  const fake = await startFakePrinter({ mode: 'ready' });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lobby-bench-printing-'));
  try {
    const library: number[] = [];
    for (let i = 0; i < WARM_UP + PRINT_SAMPLES; i++) {
      fake.clear();
      const started = performance.now();
      // A new instance per receipt: execute() does not clear the library's buffer.
      const thermal = libraryPrinter(options, fake.url);
      appendReceiptLines(thermal, buildReceipt(receipt, { columns: options.columns }), options);
      await thermal.execute();
      await fake.waitForClosed(1, 5_000);
      const lastByteAt = fake.connections()[0]?.lastByteAt;
      if (lastByteAt == null) throw new Error('bench: the fake printer received nothing from execute()');
      if (i >= WARM_UP) library.push(lastByteAt - started);
    }

    const printer = createPrinter({ interface: fake.url, ...options }, { dataDir });
    const toLastByte: number[] = [];
    for (let i = 0; i < WARM_UP + PRINT_SAMPLES; i++) {
      fake.clear();
      const started = performance.now();
      const document = toPrintDocument(`bench-${i}`, buildReceipt(receipt, { columns: options.columns }), options);
      const result = await printer.print(document, { deadlineMs: 5_000 });
      if (!result.ok) throw new Error(`bench: print failed: ${result.error.message}`);
      const lastByteAt = fake.connections()[0]?.lastByteAt;
      if (lastByteAt == null) throw new Error('bench: the fake printer received nothing');
      if (i >= WARM_UP) toLastByte.push(lastByteAt - started);
    }

    const ratio = median(toLastByte) / median(library);
    const confirmedToLastByte = await saleToPaper(fake);
    const saleRatio = median(confirmedToLastByte) / median(renderOnly);
    return [
      {
        name: 'receipt render alone (model + ESC/POS, cinema, 48 col EPSON)',
        median: round(median(renderOnly) * 1000),
        p99: round(percentile(renderOnly, 0.99) * 1000),
        unit: 'µs',
        note: `${RENDER_SAMPLES} receipts; baseline for the confirmed-sale row`,
      },
      {
        name: "baseline: node-thermal-printer's execute() of the same receipt -> last byte",
        median: round(median(library)),
        p99: round(percentile(library, 0.99)),
        unit: 'ms',
        note: `${PRINT_SAMPLES} receipts built and sent by the library over loopback (no status asked); baseline for the row below`,
      },
      {
        name: 'print receipt -> last byte at fake TCP printer',
        median: round(median(toLastByte)),
        p99: round(percentile(toLastByte, 0.99)),
        unit: 'ms',
        note: `${PRINT_SAMPLES} prints over loopback, status asked before and after (delivery confirmed); ${ratio.toFixed(2)}x the library's execute() (median)`,
      },
      {
        name: 'confirmed sale -> last receipt byte at fake TCP printer',
        median: round(median(confirmedToLastByte)),
        p99: round(percentile(confirmedToLastByte, 0.99)),
        unit: 'ms',
        note: `${SALE_SAMPLES} hotel sales via createPos().api; journal job (fsync), claim, render, status, send, confirm; ${saleRatio.toFixed(1)}x render alone (median)`,
      },
    ];
  } finally {
    await fake.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * From the moment the journal commits a sale as confirmed (what `sale:updated` announces) to the
 * last byte of its receipt arriving at the printer: the print queue's whole path, durable job
 * included. Hotel bookings through createPos().api on the in-process sandbox; the bench only
 * notes when the confirmation was committed.
 */
async function saleToPaper(fake: FakePrinter): Promise<number[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lobby-bench-print-queue-'));
  const confirmedAt = new Map<string, number>();
  const sandbox = createSandbox();
  const { pos } = openBenchTill(dataDir, {
    partner: sandboxPartner(sandbox),
    configure: (config) => ({ ...config, printer: { ...config.printer, interface: fake.url, ...options } }),
    // The moment each sale's confirmation is committed: where the path to paper starts.
    journal: (journal) => {
      const transition = journal.sales.transition;
      journal.sales.transition = (id, to, detail) => {
        const result = transition(id, to, detail);
        if (result.ok && to === 'confirmed') confirmedAt.set(id, performance.now());
        return result;
      };
    },
    deps: (config) => ({
      probes: {},
      printer: createPrinter(config.printer, { dataDir }),
      // No status polls while measuring: only the jobs' own connections reach the printer.
      printTuning: { idlePollMs: 3_600_000 },
    }),
  });
  try {
    await readyToSell(pos);
    await pos.api['printer:status']({});
    const stay = await findStay(pos);
    const customer = benchCustomer;

    const times: number[] = [];
    for (let i = 0; i < WARM_UP + SALE_SAMPLES; i++) {
      if (i % 8 === 0) sandbox.reset();
      fake.clear();
      const saleId = `BENCH-PRINT-${i.toString(36).padStart(5, '0')}`;
      const sale = value(await pos.api['sale:submit']({ saleId, kind: 'hotel', hotel: stay, customer, tender: { kind: 'cash', tenderedKobo: 1_000_000_000 } }));
      if (sale.state !== 'confirmed') throw new Error(`bench: sale ${sale.state}: ${sale.failureReason}`);
      // The printer's connection closes once the receipt is sent and its delivery confirmed.
      await fake.waitForClosed(1, 10_000);
      const [receipt, ...others] = fake.connections();
      if (!receipt?.lastByteAt || others.length > 0) throw new Error(`bench: expected one receipt connection, got ${fake.connections().length}`);
      if (i >= WARM_UP) times.push(receipt.lastByteAt - confirmedAt.get(saleId)!);
    }
    return times;
  } finally {
    await pos.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

