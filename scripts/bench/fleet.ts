import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { silentLogger } from '../../electron/core/logger';
import { applyCentralMigrations } from '../../electron/fleet/central-migrations';
import { connectFleet } from '../../electron/fleet/connection';
import { createShipper, type Shipper } from '../../electron/fleet/shipper';
import { journalFile, openChainOutbox } from '../../electron/journal';
import { bulkSell, openSellingJournal, type SellingJournal } from '../../test/helpers/chain-fixture';
import { startTestPostgres, type TestPostgres } from '../../test/helpers/postgres';
import { median, percentile, round } from './stats';
import type { BenchRow } from './types';

const THROUGHPUT_RUNS = 3;
const THROUGHPUT_LINKS = 20_000;
const CATCH_UP_RUNS = 2;
const CATCH_UP_LINKS = 50_000;
const SALES = 300;
const WARM_UP = 20;

/**
 * Shipping to a local PostgreSQL (Debian's, in a temp folder, as the tests run it):
 * - rows per second shipped, batches of 500, the central chain check included;
 * - how long a till that was offline for a week with 50,000 records takes to catch up;
 * - the sale's own journal work (create with tender, sent, confirmed: three fsynced commits)
 *   with shipping on and off, interleaved sale by sale in the same process, so the ratio shows
 *   what shipping costs a sale (the bar: 1.05 at most).
 */
export async function benchFleet(): Promise<BenchRow[]> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lobby-bench-fleet-'));
  let server: TestPostgres | null = null;
  try {
    server = await startTestPostgres();
    const admin = await server.client();
    await applyCentralMigrations(admin);
    await admin.end();
    const url = server.url;
    /** `asInTheApp`: the shipper's own pace (a nudge ships within 200 ms, else a 1 s poll); otherwise it polls every 5 ms. */
    const ship = (file: string, terminalId: string, asInTheApp = false): Shipper => {
      const shipper = createShipper({
        outbox: openChainOutbox({ file, terminalId }),
        connect: () => connectFleet({ databaseUrl: url, tls: 'off' }),
        logger: silentLogger,
        tuning: asInTheApp ? {} : { pollMs: 5, heartbeatMs: 60_000 },
      });
      shipper.start();
      return shipper;
    };
    const drained = async (shipper: Shipper, head: number) => {
      while (shipper.status().backlog.ackedSeq < head || shipper.status().backlog.count > 0) await new Promise((resolve) => setTimeout(resolve, 2));
    };
    /** A till journal holding `links` unsent links dated from `from`, written in one go. */
    const backlogged = async (terminalId: string, links: number, from: Date) => {
      const dir = fs.mkdtempSync(path.join(root, `${terminalId}-`));
      const till = await openSellingJournal({ dir, terminalId });
      till.journal.close();
      bulkSell(journalFile(dir), { terminalId, sales: Math.ceil((links - 1) / 7), from, stepMs: Math.floor((7 * 24 * 3600_000) / (links / 7)) });
      const outbox = openChainOutbox({ file: journalFile(dir), terminalId });
      const head = outbox.headSeq();
      outbox.close();
      return { file: journalFile(dir), head };
    };

    const rates: number[] = [];
    for (let run = -1; run < THROUGHPUT_RUNS; run++) {
      const { file, head } = await backlogged(`TP${run}`, THROUGHPUT_LINKS, new Date(Date.now() - 3600_000));
      const started = performance.now();
      const shipper = ship(file, `TP${run}`);
      await drained(shipper, head);
      // Run -1 warms PostgreSQL up (caches, the chain check's plan) and is not counted.
      if (run >= 0) rates.push(head / ((performance.now() - started) / 1000));
      await shipper.stop();
    }

    const catchUps: number[] = [];
    for (let run = 0; run < CATCH_UP_RUNS; run++) {
      const { file, head } = await backlogged(`CU${run}`, CATCH_UP_LINKS, new Date(Date.now() - 7 * 24 * 3600_000));
      const started = performance.now();
      const shipper = ship(file, `CU${run}`);
      await drained(shipper, head);
      catchUps.push((performance.now() - started) / 1000);
      await shipper.stop();
    }

    // Two tills in the same folder: one ships as it sells, the other does not.
    const on = await openSellingJournal({ dir: fs.mkdtempSync(path.join(root, 'on-')), terminalId: 'ON' });
    const off = await openSellingJournal({ dir: fs.mkdtempSync(path.join(root, 'off-')), terminalId: 'OFF' });
    const shipper = ship(on.journal.file, 'ON', true);
    const timeSale = (till: SellingJournal, id: string) => {
      const started = performance.now();
      till.sell(id);
      return performance.now() - started;
    };
    const withShipping: number[] = [];
    const withoutShipping: number[] = [];
    for (let i = 0; i < WARM_UP + SALES; i++) {
      // Alternate which goes first, so neither always follows the other's fsync.
      const first = i % 2 === 0;
      const a = first ? timeSale(on, `ON-${i}`) : timeSale(off, `OFF-${i}`);
      shipper.nudge();
      // Let the shipper run between sales, as it does between a real till's sales.
      await new Promise((resolve) => setImmediate(resolve));
      const b = first ? timeSale(off, `OFF-${i}`) : timeSale(on, `ON-${i}`);
      shipper.nudge();
      await new Promise((resolve) => setImmediate(resolve));
      if (i < WARM_UP) continue;
      withShipping.push(first ? a : b);
      withoutShipping.push(first ? b : a);
    }
    // Every sale of the "on" till reached head office by the end: it really shipped while it sold.
    const onHead = openChainOutbox({ file: on.journal.file, terminalId: 'ON' });
    const onHeadSeq = onHead.headSeq();
    onHead.close();
    shipper.nudge();
    await drained(shipper, onHeadSeq);
    await shipper.stop();
    on.journal.close();
    off.journal.close();

    const ratio = median(withShipping) / median(withoutShipping);
    return [
      { name: `rows shipped per second (batches of 500, ${THROUGHPUT_LINKS} links)`, median: round(median(rates)), p99: round(Math.min(...rates)), unit: 'rows/s', note: `${THROUGHPUT_RUNS} runs; p99 column: slowest run` },
      { name: 'catch-up of 50,000 records (a week offline)', median: round(median(catchUps)), p99: round(Math.max(...catchUps)), unit: 's', note: `${CATCH_UP_RUNS} runs; p99 column: slowest run` },
      { name: 'sale journal work, shipping off (create+sent+confirmed)', median: round(median(withoutShipping)), p99: round(percentile(withoutShipping, 0.99)), unit: 'ms', note: 'baseline' },
      { name: 'sale journal work, shipping on', median: round(median(withShipping)), p99: round(percentile(withShipping, 0.99)), unit: 'ms', note: `${ratio.toFixed(3)}× shipping off (bar: 1.05)` },
    ];
  } finally {
    await server?.stop();
    fs.rmSync(root, { recursive: true, force: true });
  }
}
