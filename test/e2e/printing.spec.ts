import path from 'node:path';
import { test, expect } from './test';
import { addDays, lagosDate } from '../../shared/dates';
import { decodeEscPos, textLines } from '../helpers/escpos-decoder';
import { startFakePrinter, type FakePrinter } from '../helpers/fake-printer';
import { fillCustomer, openTill, startStack, toCinemaCheckout, type Stack } from './support';
import { keepScreenshot } from './keep-screenshot';

/**
 * Receipts as staff see them: a booking sold while the printer is out of paper, then off, waits in Staff -> Printer
 * ("Waiting to print", with Print now), prints by itself once the printer answers, and the sale
 * screen then shows the paper's own text with its receipt number. Screenshots in both orientations.
 */

let stack: Stack;
let printer: FakePrinter;
test.beforeEach(async () => {
  printer = await startFakePrinter({ mode: 'off' });
  stack = await startStack({ args: ['--printer', printer.url, '--merchant-tin', '12345678-0001', '--merchant-address', '1 Admiralty Way|Lekki, Lagos'] });
});
test.afterEach(async () => {
  await stack?.stop();
  await printer?.close();
});

/** Screenshots go to the test's output folder, or to PRINTING_SCREENSHOTS to keep them after a passing run. */
const shot = (name: string) => (process.env.PRINTING_SCREENSHOTS ? path.join(process.env.PRINTING_SCREENSHOTS, name) : test.info().outputPath(name));

const receipts = () =>
  printer
    .connections()
    .map((connection) => decodeEscPos(connection.bytes, 'epson'))
    .filter((items) => items.some((item) => item.kind === 'cut'))
    .map((items) => textLines(items));

test('the strip catches up with the printer when the screen missed the change (no event stream at all)', async ({ page }) => {
  // Every change the till sends is lost, as one sent while the page loads or reconnects is.
  await page.route('**/events', (route) => route.abort());
  await printer.setMode('ready');
  await page.goto(stack.host.url);
  await expect(page.getByTestId('status-printer')).toContainText('Printer ready', { timeout: 10_000 });
  await printer.setMode('paper-out');
  await expect(page.getByTestId('status-printer')).toContainText('Printer out of paper', { timeout: 15_000 });
});

test('a receipt waits while the printer is out of paper, then off, is listed with Print now, and prints by itself when the printer is back', async ({ page }) => {
  // The printer is on, but out of paper (the till sees it within seconds): the receipt will be kept
  // back untried, so it is waiting, not "Printing…".
  await printer.setMode('paper-out');
  await page.setViewportSize({ width: 1920, height: 1080 });
  await openTill(page, stack.host);
  await expect(page.getByTestId('status-printer')).toContainText('Printer out of paper', { timeout: 10_000 });
  await page.getByRole('button', { name: /Hotels/ }).first().click();
  await page.getByLabel('Check-out').fill(addDays(lagosDate(new Date()), 2));
  await page.locator('.hotel-card').first().click();
  await page.locator('.room-card:not([disabled])').first().click();
  await page.getByRole('button', { name: 'Checkout' }).click();
  await fillCustomer(page, { name: 'Ɓello Ɗanjuma', email: 'bello@example.com', phone: '+234 805 555 0101', dob: '1985-04-12' });
  await page.getByRole('radiogroup', { name: 'Payment method' }).getByRole('button', { name: 'Card' }).click();
  await page.getByRole('button', { name: /^Confirm/ }).click();
  await expect(page.getByRole('heading', { name: 'Sale confirmed' })).toBeVisible();
  await expect(page.getByTestId('print-state')).toHaveText('Waiting for the printer: it prints by itself as soon as the printer answers.', { timeout: 10_000 });
  await printer.setMode('off');
  // The receipt on screen before any paper: the same text the printer will get.
  await expect(page.getByTestId('receipt-preview')).toContainText('Receipt no.');
  await keepScreenshot(page, { path: shot('sale-receipt-waiting-landscape.png'), fullPage: true });

  await page.getByRole('button', { name: 'Staff', exact: true }).click();
  await page.getByRole('navigation', { name: 'Back office sections' }).getByRole('button', { name: 'Printer' }).click();
  const waiting = page.getByRole('listitem').filter({ hasText: 'Receipt T01-000001' });
  await expect(waiting).toBeVisible({ timeout: 10_000 });
  await expect(page.getByTestId('printer-status')).toContainText('Printer offline');
  for (const size of [{ name: 'landscape', width: 1920, height: 1080 }, { name: 'portrait', width: 1080, height: 1920 }]) {
    await page.setViewportSize(size);
    await keepScreenshot(page, { path: shot(`printer-waiting-${size.name}.png`), fullPage: true });
  }
  // Print now with the printer still off answers at once and the receipt keeps its place.
  await waiting.getByRole('button', { name: 'Print now' }).click();
  await expect(waiting).toBeVisible();
  expect(receipts()).toHaveLength(0);

  await printer.setMode('ready');
  await expect(waiting).toHaveCount(0, { timeout: 10_000 });
  await expect(page.getByTestId('printer-status')).toContainText('Printer ready');
  const [paper, ...more] = receipts();
  expect(more).toEqual([]);
  expect(paper).toContainEqual(expect.stringMatching(/^Receipt no\. +T01-000001$/));
  expect(paper).toContain('TIN 12345678-0001');
  expect(paper!.join('\n')).toContain('Bello Danjuma');
  expect(paper!.join('\n')).not.toMatch(/\?/);

  await page.setViewportSize({ width: 1920, height: 1080 });
  await keepScreenshot(page, { path: shot('printer-ready-landscape.png'), fullPage: true });
});

test('the till killed while a receipt prints: after the restart Staff -> Printer names that receipt, and Print a copy prints it once, marked COPY', async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await printer.setMode('stalled');
  await openTill(page, stack.host);
  await page.getByRole('button', { name: /Cinema/ }).first().click();
  await page.locator('.film-card').first().click();
  await page.getByRole('region', { name: 'Cinema' }).getByRole('button').first().click();
  await page.getByRole('region', { name: 'Showtime' }).getByRole('button').first().click();
  await page.locator('.ticket-row:not(.ticket-sold-out)').first().getByRole('button', { name: /^More:/ }).click();
  await page.getByRole('button', { name: 'Checkout' }).click();
  await fillCustomer(page, { name: 'Chidi Okafor', email: 'chidi@example.com', phone: '0803 123 4567' });
  await page.getByRole('button', { name: /^Exact/ }).click();
  await page.getByRole('button', { name: /^Confirm/ }).click();
  await expect(page.getByRole('heading', { name: 'Sale confirmed' })).toBeVisible();
  // The printer took the connection and hangs: the receipt is on its way when the till dies.
  await expect.poll(() => stack.journal<{ state: string }>('SELECT state FROM print_jobs').map((j) => j.state)).toEqual(['printing']);
  await stack.restart();
  await printer.setMode('ready');

  const ada = (await stack.host.rpc('staff:roster', {})).json.value.staff[0];
  expect((await stack.host.rpc('staff:sign-in', { staffId: ada.id, pin: '2468' })).json.ok).toBe(true);
  await page.goto(stack.host.url);
  // Home, signed in: the restart is said, the sale named by its receipt number, with what to do.
  const notice = page.getByTestId('restart-notice');
  await expect(notice).toContainText('The till restarted at');
  await expect(notice.getByTestId('restart-notice-sale')).toContainText('Cut off while its receipt was printing. It went through. Check the printout');
  await expect(notice.getByRole('button', { name: 'Open sale T01-000001' })).toBeVisible();
  // The printer answers ready, but the printer tile says first that a receipt waits, and leads there.
  await expect(page.getByTestId('status-printer')).toContainText('Printer: 1 receipt did not print');
  await keepScreenshot(page, { path: shot('home-restart-notice-landscape.png'), fullPage: true });
  await page.setViewportSize({ width: 1080, height: 1920 });
  await keepScreenshot(page, { path: shot('home-restart-notice-portrait.png'), fullPage: true });
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.getByTestId('status-printer').getByRole('button', { name: 'See them under Printer' }).click();
  // It may be on paper: listed by its number, never sent again by itself.
  const row = page.getByRole('listitem').filter({ hasText: 'Receipt T01-000001 — Lobby POS stopped while this was printing' });
  await expect(row).toBeVisible();
  await keepScreenshot(page, { path: shot('printer-after-restart-landscape.png'), fullPage: true });
  expect(receipts()).toEqual([]);
  await row.getByRole('button', { name: 'Print a copy' }).click();
  await expect(row).toHaveCount(0);
  await expect.poll(() => receipts().length).toBe(1);
  expect(receipts()[0]!.join('\n')).toMatch(/COPY 1/);
  expect(receipts()[0]).toContainEqual(expect.stringMatching(/^Receipt no\. +T01-000001$/));
  // The copy printed: nothing is left to do about that sale, so the notice has gone.
  await page.goto(stack.host.url);
  await expect(page.getByRole('heading', { name: 'What would you like to sell?' })).toBeVisible();
  await expect(page.locator('.ready-banner')).toBeVisible();
  await expect(page.getByTestId('status-printer')).not.toContainText('did not print');
  await expect(page.getByTestId('restart-notice')).toHaveCount(0);
});

test('a printer that never answers status questions (a print server): set so under Settings and restarted, the receipt that waited prints once, and the strip says it is not asked', async ({ page }) => {
  await openTill(page, stack.host);
  await printer.setMode('silent');
  await toCinemaCheckout(page);
  await fillCustomer(page, { name: 'Kemi Adeyemi', email: 'kemi@example.com', phone: '0803 123 4567' });
  await page.getByLabel('Cash received (₦)').fill('100000');
  await page.getByRole('button', { name: /^Confirm/ }).click();
  await expect(page.getByRole('heading', { name: 'Sale confirmed' })).toBeVisible();
  // Asked, it never answers: nothing is sent, and the strip says it is not answering.
  await page.getByRole('button', { name: 'New sale' }).click();
  await expect(page.getByTestId('status-printer')).toContainText('not answering', { timeout: 15_000 });
  expect(receipts()).toHaveLength(0);

  await page.getByRole('button', { name: 'Staff', exact: true }).click();
  await page.getByRole('navigation', { name: 'Back office sections' }).getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('region', { name: 'Settings' });
  await settings.getByLabel('Ask the printer for its status').selectOption('no');
  await settings.getByRole('button', { name: 'Save settings' }).click();
  await settings.getByRole('button', { name: 'Restart now' }).click();
  await page.getByRole('alertdialog', { name: 'Restart Lobby POS now?' }).getByRole('button', { name: 'Restart now' }).click();
  await expect(page.getByRole('button', { name: /Cinema/ }).first()).toBeVisible({ timeout: 15_000 });

  // The receipt that waited goes out by itself, once; the strip says the printer is not asked.
  await expect.poll(() => receipts().length, { timeout: 15_000 }).toBe(1);
  expect(receipts()[0]!.some((line) => line.includes('Kemi Adeyemi'))).toBe(true);
  await expect(page.getByTestId('status-printer')).toContainText('It is not asked for its status', { timeout: 15_000 });
  await keepScreenshot(page, { path: shot('printer-not-asked-home.png') });
});
