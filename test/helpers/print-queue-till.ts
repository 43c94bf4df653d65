import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { journalFile, openJournal, type Journal, type PrintRetryPolicy } from '../../electron/journal';
import { createPartnerClient } from '../../electron/partner/client';
import type { PosConfig } from '../../electron/core/config/schema';
import { createPos, type Pos } from '../../electron/app/create-pos';
import { silentLogger } from '../../electron/core/logger';
import { createFileSecretStore } from '../../electron/core/secrets';
import { createPrinter } from '../../electron/printing/printers/create-printer';
import type { PrintQueueTuning } from '../../electron/printing/queue/print-queue';
import type { Columns } from '../../electron/printing/layout/receipt-line';
import type { PrinterType } from '../../electron/printing/layout/render-escpos';
import { SANDBOX_DEFAULT_API_KEY } from '../../electron/sandbox';
import type { PrinterStatusView } from '../../shared/printing/printer-status';
import type { SaleView } from '../../shared/sales/sale-view';
import { decodeEscPos, textLines } from './escpos-decoder';
import { afterAll, beforeAll } from 'vitest';
import { startFakePrinter, type FakePrinter } from './fake-printer';
import { customer, fastTuning, findShowing, newSaleId, readyToSell, selectionOf, startSalesPartner, tillConfig, value, type SalesPartner } from './sales-fixture';
import type { LanguageCode } from '../../shared/languages';
import type { TerminalProfile } from '../../shared/app';
import type { CashDrawer, DrawerRule, DrawerSensor } from '../../shared/printing/cash-drawer';
import { instantTerminal } from './terminal-fixture';
import type { AskStatus } from '../../shared/printing/printer-setting';

/**
 * What the print-queue tests share: a till built by createPos on a real journal file, selling to
 * the sandbox over HTTP and printing to the fake TCP printer through the real queue.
 */

/** Short enough for tests, long enough that a loaded machine does not trip them. */
export const fastPrinting: Partial<PrintQueueTuning> = {
  attemptDeadlineMs: 1_000,
  statusDeadlineMs: 500,
  idlePollMs: 300,
  outagePollMs: 100,
  waitPollMs: 100,
  maxSleepMs: 500,
  answerWaitMs: 3_000,
};

export interface PrintTill {
  pos: Pos;
  journal: Journal;
  dataDir: string;
  config: PosConfig;
  statuses: PrinterStatusView[];
  sales: SaleView[];
  /** Stops the till and removes its data folder, unless `keepData` (a test that reopens the same journal). */
  close(options?: { keepData?: boolean }): Promise<void>;
}

export function openPrintTill(options: {
  partnerUrl: string;
  printer: FakePrinter;
  type?: PrinterType;
  columns?: Columns;
  /** printer.askStatus; the default (yes) when left out. */
  askStatus?: AskStatus;
  dataDir?: string;
  retryPolicy?: PrintRetryPolicy;
  tuning?: Partial<PrintQueueTuning>;
  /** One tear-off stub per admission after a cinema receipt. */
  ticketStubs?: boolean;
  /** `kiosk`: self-service, paid by card at a simulated terminal that takes a card at once. */
  profile?: TerminalProfile;
  /** The drawer on the printer's port (default: the config's, pin 2). */
  cashDrawer?: CashDrawer;
  /** Who may open the drawer without a sale (default: the config's, anyone signed in). */
  noSaleBy?: DrawerRule;
  /** Who may take cash out (default: the config's, anyone signed in). */
  cashOutBy?: DrawerRule;
  /** The drawer's switch and its wiring (default: the config's, off). */
  drawerSensor?: DrawerSensor;
  /** How long the drawer must stand open to be recorded as left open (default: the till's, a minute). */
  drawerLeftOpenMs?: number;
}): PrintTill {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'lobby-print-queue-'));
  const base = tillConfig(dataDir, options.profile ?? 'counter', options.partnerUrl);
  const config: PosConfig = { ...base, printer: { ...base.printer, interface: options.printer.url, type: options.type ?? 'epson', columns: options.columns ?? 48, ticketStubs: options.ticketStubs ?? base.printer.ticketStubs, cashDrawer: options.cashDrawer ?? base.printer.cashDrawer, noSaleBy: options.noSaleBy ?? base.printer.noSaleBy, cashOutBy: options.cashOutBy ?? base.printer.cashOutBy, drawerSensor: options.drawerSensor ?? base.printer.drawerSensor, askStatus: options.askStatus ?? base.printer.askStatus } };
  const opened = openJournal({ file: journalFile(dataDir), terminalId: config.terminal.id, printRetryPolicy: options.retryPolicy });
  if (!opened.ok) throw new Error(`journal did not open: ${opened.error.message}`);
  const journal = opened.value;
  const pos = createPos(config, {
    version: '0.0.0-test',
    logger: silentLogger,
    secrets: createFileSecretStore({ dataDir, env: { POS_API_KEY: SANDBOX_DEFAULT_API_KEY } }),
    partner: createPartnerClient({ baseUrl: options.partnerUrl, apiKey: () => SANDBOX_DEFAULT_API_KEY, timeoutMs: 2_000, retry: { attempts: 2, baseDelayMs: 5 } }),
    probes: {},
    journal: opened,
    salesTuning: fastTuning,
    printer: createPrinter(config.printer, { dataDir, connectTimeoutMs: 500 }),
    printTuning: { ...fastPrinting, ...options.tuning },
    ...(options.drawerLeftOpenMs !== undefined && { drawerLeftOpenMs: options.drawerLeftOpenMs }),
    ...(options.profile === 'kiosk' ? { cardTerminal: instantTerminal() } : {}),
    onClose: () => journal.close(),
  });
  const statuses: PrinterStatusView[] = [];
  const sales: SaleView[] = [];
  pos.events.subscribe((event, payload) => {
    if (event === 'printer:status-changed') statuses.push(payload as PrinterStatusView);
    if (event === 'sale:updated') sales.push(payload as SaleView);
  });
  return {
    pos,
    journal,
    dataDir,
    config,
    statuses,
    sales,
    async close({ keepData = false } = {}) {
      await pos.close();
      if (!keepData) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A cinema sale through the real flow (hold, submit) ending confirmed, in the screen's `language` if given; its view and the film sold. */
export async function sellTickets(till: PrintTill, tickets: Array<[string, number]> = [['Regular', 2]], options: { language?: LanguageCode } = {}) {
  await readyToSell(till.pos);
  const showing = await findShowing(till.pos);
  const selection = selectionOf(showing, tickets);
  const hold = value(await till.pos.api['sale:hold'](selection));
  const sale = value(
    await till.pos.api['sale:submit']({
      saleId: newSaleId('P'),
      kind: 'cinema',
      cinema: selection,
      holdId: hold.holdId,
      customer,
      tender: { kind: 'cash', tenderedKobo: hold.quote.totalKobo + 50_000 },
      ...(options.language ? { language: options.language } : {}),
    }),
  );
  if (sale.state !== 'confirmed') throw new Error(`the sale ended ${sale.state}: ${sale.failureReason}`);
  return { sale, showing };
}

/** A kiosk customer's cinema sale, paid by card (staff opened the shift and left); its view. */
export async function sellAtKiosk(till: PrintTill) {
  await readyToSell(till.pos);
  value(await till.pos.api['staff:sign-out']({}));
  const showing = await findShowing(till.pos);
  const selection = selectionOf(showing, [['Regular', 1]]);
  const hold = value(await till.pos.api['sale:hold'](selection));
  const sale = value(await till.pos.api['sale:submit']({ saleId: newSaleId('K'), kind: 'cinema', cinema: selection, holdId: hold.holdId, customer, tender: { kind: 'card' } }));
  if (sale.state !== 'confirmed') throw new Error(`the kiosk sale ended ${sale.state}: ${sale.failureReason}`);
  return sale;
}

/** Polls `check` until it gives a value (not undefined/false), or fails after `ms`. */
export async function waitFor<T>(what: string, check: () => T | undefined | false | Promise<T | undefined | false>, ms = 5_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const found = await check();
    if (found !== undefined && found !== false) return found;
    if (Date.now() > until) throw new Error(`waited ${ms} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Whole receipts the fake printer received (connections that carried a cut), as text lines. */
export function printedReceipts(printer: FakePrinter, type: PrinterType): string[][] {
  return printer
    .connections()
    .map((connection) => decodeEscPos(connection.bytes, type))
    .filter((items) => items.some((item) => item.kind === 'cut'))
    .map((items) => textLines(items));
}

/** Connections that carried more than status questions (part of a job, whole or not). */
export const jobConnections = (printer: FakePrinter) => printer.connections().filter((connection) => connection.bytes.length > 16);

/**
 * For a test file's whole run: the sandbox over HTTP, a fake TCP printer that answers "ready" and a
 * counter till printing to it, started before the first test and stopped after the last.
 */
export function usePrintTill(options: { cashDrawer?: CashDrawer } = {}): { partner: () => SalesPartner; printer: () => FakePrinter; till: () => PrintTill } {
  let partner: SalesPartner | undefined;
  let printer: FakePrinter | undefined;
  let till: PrintTill | undefined;
  beforeAll(async () => {
    partner = await startSalesPartner();
    printer = await startFakePrinter();
    till = openPrintTill({ partnerUrl: partner.url, printer, ...options });
  });
  afterAll(async () => {
    await till?.close();
    await printer?.close();
    await partner?.close();
  });
  const started = <T>(thing: T | undefined, what: string): T => {
    if (thing === undefined) throw new Error(`${what} is not started: usePrintTill() runs in beforeAll`);
    return thing;
  };
  return { partner: () => started(partner, 'the partner'), printer: () => started(printer, 'the printer'), till: () => started(till, 'the till') };
}
