// `npm run bench`: every suite's figures in one table. Each suite measures medians and p99s, and
// sets them against a baseline it measures in the same run, so a slower machine moves both.
import { benchJournal } from './bench/journal';
import { benchPartner } from './bench/partner';
import { benchPrinting } from './bench/printing';
import { benchSales } from './bench/sales';
import { benchRenderer } from './bench/renderer';
import type { BenchRow } from './bench/types';

const suites: [string, () => Promise<BenchRow[]>][] = [
  ['partner', benchPartner],
  ['journal', benchJournal],
  ['sales', benchSales],
  ['printing', benchPrinting],
  ['renderer', benchRenderer],
];

const only = process.argv.slice(2);
const rows: [string, BenchRow][] = [];
for (const [suite, run] of suites) {
  if (only.length && !only.includes(suite)) continue;
  process.stderr.write(`bench: ${suite}…\n`);
  for (const row of await run()) rows.push([suite, row]);
}

const format = (value: number) => (value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2));
const table = [['suite', 'measure', 'median', 'p99', 'unit', 'note'], ...rows.map(([suite, r]) => [suite, r.name, format(r.median), format(r.p99), r.unit, r.note ?? ''])];
const widths = table[0]!.map((_, column) => Math.max(...table.map((line) => line[column]!.length)));
for (const [i, line] of table.entries()) {
  console.log(line.map((cell, column) => cell.padEnd(widths[column]!)).join('  ').trimEnd());
  if (i === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '));
}
console.log(`\nnode ${process.version}, ${process.platform}/${process.arch}, ${new Date().toISOString()}`);
