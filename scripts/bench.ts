// `npm run bench`: every suite's figures in one table. Each suite measures medians and p99s, and
// sets them against a baseline it measures in the same run, so a slower machine moves both.
import { benchJournal } from './bench/journal';
import { benchLongJournal } from './bench/long-journal';
import { benchPartner } from './bench/partner';
import { benchPrinting } from './bench/printing';
import { benchSales } from './bench/sales';
import { benchPayments } from './bench/payments';
import { benchFleet } from './bench/fleet';
import { benchRenderer } from './bench/renderer';
import type { BenchRow } from './bench/types';
// @ts-expect-error a plain ES module shared with `npm start`, without type declarations
import { buildIfNeeded } from './build-if-needed.mjs';

const suites: [string, () => Promise<BenchRow[]>][] = [
  ['partner', benchPartner],
  ['journal', async () => [...(await benchJournal()), ...(await benchLongJournal())]],
  ['sales', benchSales],
  ['payments', benchPayments],
  ['fleet', benchFleet],
  ['printing', benchPrinting],
  ['renderer', benchRenderer],
];

const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h')) {
  console.log(`Usage: npm run bench [-- SUITE...]

Measures speed and memory and prints one table. Every figure is a median (with its p99) and sits
beside a baseline measured in the same run, so a slower or busier machine moves both.

Suites (all by default): ${suites.map(([name]) => name).join(', ')}.
Suites that drive the built app (renderer) build it first when the sources changed.
Run it on a quiet machine: other work on the same cores moves the medians.`);
  process.exit(0);
}
const unknown = args.filter((name) => !suites.some(([suite]) => suite === name));
if (unknown.length) {
  console.error(`bench: no suite named ${unknown.join(', ')}; the suites are ${suites.map(([name]) => name).join(', ')} (npm run bench -- --help)`);
  process.exit(2);
}
const only = args;
const needsBuild = ['renderer'];
if (needsBuild.some((suite) => !only.length || only.includes(suite)) && !buildIfNeeded({ label: 'bench' })) process.exit(1);
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
