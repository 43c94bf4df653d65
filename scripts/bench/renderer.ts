import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import zlib from 'node:zlib';
import { chromium, type Page } from '@playwright/test';
import { createSandbox, loadSeedCatalogue, SANDBOX_DEFAULT_API_KEY, startSandboxServer } from '../../electron/sandbox';
import { chromiumArgs, findChromium } from '../find-browser';
import { collectGarbage, heapParts } from './heap-snapshot';
import { kioskCustomerToPay } from '../../test/e2e/kiosk-customer';
import { callFromPage } from '../../test/e2e/page-contract';
import { median, percentile } from './stats';
import type { BenchRow } from './types';

const root = path.resolve(import.meta.dirname, '../..');
const HOTELS = 10_000;

const stats = (samples: number[]) => ({ median: median(samples), p99: percentile(samples, 0.99) });

/** Starts the built preview host against `partnerUrl`; resolves with its URL and a stop function. */
async function startHost(partnerUrl: string, extraArgs: string[] = []) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lobby-pos-bench-'));
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(root, 'out/main/host.js'), '--port', '0', '--data-dir', dataDir, '--partner-url', partnerUrl, ...extraArgs], {
    env: { ...process.env, POS_API_KEY: SANDBOX_DEFAULT_API_KEY },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk) => {
      out += chunk;
      const match = /preview: (http:\S+)/.exec(out);
      if (match) resolve(match[1]!);
    });
    child.once('exit', () => reject(new Error(out)));
  });
  // The host's data folder goes with it: a bench leaves nothing behind in the temp folder.
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) await new Promise<void>((done) => (child.once('exit', () => done()), child.kill('SIGTERM')));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { url, started, stop };
}

async function time(samples: number, run: () => Promise<number>) {
  const values: number[] = [];
  for (let i = 0; i < samples; i++) values.push(await run());
  return stats(values);
}

/**
 * What the people at the screen feel: the preview from a cold process to a usable Home, and a tap
 * to the next screen drawn (film list, hotel results on a 10,000-hotel partner, checkout after the
 * seat hold), each against one contract round trip from the page measured in the same run.
 */
export async function benchRenderer(): Promise<BenchRow[]> {
  if (!fs.existsSync(path.join(root, 'out/main/host.js'))) throw new Error('run `npm run build` first');
  const sandbox = createSandbox({ hotels: HOTELS });
  const server = await startSandboxServer({ sandbox, port: 0 });
  const browser = await chromium.launch({ executablePath: findChromium(), args: chromiumArgs });
  const rows: BenchRow[] = [];
  try {
    const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    const cold = await time(5, async () => {
      const host = await startHost(server.url);
      await page.goto(host.url);
      await page.getByRole('button', { name: /Cinema/ }).first().waitFor();
      const elapsed = performance.now() - host.started;
      await host.stop();
      return elapsed;
    });

    const host = await startHost(server.url);
    try {
      const fresh = async () => {
        await page.goto(host.url);
        await page.getByRole('button', { name: /Cinema/ }).first().waitFor();
      };
      const tap = async (open: (page: Page) => Promise<void>, ready: string) => {
        await fresh();
        // From the tap itself: click() returns only after the page has handled it.
        const started = performance.now();
        await open(page);
        await page.locator(ready).first().waitFor();
        return performance.now() - started;
      };
      await fresh();
      // A cashier signed in with a shift open, as at a real counter: holds are refused otherwise.
      await callFromPage(page, 'staff:setup', { name: 'Bench Supervisor', pin: '2468' });
      await callFromPage(page, 'shift:open', { floatKobo: 0 });
      const roundTrip = await time(30, async () =>
        page.evaluate(async () => {
          const token = document.querySelector<HTMLMetaElement>('meta[name="lobby-pos-host-token"]')!.content;
          const started = performance.now();
          await (await fetch('/rpc/app:health', { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: '{}' })).json();
          return performance.now() - started;
        }),
      );
      const films = await time(15, () => tap((p) => p.getByRole('button', { name: /Cinema/ }).first().click(), '.film-card'));
      const hotels = await time(15, () => tap((p) => p.getByRole('button', { name: /Hotels/ }).first().click(), '.hotel-card'));
      const checkout = await time(10, async () => {
        await fresh();
        await page.getByRole('button', { name: /Cinema/ }).first().click();
        await page.locator('.film-card').first().click();
        await page.getByRole('region', { name: 'Cinema' }).getByRole('button').first().click();
        await page.getByRole('region', { name: 'Showtime' }).getByRole('button').first().click();
        await page.locator('.ticket-row:not(.ticket-sold-out)').first().getByRole('button', { name: /^More:/ }).click();
        const started = performance.now();
        await page.getByRole('button', { name: 'Checkout' }).click();
        await page.getByRole('heading', { name: 'Checkout' }).waitFor();
        return performance.now() - started;
      });

      const ratio = (m: number) => `${(m / roundTrip.median).toFixed(1)}x one round trip (median)`;
      rows.push(
        { name: 'preview cold start: process spawn -> Home interactive', ...cold, unit: 'ms', note: '5 cold starts of the built host + page load' },
        { name: 'tap Cinema -> film list drawn', ...films, unit: 'ms', note: `15 taps, cold page each; ${ratio(films.median)}` },
        { name: `tap Hotels -> results drawn (${HOTELS.toLocaleString('en')}-hotel partner)`, ...hotels, unit: 'ms', note: `15 taps; ${ratio(hotels.median)}` },
        { name: 'tap Checkout -> checkout drawn (includes the seat hold)', ...checkout, unit: 'ms', note: `10 taps; ${ratio(checkout.median)}` },
        { name: 'baseline: one contract round trip from the page (app:health)', ...roundTrip, unit: 'ms', note: '30 calls over the preview transport' },
      );
    } finally {
      await host.stop();
    }
  } finally {
    await browser.close();
    await server.close();
  }

  rows.push(...(await benchKioskHeap()));

  const assets = path.join(root, 'out/renderer/assets');
  const js = fs.readdirSync(assets).filter((name) => name.endsWith('.js'));
  const raw = js.reduce((sum, name) => sum + fs.statSync(path.join(assets, name)).size, 0);
  const gzip = js.reduce((sum, name) => sum + zlib.gzipSync(fs.readFileSync(path.join(assets, name)), { level: 9 }).length, 0);
  rows.push({ name: 'renderer JavaScript, gzip -9 (KiB)', median: gzip / 1024, p99: gzip / 1024, unit: 'KiB', note: `${(raw / 1024).toFixed(0)} KiB before compression, ${js.length} file(s)` });
  return rows;
}

/** Kiosk sale cycles for the heap figure (issue 10: growth ≤ 10 % after 1,000). KIOSK_CYCLES overrides. */
const KIOSK_CYCLES = Number(process.env.KIOSK_CYCLES ?? 1000);

/**
 * The kiosk's JS heap after many customers: each cycle is a sale as a stranger makes it up to the
 * pay step (poster, time, one ticket held, details, summary), then Start over back to attract. The heap is
 * read after a forced GC once the first 50 cycles have filled the app's caches, and again at the end. V8
 * goes on compiling hotter functions well after cycle 50 (heap snapshots: ~590 KB of compiled code by
 * cycle 1,000, levelling off), and that is most of what the figure shows as growth.
 */
export async function benchKioskHeap(): Promise<BenchRow[]> {
  // Enough seats for every cycle: the seed catalogue with each ticket category made roomy.
  const seed = JSON.parse(JSON.stringify(loadSeedCatalogue()), (key, value) => (key === 'slots' ? 100_000 : value));
  const sandbox = createSandbox({ catalogue: seed });
  const server = await startSandboxServer({ sandbox, port: 0 });
  const browser = await chromium.launch({ executablePath: findChromium(), args: chromiumArgs });
  const host = await startHost(server.url, ['--profile', 'kiosk', '--kiosk-idle-seconds', '600']);
  try {
    const page = await browser.newPage({ viewport: { width: 1080, height: 1920 } });
    await page.goto(host.url);
    await callFromPage(page, 'staff:setup', { name: 'Bench Supervisor', pin: '2468' });
    await callFromPage(page, 'shift:open', { floatKobo: 0 });
    await callFromPage(page, 'staff:sign-out', {});
    await page.reload();
    const cdp = await page.context().newCDPSession(page);
    const heap = async () => {
      await collectGarbage(cdp);
      return (await cdp.send('Runtime.getHeapUsage')).usedSize;
    };
    const cycle = async (i: number) => {
      await kioskCustomerToPay(page, i % 3, { name: 'Bench Customer', email: 'bench@example.com' });
      await page.getByRole('button', { name: /^Pay / }).waitFor();
      // The card terminal's own screens are the payments suite's; the customer leaves at the pay
      // step (Start over gives the seats back and forgets them), as the next one arrives.
      await page.getByRole('button', { name: 'Start over' }).click();
      await page.getByRole('heading', { name: 'Welcome' }).waitFor();
    };
    const warm = Math.min(50, KIOSK_CYCLES);
    for (let i = 0; i < warm; i++) await cycle(i);
    const before = await heap();
    const partsBefore = await heapParts(cdp);
    const started = performance.now();
    for (let i = warm; i < KIOSK_CYCLES; i++) await cycle(i);
    const perCycle = (performance.now() - started) / Math.max(1, KIOSK_CYCLES - warm);
    const after = await heap();
    const partsAfter = await heapParts(cdp);
    const growth = ((after - before) / before) * 100;
    const appGrowth = ((partsAfter.app - partsBefore.app) / partsBefore.app) * 100;
    const kib = (bytes: number) => `${bytes >= 0 ? '+' : ''}${(bytes / 1024).toFixed(0)} KiB`;
    return [
      {
        name: `kiosk JS heap growth after ${KIOSK_CYCLES} customer cycles to the pay step (Chromium)`,
        median: growth,
        p99: growth,
        unit: '%',
        note: `${(before / 1048576).toFixed(1)} MiB after ${warm} warm-up cycles -> ${(after / 1048576).toFixed(1)} MiB; ${perCycle.toFixed(0)} ms a cycle; target <= 10 %`,
      },
      {
        name: `kiosk heap growth after ${KIOSK_CYCLES} customer cycles, the app's own objects (heap snapshots)`,
        median: appGrowth,
        p99: appGrowth,
        unit: '%',
        note: `${(partsBefore.app / 1048576).toFixed(2)} -> ${(partsAfter.app / 1048576).toFixed(2)} MiB; beside it V8's code ${kib(partsAfter.code - partsBefore.code)}, its number cache ${kib(partsAfter.engineCaches - partsBefore.engineCaches)}, DevTools' request records ${kib(partsAfter.devtools - partsBefore.devtools)}, Chromium's performance timeline ${kib(partsAfter.timeline - partsBefore.timeline)}`,
      },
    ];
  } finally {
    await host.stop();
    await browser.close();
    await server.close();
  }
}
