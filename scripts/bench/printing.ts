import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildReceipt } from '../../electron/printing/build-receipt';
import { createPrinter } from '../../electron/printing/create-printer';
import { toPrintDocument } from '../../electron/printing/print-document';
import { renderEscPos } from '../../electron/printing/render-escpos';
import { cinemaSale } from '../../test/fixtures/receipts/inputs';
import { startFakePrinter } from '../../test/helpers/fake-printer';
import type { BenchRow } from './types';

const WARM_UP = 50;
const RENDER_SAMPLES = 2_000;
const PRINT_SAMPLES = 300;
const options = { type: 'epson', columns: 48 } as const;

/**
 * Receipts, in one run: building and rendering one cinema receipt (model + ESC/POS bytes), and the
 * whole way from "print this receipt" to the last byte arriving at a loopback TCP printer
 * (render, status query, send, delivery confirmation), so the ratio shows what the wire adds.
 */
export async function benchPrinting(): Promise<BenchRow[]> {
  const renderOnly: number[] = [];
  for (let i = 0; i < WARM_UP + RENDER_SAMPLES; i++) {
    const started = performance.now();
    renderEscPos(buildReceipt(cinemaSale, { columns: options.columns }), options);
    if (i >= WARM_UP) renderOnly.push(performance.now() - started);
  }

  const fake = await startFakePrinter({ mode: 'ready' });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lobby-bench-printing-'));
  try {
    const printer = createPrinter({ interface: fake.url, ...options }, { dataDir });
    const toLastByte: number[] = [];
    for (let i = 0; i < WARM_UP + PRINT_SAMPLES; i++) {
      fake.clear();
      const started = performance.now();
      const document = toPrintDocument(`bench-${i}`, buildReceipt(cinemaSale, { columns: options.columns }), options);
      const result = await printer.print(document, { deadlineMs: 5_000 });
      if (!result.ok) throw new Error(`bench: print failed: ${result.error.message}`);
      const lastByteAt = fake.connections()[0]?.lastByteAt;
      if (lastByteAt == null) throw new Error('bench: the fake printer received nothing');
      if (i >= WARM_UP) toLastByte.push(lastByteAt - started);
    }

    const ratio = median(toLastByte) / median(renderOnly);
    return [
      {
        name: 'receipt render alone (model + ESC/POS, cinema, 48 col EPSON)',
        median: round(median(renderOnly) * 1000),
        p99: round(percentile(renderOnly, 0.99) * 1000),
        unit: 'µs',
        note: `${RENDER_SAMPLES} receipts; baseline for the row below`,
      },
      {
        name: 'print receipt -> last byte at fake TCP printer',
        median: round(median(toLastByte)),
        p99: round(percentile(toLastByte, 0.99)),
        unit: 'ms',
        note: `${PRINT_SAMPLES} prints over loopback, status asked before and after; ${ratio.toFixed(1)}x render alone (median)`,
      },
    ];
  } finally {
    await fake.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const median = (values: number[]) => percentile(values, 0.5);

function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))]!;
}

const round = (value: number) => Math.round(value * 1000) / 1000;
