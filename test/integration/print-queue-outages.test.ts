import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultPrintQueueTuning } from '../../electron/printing';
import { startFakePrinter, type FakePrinter, type FakePrinterMode } from '../helpers/fake-printer';
import { startSalesPartner, value, type SalesPartner } from '../helpers/sales-fixture';
import { jobConnections, openPrintTill, printedReceipts, sellTickets, waitFor, type PrintTill } from '../helpers/print-queue-till';

/**
 * The printer goes away, runs out of paper, opens its cover or stops answering; each case ends with
 * every receipt on paper exactly once, in the order the sales were confirmed, and the times that
 * matter measured on a real clock: from the printer answering again to the first waiting receipt
 * on paper (goal 2 s), and from paper running out to the screen saying so with nobody asking
 * (goal 4 s). The status polling and the retry pauses are the production ones wherever a time is
 * measured; the outages themselves are real (12 s and 64 s).
 */

let partner: SalesPartner;
beforeAll(async () => {
  partner = await startSalesPartner();
});
afterAll(async () => {
  await partner.close();
});

/**
 * The goals are 2 s and 4 s, and the figures printed below are what to compare with them. The
 * assertions allow three times that: enough to catch a queue that waits out a long retry pause or
 * stops polling, without failing a run because the machine is busy (speed is measured, not tested).
 */
const backSoonMs = 3 * 2_000;
const noticedSoonMs = 3 * 4_000;

/** What each case measured, printed at the end for the report. */
const measured: string[] = [];
afterAll(() => {
  if (measured.length > 0) console.log(`print queue timings:\n  ${measured.join('\n  ')}`);
});

async function setUp(mode: FakePrinterMode, options: { production?: boolean; tuning?: Partial<typeof defaultPrintQueueTuning> } = {}) {
  const printer = await startFakePrinter({ mode });
  // Production timings (status polls, retry pauses); only a try's own deadline is shortened for the silent printer.
  const till = openPrintTill({
    partnerUrl: partner.url,
    printer,
    ...(options.production ? { tuning: { ...defaultPrintQueueTuning, attemptDeadlineMs: 2_000, statusDeadlineMs: 1_000, ...options.tuning } } : {}),
  });
  return {
    printer,
    till,
    async close() {
      await till.close();
      await printer.close();
    },
  };
}

/** The sale ids on paper, one per whole receipt, in the order the printer received them. */
const saleIdsOnPaper = (printer: FakePrinter): string[] =>
  printedReceipts(printer, 'epson').map((lines) => {
    const line = lines.find((text) => text.startsWith('Sale '));
    if (!line) throw new Error('a receipt without its Sale line');
    return line.split(/\s+/).at(-1)!;
  });

const receiptNumbersOnPaper = (printer: FakePrinter): number[] =>
  printedReceipts(printer, 'epson').map((lines) => Number(/T01-(\d{6})$/.exec(lines.find((text) => text.startsWith('Receipt no.'))!)![1]));

async function sell(till: PrintTill, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) ids.push((await sellTickets(till, [['Regular', 1]])).sale.id);
  return ids;
}

/** Switches the printer back on and measures how long until the first receipt's last byte arrives. */
async function backOn(printer: FakePrinter, expected: number, within = 30_000): Promise<number> {
  const before = jobConnections(printer).length;
  await printer.setMode('ready');
  const back = performance.now();
  await waitFor(`${expected} receipts on paper`, () => printedReceipts(printer, 'epson').length >= expected, within);
  const first = printer.connections().filter((connection) => connection.bytes.length > 16)[before];
  return first!.lastByteAt! - back;
}

async function allPrinted(till: PrintTill, saleIds: string[]) {
  for (const saleId of saleIds) {
    await waitFor(`the receipt of ${saleId} to be marked printed`, () => {
      const jobs = value(till.journal.printJobs.list({ saleId }));
      return jobs.length === 1 && jobs[0]!.state === 'printed';
    });
  }
}

/**
 * The journal marks a receipt printed once its last byte is handed to the operating system (for a
 * printer that is not asked, nothing more can be known); the printer reads it a moment later, on a
 * busy machine after the test has looked. So the paper is waited for before it is compared.
 */
async function expectExactlyOnceInOrder(printer: FakePrinter, saleIds: string[]) {
  await waitFor(`${saleIds.length} receipts on paper`, () => printedReceipts(printer, 'epson').length >= saleIds.length).catch(() => undefined);
  const onPaper = saleIdsOnPaper(printer);
  expect(onPaper).toEqual(saleIds);
  const numbers = receiptNumbersOnPaper(printer);
  expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
  expect(new Set(numbers).size).toBe(numbers.length);
  expect(printedReceipts(printer, 'epson').every((lines) => !lines.some((text) => text.startsWith('COPY')))).toBe(true);
}

describe('the printer switched off, then back', () => {
  for (const seconds of [12, 64]) {
    it.concurrent(`off for ${seconds} s: the first waiting receipt prints within 2 s of the printer answering, all in order, once`, { timeout: (seconds + 60) * 1_000 }, async () => {
      const setup = await setUp('off', { production: true });
      try {
        const off = performance.now();
        const saleIds = await sell(setup.till, 3);
        // The retry pauses have grown by now (2, 4, 8, 16, 32 s...); the printer's return must cut them short.
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, seconds * 1_000 - (performance.now() - off))));
        expect(printedReceipts(setup.printer, 'epson')).toHaveLength(0);
        const latency = await backOn(setup.printer, 3);
        measured.push(`off ${seconds} s -> first receipt ${Math.round(latency)} ms after the printer answered again`);
        expect(latency).toBeLessThanOrEqual(backSoonMs);
        await allPrinted(setup.till, saleIds);
        await expectExactlyOnceInOrder(setup.printer, saleIds);
        expect(value(setup.till.journal.sales.get(saleIds[0]!))!.state).toBe('confirmed');
      } finally {
        await setup.close();
      }
    });
  }
});

describe('20 receipts', () => {
  it('queued while the printer is off print in the order of their sales, once each, as soon as it is back', { timeout: 120_000 }, async () => {
    const setup = await setUp('off', { production: true });
    try {
      const saleIds = await sell(setup.till, 20);
      const latency = await backOn(setup.printer, 20, 60_000);
      measured.push(`20 queued while off -> first receipt ${Math.round(latency)} ms after the printer answered again`);
      expect(latency).toBeLessThanOrEqual(backSoonMs);
      await allPrinted(setup.till, saleIds);
      await expectExactlyOnceInOrder(setup.printer, saleIds);
    } finally {
      await setup.close();
    }
  });

  it('sold while the printer comes back in the middle print in order, once each', { timeout: 120_000 }, async () => {
    const setup = await setUp('off', { production: true });
    try {
      const early = await sell(setup.till, 10);
      const [comeback, late] = await Promise.all([backOn(setup.printer, 1), sell(setup.till, 10)]);
      measured.push(`back in the middle of 20 sales -> first receipt ${Math.round(comeback)} ms after the printer answered again`);
      expect(comeback).toBeLessThanOrEqual(backSoonMs);
      const saleIds = [...early, ...late];
      await allPrinted(setup.till, saleIds);
      await expectExactlyOnceInOrder(setup.printer, saleIds);
    } finally {
      await setup.close();
    }
  });
});

describe('paper and cover', () => {
  for (const mode of ['paper-out', 'cover-open'] as const) {
    it(`${mode}: seen on screen without anyone asking, receipts wait untried, then print once, in order`, { timeout: 60_000 }, async () => {
      const setup = await setUp('ready', { production: true });
      try {
        await waitFor('the first status check', () => setup.till.statuses.some((status) => status.state === 'ready'));
        const seenBefore = setup.till.statuses.length;
        // The status strip on every screen hears of it too (app:health-changed), not only the printer panel.
        let stripDownAt: number | null = null;
        setup.till.pos.events.subscribe((event, payload) => {
          if (event === 'app:health-changed' && (payload as { printer: { state: string } }).printer.state === 'down') stripDownAt ??= performance.now();
        });
        await setup.printer.setMode(mode);
        const happened = performance.now();
        // Nobody calls printer:status here: only the till's own polling can notice.
        await waitFor(`the screen to be told ${mode}`, () => setup.till.statuses.slice(seenBefore).some((status) => status.state === mode), 10_000);
        const noticed = performance.now() - happened;
        measured.push(`${mode} noticed unasked after ${Math.round(noticed)} ms`);
        expect(noticed).toBeLessThanOrEqual(noticedSoonMs);
        expect(setup.till.statuses.at(-1)).toMatchObject({ state: mode, health: 'down' });
        const strip = await waitFor('the status strip to say the printer is down', () => stripDownAt ?? false, 4_000);
        measured.push(`${mode} on the status strip after ${Math.round(strip - happened)} ms`);
        expect(strip - happened).toBeLessThanOrEqual(noticedSoonMs);

        const saleIds = await sell(setup.till, 3);
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        const waiting = value(setup.till.journal.printJobs.list({ states: ['queued'] }));
        expect(waiting).toHaveLength(3);
        expect(waiting.every((job) => job.attempts === 0)).toBe(true);
        expect(printedReceipts(setup.printer, 'epson')).toHaveLength(0);

        const latency = await backOn(setup.printer, 3);
        measured.push(`${mode} fixed -> first receipt ${Math.round(latency)} ms later`);
        expect(latency).toBeLessThanOrEqual(backSoonMs);
        await allPrinted(setup.till, saleIds);
        await expectExactlyOnceInOrder(setup.printer, saleIds);
      } finally {
        await setup.close();
      }
    });
  }
});

describe('a silent printer (takes connections, never answers)', () => {
  it('gets nothing sent, says it is not answering, and prints everything once and in order when it answers again', { timeout: 60_000 }, async () => {
    const setup = await setUp('silent', { production: true });
    try {
      const saleIds = await sell(setup.till, 3);
      const strip = await waitFor('the strip to say the printer is not answering', () => setup.till.statuses.find((status) => status.state === 'unknown'), 10_000);
      expect(strip).toMatchObject({ health: 'degraded' });
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      // Only status questions went out: a printer that does not answer is never sent a receipt.
      expect(setup.printer.connections().every((connection) => connection.bytes.length <= 9)).toBe(true);
      expect(value(setup.till.journal.printJobs.list({ states: ['queued'] }))).toHaveLength(3);

      const latency = await backOn(setup.printer, 3);
      measured.push(`silent printer answering again -> first receipt ${Math.round(latency)} ms later`);
      expect(latency).toBeLessThanOrEqual(backSoonMs);
      await allPrinted(setup.till, saleIds);
      await expectExactlyOnceInOrder(setup.printer, saleIds);
    } finally {
      await setup.close();
    }
  });
});

describe('a printer that never answers, set not to be asked (printer.askStatus no)', () => {
  it('prints the receipts that waited for its answer once each and in order, then every later one, nothing but the receipts; the strip says it is not asked', { timeout: 60_000 }, async () => {
    const printer = await startFakePrinter({ mode: 'silent' });
    const production = { ...defaultPrintQueueTuning, attemptDeadlineMs: 2_000, statusDeadlineMs: 1_000 };
    // Asked, as by default: it never answers, so nothing is sent and the receipts wait.
    let till = openPrintTill({ partnerUrl: partner.url, printer, tuning: production });
    try {
      const waited = await sell(till, 2);
      await waitFor('the strip to say the printer is not answering', () => till.statuses.find((status) => status.state === 'unknown' && status.checkedAt !== null), 10_000);
      expect(jobConnections(printer)).toHaveLength(0);
      // Staff set Ask the printer for its status to No, and restart.
      await till.close({ keepData: true });
      till = openPrintTill({ partnerUrl: partner.url, printer, dataDir: till.dataDir, askStatus: 'no', tuning: production });
      await allPrinted(till, waited);
      const later = await sell(till, 1);
      await allPrinted(till, later);
      await expectExactlyOnceInOrder(printer, [...waited, ...later]);
      // After the restart not one status question (DLE EOT) went out: each connection carries a receipt and nothing before it.
      expect(jobConnections(printer)).toHaveLength(3);
      expect(jobConnections(printer).every((connection) => connection.bytes[0] !== 0x10)).toBe(true);
      const strip = await waitFor('the strip to speak of the printer', () => till.statuses.at(-1));
      expect(strip).toMatchObject({ state: 'ready', health: 'ok', words: { label: 'printerReady', said: { key: 'said.printer.notAsked' } } });
      expect(till.statuses.some((status) => status.state === 'unknown' && status.checkedAt !== null)).toBe(false);
    } finally {
      await till.close();
      await printer.close();
    }
  });
});

describe('Print now', () => {
  /**
   * One sale whose receipt's first try failed on a printer in `mode`, with production pauses and no
   * status poll for a minute; the printer is back (`ready`) and staff press Print now: it answers
   * printed, and the receipt is on paper. Returns how long the answer took.
   */
  async function printNowAfterAFailedTry(mode: FakePrinterMode): Promise<number> {
    const setup = await setUp(mode, { production: true, tuning: { idlePollMs: 60_000, outagePollMs: 60_000 } });
    try {
      const [saleId] = await sell(setup.till, 1);
      await waitFor('a failed try', () => {
        const [job] = value(setup.till.journal.printJobs.list({ saleId }));
        return job!.attempts >= 1 && job!.state === 'queued';
      }, 10_000);
      await setup.printer.setMode('ready');
      expect(saleIdsOnPaper(setup.printer)).toEqual([]);
      const job = value(setup.till.journal.printJobs.list({ saleId }))[0]!;
      const pressed = performance.now();
      const answer = value(await setup.till.pos.api['print:retry']({ jobId: job.id }));
      const ms = performance.now() - pressed;
      expect(answer).toMatchObject({ id: job.id, state: 'printed', copyNumber: 0 });
      expect(saleIdsOnPaper(setup.printer)).toEqual([saleId]);
      return ms;
    } finally {
      await setup.close();
    }
  }

  it('prints a waiting receipt at once, even while its retry pause has minutes to run', { timeout: 60_000 }, async () => {
    // The printer was off; it is back but the till will not look again for a minute: only Print now can send it.
    const ms = await printNowAfterAFailedTry('off');
    measured.push(`Print now on a waiting job -> printed ${Math.round(ms)} ms after the press`);
  });

  it('answers with the try it asked for, not with the failed one still asking the printer how it is', { timeout: 60_000 }, async () => {
    // A silent printer: after a failed try the till asks it for its status and waits a second for
    // an answer. Print now pressed during that second must wait for its own try, not that one's end.
    await printNowAfterAFailedTry('silent');
  });
});
