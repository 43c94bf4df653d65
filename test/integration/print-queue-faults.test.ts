import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openJournal, journalFile } from '../../electron/journal';
import type { Health } from '../../shared/app';
import { startFakePrinter, type FakePrinter } from '../helpers/fake-printer';
import { customer, findShowing, newSaleId, readyToSell, selectionOf, startSalesPartner, value, type SalesPartner } from '../helpers/sales-fixture';
import { jobConnections, openPrintTill, printedReceipts, sellAtKiosk, sellTickets, waitFor, type PrintTill } from '../helpers/print-queue-till';

/**
 * The printer misbehaves; the sale never does. Each case uses its own till, journal file and fake
 * TCP printer, and real sales against the sandbox over HTTP.
 */

let partner: SalesPartner;
const open: Array<{ close(): Promise<void> }> = [];

beforeAll(async () => {
  partner = await startSalesPartner();
});
afterEach(async () => {
  // Tills first (they stop printing), then the printers they print to.
  for (const thing of open.splice(0).reverse()) await thing.close();
});
afterAll(async () => {
  await partner.close();
});

async function printerIn(mode: Parameters<typeof startFakePrinter>[0] extends infer O ? (O extends { mode?: infer M } ? M : never) : never) {
  const printer = await startFakePrinter({ mode });
  open.push(printer);
  return printer;
}
function till(printer: FakePrinter, options: Omit<Parameters<typeof openPrintTill>[0], 'partnerUrl' | 'printer'> = {}): PrintTill {
  const opened = openPrintTill({ partnerUrl: partner.url, printer, ...options });
  open.push(opened);
  return opened;
}
const journalJob = (t: PrintTill, saleId: string) => value(t.journal.printJobs.list({ saleId })).find((job) => job.kind === 'receipt');
const receiptJob = async (t: PrintTill, saleId: string) => value(await t.pos.api['print:jobs']({ saleId, limit: 10 })).jobs.find((job) => job.kind === 'receipt');

describe('printer switched off', () => {
  it('fails the job with the reason within seconds, keeps the sale, and prints once when retried after it is back', async () => {
    const printer = await printerIn('off');
    const t = till(printer, { retryPolicy: { deadlineMs: 1_500, firstDelayMs: 100, maxDelayMs: 400 } });
    const { sale } = await sellTickets(t);

    const failed = await waitFor('the receipt job to fail', async () => {
      const job = await receiptJob(t, sale.id);
      return job?.state === 'failed' && job;
    }, 4_000);
    expect(failed.lastError).toMatch(/cannot be reached \(it refused the connection\)/);
    // The same words as a shared sentence, for a screen in another language.
    expect(failed.lastErrorSaid).toEqual({
      key: 'said.printer.unreachable',
      values: { where: `127.0.0.1:${printer.port}`, why: 'refused', wait: expect.any(Number), detail: expect.any(String) },
      then: { key: 'said.print.notSent' },
    });
    expect(failed.attempts).toBeGreaterThan(1);
    expect(value(await t.pos.api['sale:get']({ saleId: sale.id })).state).toBe('confirmed');
    expect(value(t.journal.sales.get(sale.id))!.state).toBe('confirmed');

    const status = value(await t.pos.api['printer:status']({}));
    expect(status).toMatchObject({ state: 'offline', health: 'down', label: `Printer offline (127.0.0.1:${printer.port})` });
    expect(status.detail).toMatch(/cannot be reached/);
    expect(status.words?.said).toMatchObject({ key: 'said.printer.unreachable', values: { why: 'refused' } });
    expect(value(await t.pos.api['app:health']({ refresh: true })).printer.state).toBe('down');

    await printer.setMode('ready');
    const retried = value(await t.pos.api['print:retry']({ jobId: failed.id }));
    expect(retried).toMatchObject({ id: failed.id, state: 'printed', copyNumber: 0 });
    const receipts = printedReceipts(printer, 'epson');
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.join('\n')).toContain(sale.partnerReference);
    expect(receipts[0]!.join('\n')).not.toContain('COPY');
    // A printed job cannot be retried into a second original.
    expect(await t.pos.api['print:retry']({ jobId: failed.id })).toMatchObject({ ok: false, error: { code: 'CONFLICT' } });
    await waitFor('the status to say ready', () => t.statuses.some((s) => s.state === 'ready'));
  });
});

describe('stalled printer (accepts the connection, never reads)', () => {
  it('is cut off by our own deadline, nothing counts as printed, and it prints once the printer recovers', async () => {
    const printer = await printerIn('stalled');
    const t = till(printer, { retryPolicy: { deadlineMs: 60_000, firstDelayMs: 200, maxDelayMs: 400 } });
    const { sale } = await sellTickets(t);

    const tried = await waitFor('a try to end', async () => {
      const job = await receiptJob(t, sale.id);
      return job && job.attempts >= 1 && job.state !== 'printing' && job.lastError !== null && job;
    });
    expect(tried.state).toBe('queued');
    expect(tried.lastError).toMatch(/did not answer within 1 s, so the receipt was not sent/);
    const strip = await waitFor('the strip to say it is not answering', () => t.statuses.find((s) => s.state === 'unknown'));
    expect(strip).toMatchObject({ health: 'degraded', label: `Printer not answering at 127.0.0.1:${printer.port}` });

    await printer.setMode('ready');
    const printed = await waitFor('the receipt to print', async () => {
      const job = await receiptJob(t, sale.id);
      return job?.state === 'printed' && job;
    });
    expect(printed.attempts).toBeGreaterThan(1);
    expect(printedReceipts(printer, 'epson')).toHaveLength(1);
  });
});

describe('a group sale with a stub per ticket, on a printer that takes bytes only as fast as it prints', () => {
  it('gets the time its paper takes: printed whole, once, not failed half way through the stubs', async () => {
    // 1 KB of buffer, then 1.5 KB a second: the receipt and its 12 stubs take longer than one ordinary try (1 s here).
    const printer = await startFakePrinter({ bytesPerSecond: 1_500 });
    open.push(printer);
    const t = till(printer, { ticketStubs: true });
    const { sale } = await sellTickets(t, [['Regular', 12]]);
    const tried = await waitFor('the receipt to be tried', async () => {
      const job = await receiptJob(t, sale.id);
      return job && job.state !== 'queued' && job.state !== 'printing' && job;
    });
    expect(tried).toMatchObject({ state: 'printed', attempts: 1, lastError: null });
    const receipts = printedReceipts(printer, 'epson');
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.filter((line) => line.includes('ADMIT ONE'))).toHaveLength(12);
  });
});

describe('printer out of paper', () => {
  it('says so, keeps the job waiting without using up tries or its deadline, and prints once when paper is back', async () => {
    const printer = await printerIn('paper-out');
    // A deadline shorter than the wait: waiting for paper must not count against it.
    const t = till(printer, { type: 'star', columns: 32, retryPolicy: { deadlineMs: 1_000, firstDelayMs: 100, maxDelayMs: 200 } });
    const { sale } = await sellTickets(t);

    const strip = await waitFor('the paper-out status', () => t.statuses.find((s) => s.state === 'paper-out'));
    expect(strip).toMatchObject({ health: 'down', label: 'Printer out of paper' });
    expect(strip.detail).toMatch(/out of paper/);
    expect(value(await t.pos.api['printer:status']({ refresh: true })).state).toBe('paper-out');
    expect(value(await t.pos.api['app:health']({ refresh: true })).printer).toMatchObject({ state: 'down', label: 'Printer out of paper' });

    // Longer than the job's deadline, with the printer asked many times meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const waiting = (await receiptJob(t, sale.id))!;
    expect(waiting).toMatchObject({ state: 'queued', attempts: 0 });
    expect(jobConnections(printer)).toHaveLength(0);
    // "Print again" meanwhile answers at once with the original itself: nothing is on paper yet, so there is no copy.
    const again = value(await t.pos.api['receipt:reprint']({ saleId: sale.id }));
    expect(again).toMatchObject({ id: waiting.id, kind: 'receipt', state: 'queued', attempts: 0, copyNumber: 0 });

    // Staff open the cover to load the roll: the screens' status strip hears of it, though the printer stays "down".
    const pushed: Health[] = [];
    t.pos.events.subscribe((event, payload) => {
      if (event === 'app:health-changed') pushed.push(payload as Health);
    });
    await printer.setMode('cover-open');
    await waitFor('the strip to say the cover is open', () => pushed.some((health) => health.printer.label === 'Printer cover open'));

    await printer.setMode('ready');
    const printed = await waitFor('the original to print', async () => {
      const jobs = value(await t.pos.api['print:jobs']({ saleId: sale.id })).jobs;
      return jobs.length === 1 && jobs[0]!.state === 'printed' && jobs[0];
    });
    expect(printed.attempts).toBe(1);
    const receipts = printedReceipts(printer, 'star');
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.join('\n')).toContain(sale.partnerReference);
    expect(receipts[0]!.join('\n')).not.toContain('COPY');
    expect(t.statuses.map((s) => s.state)).toContain('ready');
    expect(value(t.journal.sales.get(sale.id))!.state).toBe('confirmed');
  });
});

describe('printer jams in the middle of a receipt', () => {
  it('is not retried blindly: failed for staff, who reprint it as a COPY', async () => {
    const printer = await printerIn('jammed');
    const t = till(printer, { retryPolicy: { deadlineMs: 60_000, firstDelayMs: 50, maxDelayMs: 100 } });
    const { sale } = await sellTickets(t);

    const failed = await waitFor('the receipt job to fail', async () => {
      const job = await receiptJob(t, sale.id);
      return job?.state === 'failed' && job;
    });
    expect(failed.lastError).toMatch(/Part of it may have printed/);
    expect(failed.lastError).toMatch(/use Print again \(it prints a COPY\)/);
    expect(failed.lastErrorSaid).toMatchObject({ key: 'said.print.stoppedTaking', then: { key: 'said.print.notSentAgain' } });
    expect(failed.mayHavePrinted).toBe(true);
    // The original may be on paper: it is never sent again, even when staff ask.
    expect(t.journal.printJobs.retry(failed.id)).toMatchObject({ ok: false, error: { code: 'CONFLICT' } });
    // Many backoff periods later it has still been tried only once.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await receiptJob(t, sale.id)).toMatchObject({ state: 'failed', attempts: 1 });
    printer.clear();

    await printer.setMode('ready');
    // "Print again" on the failed job in the printer panel prints a COPY, and the failed job is settled by it.
    const copy = value(await t.pos.api['print:retry']({ jobId: failed.id }));
    expect(copy).toMatchObject({ kind: 'reprint', copyNumber: 1, state: 'printed' });
    expect(await receiptJob(t, sale.id)).toMatchObject({ state: 'failed', supersededBy: copy.id });
    const receipts = printedReceipts(printer, 'epson');
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.filter((line) => line.trim() === 'COPY 1')).toHaveLength(2);
    expect(receipts[0]!.join(' ')).toMatch(/Printed .* by Bola Adeyemi/);
  });
});

describe('the paper runs out under a receipt', () => {
  it('is not called printed: failed for staff, never sent again by itself, and Print again makes a COPY once the roll is in', async () => {
    const printer = await printerIn('runs-out');
    const t = till(printer, { retryPolicy: { deadlineMs: 60_000, firstDelayMs: 50, maxDelayMs: 100 } });
    const { sale } = await sellTickets(t);

    const failed = await waitFor('the receipt job to fail', async () => {
      const job = await receiptJob(t, sale.id);
      return job?.state === 'failed' && job;
    });
    expect(failed).toMatchObject({ mayHavePrinted: true, attempts: 1 });
    expect(failed.lastError).toMatch(/ran out of paper/);
    expect(failed.lastErrorSaid).toMatchObject({ key: 'said.print.stoppedDuring', values: { stopped: 'paperOut' }, then: { key: 'said.print.notSentAgain' } });
    await waitFor('the strip to say out of paper', () => t.statuses.some((s) => s.state === 'paper-out'));
    expect(printedReceipts(printer, 'epson')).toHaveLength(1);

    printer.clear();
    await printer.setMode('ready');
    const copy = value(await t.pos.api['print:retry']({ jobId: failed.id }));
    expect(copy).toMatchObject({ kind: 'reprint', copyNumber: 1, state: 'printed' });
    const receipts = printedReceipts(printer, 'epson');
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.some((line) => line.trim() === 'COPY 1')).toBe(true);
  });
});

describe('a restart after a crash in the middle of printing', () => {
  it('does not print the interrupted receipt again; it is listed for staff, who reprint it as a COPY', async () => {
    const printer = await printerIn('off');
    const first = openPrintTill({ partnerUrl: partner.url, printer });
    const { sale } = await sellTickets(first);
    await waitFor('a first failed try', async () => (await receiptJob(first, sale.id))?.attempts === 1 && (await receiptJob(first, sale.id))?.state === 'queued');
    await first.close({ keepData: true });

    // The till comes back, takes the job and dies while the printer has it: the row stays `printing`.
    const later = new Date(Date.now() + 10_000);
    const crashed = openJournal({ file: journalFile(first.dataDir), terminalId: first.config.terminal.id, clock: () => later });
    if (!crashed.ok) throw new Error(crashed.error.message);
    expect(value(crashed.value.printJobs.claimNext())).toMatchObject({ saleId: sale.id, state: 'printing', attempts: 2 });
    crashed.value.close();

    await printer.setMode('ready');
    const second = till(printer, { dataDir: first.dataDir });
    await readyToSell(second.pos);
    const listed = value(await second.pos.api['print:jobs']({ state: 'failed' })).jobs;
    expect(listed).toEqual([expect.objectContaining({ saleId: sale.id, kind: 'receipt', state: 'failed', attempts: 2 })]);
    expect(listed[0]!.lastError).toMatch(/stopped while this was printing/);
    expect(listed[0]!.lastErrorSaid).toEqual({ key: 'said.print.interrupted' });

    const copy = value(await second.pos.api['receipt:reprint']({ saleId: sale.id }));
    expect(copy).toMatchObject({ kind: 'reprint', copyNumber: 1, state: 'printed' });
    // Only the copy reached the printer: the worker takes jobs oldest first, so had the
    // interrupted original been due, it would have printed before this one.
    const receipts = printedReceipts(printer, 'epson');
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.join('\n')).toContain('COPY 1');
    expect(receipts[0]!.join('\n')).toContain('Not the original');
    expect(await receiptJob(second, sale.id)).toMatchObject({ state: 'failed' });
  });
});

describe('a kiosk receipt kept back by the printer after its customer has gone', () => {
  it('is held, not printed by itself when the paper is back; staff print it once, then only a COPY; a counter still prints by itself', async () => {
    const printer = await printerIn('paper-out');
    const kiosk = till(printer, { profile: 'kiosk' });
    const sale = await sellAtKiosk(kiosk);
    await waitFor('the paper-out status', () => kiosk.statuses.find((s) => s.state === 'paper-out'));
    expect(journalJob(kiosk, sale.id)).toMatchObject({ state: 'queued', attempts: 0 });
    // Finish, Start over or the idle reset: the kiosk screen starts over.
    value(await kiosk.pos.api['staff:sign-out']({}));
    expect(journalJob(kiosk, sale.id)).toMatchObject({ state: 'held', attempts: 0 });

    await printer.setMode('ready');
    await waitFor('the printer to be ready', () => kiosk.statuses.some((s) => s.state === 'ready'));
    // Several polls later nothing has printed at the kiosk, with nobody there to take it.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(jobConnections(printer)).toHaveLength(0);
    expect(journalJob(kiosk, sale.id)).toMatchObject({ state: 'held' });

    // The customer shows the code at the desk: staff find the sale and print it, the original, once.
    await readyToSell(kiosk.pos);
    expect(value(await kiosk.pos.api['sale:search']({ text: sale.partnerReference! })).sales.map((s) => s.id)).toEqual([sale.id]);
    const [held] = value(await kiosk.pos.api['print:jobs']({ state: 'held' })).jobs;
    expect(held).toMatchObject({ saleId: sale.id, receiptNumber: 'T01-000001', sale: { code: sale.partnerReference, what: 'Harmattan Heart' } });
    expect(value(await kiosk.pos.api['print:retry']({ jobId: held!.id }))).toMatchObject({ id: held!.id, state: 'printed', copyNumber: 0 });
    expect(value(await kiosk.pos.api['receipt:reprint']({ saleId: sale.id }))).toMatchObject({ kind: 'reprint', copyNumber: 1, state: 'printed' });
    const receipts = printedReceipts(printer, 'epson');
    expect(receipts).toHaveLength(2);
    expect(receipts[0]!.join('\n')).not.toContain('COPY');
    expect(receipts[1]!.some((line) => line.trim() === 'COPY 1')).toBe(true);

    // At a counter the cashier is there: a receipt that waited for paper prints when it is back.
    const counterPrinter = await printerIn('paper-out');
    const counter = till(counterPrinter);
    const { sale: counterSale } = await sellTickets(counter);
    await waitFor('the paper-out status', () => counter.statuses.find((s) => s.state === 'paper-out'));
    value(await counter.pos.api['staff:sign-out']({}));
    await counterPrinter.setMode('ready');
    await waitFor('the counter receipt to print', () => journalJob(counter, counterSale.id)?.state === 'printed');
    expect(printedReceipts(counterPrinter, 'epson')).toHaveLength(1);
  });

  it('prints when the paper is back while its customer is still at the kiosk', async () => {
    const printer = await printerIn('paper-out');
    const kiosk = till(printer, { profile: 'kiosk' });
    const sale = await sellAtKiosk(kiosk);
    await waitFor('the paper-out status', () => kiosk.statuses.find((s) => s.state === 'paper-out'));
    await printer.setMode('ready');
    await waitFor('the receipt to print', () => journalJob(kiosk, sale.id)?.state === 'printed');
    // Finish afterwards changes nothing: it is on paper, in her hand.
    value(await kiosk.pos.api['staff:sign-out']({}));
    expect(journalJob(kiosk, sale.id)).toMatchObject({ state: 'printed', heldAt: null });
    expect(printedReceipts(printer, 'epson')).toHaveLength(1);
  });

  it('is held as it is queued when the sale is confirmed only after its customer left (the partner answered late)', async () => {
    const printer = await printerIn('ready');
    const kiosk = till(printer, { profile: 'kiosk' });
    await readyToSell(kiosk.pos);
    value(await kiosk.pos.api['staff:sign-out']({}));
    const selection = selectionOf(await findShowing(kiosk.pos), [['Regular', 1]]);
    const hold = value(await kiosk.pos.api['sale:hold'](selection));
    let answer = () => {};
    partner.afterCommit = () => new Promise<void>((resolve) => (answer = resolve));
    const saleId = newSaleId('K');
    const submitted = kiosk.pos.api['sale:submit']({ saleId, kind: 'cinema', cinema: selection, holdId: hold.holdId, customer, tender: { kind: 'card' } });
    try {
      await waitFor('the purchase to reach the partner', () => value(kiosk.journal.sales.get(saleId))?.state === 'sent');
      value(await kiosk.pos.api['staff:sign-out']({}));
    } finally {
      partner.afterCommit = null;
      answer();
    }
    await submitted;
    await waitFor('the sale to be confirmed', () => value(kiosk.journal.sales.get(saleId))?.state === 'confirmed');
    expect(journalJob(kiosk, saleId)).toMatchObject({ state: 'held', attempts: 0 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(jobConnections(printer)).toHaveLength(0);
  });

  it('is held once its time at the kiosk is over, even if the screen never said the customer left', async () => {
    const printer = await printerIn('paper-out');
    const kiosk = till(printer, { profile: 'kiosk', tuning: { kioskHoldAfterMs: 300 } });
    const sale = await sellAtKiosk(kiosk);
    await waitFor('the paper-out status', () => kiosk.statuses.find((s) => s.state === 'paper-out'));
    await new Promise((resolve) => setTimeout(resolve, 400));
    await printer.setMode('ready');
    await waitFor('the receipt to be held', () => journalJob(kiosk, sale.id)?.state === 'held');
    expect(jobConnections(printer)).toHaveLength(0);
  });
});
