import { test, expect } from './test';
import { startFakePrinter, type FakePrinter } from '../helpers/fake-printer';
import { decodeEscPos, textLines } from '../helpers/escpos-decoder';
import { chooseFrench, say } from './i18n-support';
import { fillCustomer, openTill, startStack, toCinemaCheckout, type Stack } from './support';
import { keepScreenshot } from './keep-screenshot';

/**
 * A French cashier's whole cinema sale: the showtimes on the 24-hour clock, the sale screen saying
 * when in French (not main's English "Thu, 26 Nov, 7:30PM"), and the receipt on the fake TCP
 * printer with its accents and 24-hour times, as a printer told code page PC850 prints them.
 */
let stack: Stack;
let printer: FakePrinter;
test.beforeEach(async () => {
  printer = await startFakePrinter();
  stack = await startStack({ args: ['--printer', printer.url] });
});
test.afterEach(async () => {
  await stack?.stop();
  await printer?.close();
});


const twelveHour = /\d(AM|PM)/i;

/** The sale's receipt as the printer reads it under the code page it was told, once it is cut. */
async function receiptPaper(): Promise<string> {
  await expect.poll(() => printer.connections().some((c) => decodeEscPos(c.bytes, 'epson').some((item) => item.kind === 'cut')), { timeout: 10_000 }).toBe(true);
  return printer
    .connections()
    .map((c) => textLines(decodeEscPos(c.bytes, 'epson')).join('\n'))
    .find((text) => text.includes('TOTAL'))!;
}

test('showtimes, the sale screen and the receipt say the time and the words in French', async ({ page }) => {
  await openTill(page, stack.host);
  await chooseFrench(page);
  await page.getByRole('banner').getByRole('button', { name: new RegExp(say('fr', 'common.back')) }).click();
  // French sets a non-breaking space before a colon ("Partenaire : Mode formation"), as every
  // message of its catalogue does; read as the text is, since Playwright's matchers fold it.
  const partnerTitle = page.getByTestId('status-partner').locator('.status-title');
  await expect(partnerTitle).toBeVisible();
  expect(await partnerTitle.evaluate((element) => element.textContent)).toMatch(new RegExp(`^${say('fr', 'status.partner')}\u00a0: \\S`));

  await page.getByRole('button', { name: new RegExp(say('fr', 'home.cinema')) }).first().click();
  await page.locator('.film-card').first().click();
  await page.getByRole('region', { name: say('fr', 'film.cinema') }).getByRole('button').first().click();
  const showtimes = page.getByRole('region', { name: say('fr', 'film.showtime') });
  await expect(showtimes.getByRole('button').first()).toHaveText(/^\d{2}:\d{2}/);
  await expect(showtimes).not.toContainText(twelveHour);
  await showtimes.getByRole('button').first().click();
  await page.locator('.ticket-row:not(.ticket-sold-out)').first().getByRole('button', { name: /^Plus :/ }).click();
  await page.getByRole('button', { name: say('fr', 'film.checkout') }).click();

  await page.getByLabel(say('fr', 'checkout.name')).fill('Amélie Okafor');
  await page.getByLabel(say('fr', 'checkout.email')).fill('amelie@example.com');
  await page.getByLabel(say('fr', 'checkout.phone')).fill('0803 123 4567');
  await page.getByRole('button', { name: /^Exact/ }).click();
  await page.getByRole('button', { name: /^Confirmer/ }).click();
  await expect(page.getByRole('heading', { name: say('fr', 'sale.confirmed') })).toBeVisible();

  const facts = page.locator('.sale-facts');
  await expect(facts).toContainText(/\d{2}:\d{2}/);
  await expect(facts).not.toContainText(twelveHour);
  await expect(facts).not.toContainText(/\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun)\b/);
  await keepScreenshot(page, { path: test.info().outputPath('fr-sale-screen.png') });

  const paper = await receiptPaper();
  expect(paper).toContain('Reçu no');
  expect(paper).toContain('Amélie Okafor');
  expect(paper).toMatch(/Début +\d{2}:\d{2}/);
  expect(paper).not.toMatch(/[?\uFFFD]/);
  expect(paper).not.toMatch(twelveHour);
});

test('an English cashier prints a French guest a French receipt: Receipt in, then Français; the screen stays English', async ({ page }) => {
  await openTill(page, stack.host);
  await toCinemaCheckout(page);
  await fillCustomer(page, { name: 'Amélie Okafor', email: 'amelie@example.com', phone: '0803 123 4567' });
  const receiptIn = page.getByRole('group', { name: say('en', 'checkout.receiptLanguage') });
  // The screen's language unless the guest reads another.
  await expect(receiptIn.getByRole('button', { pressed: true })).toHaveText('English');
  await receiptIn.getByRole('button', { name: 'Français' }).click();
  await expect(receiptIn.getByRole('button', { pressed: true })).toHaveText('Français');
  await keepScreenshot(page, { path: test.info().outputPath('receipt-language-landscape.png') });
  await page.getByRole('button', { name: /^Exact/ }).click();
  await page.getByRole('button', { name: /^Confirm/ }).click();
  await expect(page.getByRole('heading', { name: say('en', 'sale.confirmed') })).toBeVisible();

  const paper = await receiptPaper();
  expect(paper).toContain('Reçu no');
  expect(paper).toContain('Amélie Okafor');
  expect(paper).not.toContain('Receipt no');
});
