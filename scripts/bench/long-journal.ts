import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { journalFile, openJournal, type Journal } from '../../electron/journal';
import { cleanCloseNote } from '../../electron/journal/clean-close';
import { saleInput } from './journal';
import { median, percentile, round } from './stats';
import type { BenchRow } from './types';

/** A busy till's months (20,000 sales) against a new till's first days (400), in shifts of 400. */
const LONG = 20_000;
const SHORT = 400;
const PER_SHIFT = 400;
const SAMPLES = 40;

/**
 * What a supervisor asks of the journal all day (the shift's figures behind *Shift*, every refund
 * and the close; the attention list) on a journal that has sold for months, against the same on
 * a new one: the same work, so the ratio shows what the till's history costs. Each journal's open
 * shift holds the same 100 sales. Opening the file is shown too, after a clean close and after a
 * stop that left no note of one (a crash): only the second reads the whole file for damage, so
 * only that one grows with the journal, by design (electron/journal/clean-close.ts).
 */
export async function benchLongJournal(): Promise<BenchRow[]> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lobby-bench-long-journal-'));
  try {
    const long = await filled(path.join(root, 'long'), LONG);
    const short = await filled(path.join(root, 'short'), SHORT);
    const samples = () => ({ report: [] as number[], attention: [] as number[], open: [] as number[], openChecked: [] as number[] });
    const times = { long: samples(), short: samples() };
    for (let i = 0; i < SAMPLES; i++) {
      for (const [name, dir] of i % 2 === 0 ? ([['long', long], ['short', short]] as const) : ([['short', short], ['long', long]] as const)) {
        const opening = performance.now();
        const journal = opened(dir);
        times[name].open.push(performance.now() - opening);
        try {
          const reporting = performance.now();
          if (!journal.shifts.xReport().ok) throw new Error('bench: the X report failed');
          times[name].report.push(performance.now() - reporting);
          const asking = performance.now();
          if (!journal.sales.listAmountMismatches().ok) throw new Error('bench: the attention list failed');
          times[name].attention.push(performance.now() - asking);
        } finally {
          journal.close();
        }
        // As after a crash: no note of a clean close, so the whole file is read.
        fs.rmSync(cleanCloseNote(journalFile(dir)));
        const checking = performance.now();
        const checked = opened(dir);
        times[name].openChecked.push(performance.now() - checking);
        if (!checked.wholeFileCheck.atOpen) throw new Error('bench: the journal skipped its whole-file check');
        checked.close();
      }
    }
    const row = (name: string, key: 'report' | 'attention' | 'open' | 'openChecked', note: string): BenchRow => ({
      name,
      median: round(median(times.long[key])),
      p99: round(percentile(times.long[key], 0.99)),
      unit: 'ms',
      note: `${(median(times.long[key]) / median(times.short[key])).toFixed(2)}x the same on ${SHORT} sales (${round(median(times.short[key]))} ms); ${note}`,
    });
    return [
      row(`long journal: the shift's figures (X report) after ${LONG.toLocaleString('en-US')} sales`, 'report', 'behind Shift, every refund and the close'),
      row(`long journal: sales the partner priced differently, after ${LONG.toLocaleString('en-US')} sales`, 'attention', 'the attention list'),
      row(`long journal: opening the file after a clean close (${LONG.toLocaleString('en-US')} sales, ${(fs.statSync(journalFile(long)).size / 1_048_576).toFixed(0)} MiB)`, 'open', 'the file unchanged since: its whole-file check is skipped'),
      row(`long journal: opening the file after a crash (${LONG.toLocaleString('en-US')} sales)`, 'openChecked', 'its whole-file check (quick_check) reads every page'),
    ];
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

function opened(dir: string): Journal {
  const result = openJournal({ file: journalFile(dir), terminalId: 'BENCH' });
  if (!result.ok) throw new Error(`bench: journal did not open: ${result.error.message}`);
  return result.value;
}

/** A journal with `sales` confirmed cash sales, a shift closed every PER_SHIFT, and 100 in the open shift. */
async function filled(dir: string, sales: number): Promise<string> {
  fs.mkdirSync(dir);
  const journal = opened(dir);
  try {
    const staff = await journal.staff.create({ name: 'Bench Supervisor', role: 'supervisor', pin: '0000' });
    if (!staff.ok) throw new Error(`bench: ${staff.error.message}`);
    const total = sales + 100;
    for (let i = 0; i < total; i++) {
      if (i % PER_SHIFT === 0 || i === sales) {
        if (i > 0 && !journal.shifts.close({ staffId: staff.value.id, countedKobo: 0 }).ok) throw new Error('bench: the shift did not close');
        if (!journal.shifts.open({ staffId: staff.value.id, floatKobo: 0 }).ok) throw new Error('bench: the shift did not open');
      }
      const input = saleInput(`LONG-${i}`);
      if (!journal.sales.createSent(input).ok || !journal.sales.transition(input.id, 'confirmed', { partnerAmountKobo: input.quoteKobo, partnerReference: `REF-${i}` }).ok) throw new Error('bench: a sale was not written');
    }
  } finally {
    journal.close();
  }
  return dir;
}
