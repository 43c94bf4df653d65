import type { Page } from '@playwright/test';
import { test, expect } from './test';
import { formatNaira } from '../../shared/money';
import { startFakePrinter, type FakePrinter } from '../helpers/fake-printer';
import { say } from './i18n-support';
import { chooseShowtime, fillCustomer, naira, openKioskShift, openTill, startStack, type Stack, toHotelCheckout } from './support';
import { keepScreenshot } from './keep-screenshot';

/**
 * What a first-time night desk clerk tripped over (a black-box audit), in Chromium against the
 * preview host: a refund typed above the price, dates of birth at a hotel checkout, a sale looked
 * up by its receipt number, and the City box's Yoruba example.
 */

let stack: Stack;
let printer: FakePrinter | undefined;
test.afterEach(async () => {
  await stack?.stop();
  await printer?.close();
  printer = undefined;
});

/** Both orientations of the screen as it is now, named for what it shows. */
async function screenshots(page: Page, name: string) {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await keepScreenshot(page, { path: test.info().outputPath(`${name}-1920x1080.png`) });
  await page.setViewportSize({ width: 1080, height: 1920 });
  await keepScreenshot(page, { path: test.info().outputPath(`${name}-1080x1920.png`) });
  await page.setViewportSize({ width: 1920, height: 1080 });
}

/** One cinema ticket sold for cash; the sale's screen is showing. Returns the ticket's price (kobo). */
async function sellOneTicket(page: Page) {
  await chooseShowtime(page);
  const row = page.locator('.ticket-row:not(.ticket-sold-out)').first();
  const unit = naira((await row.locator('.ticket-price').textContent())!);
  const category = (await row.locator('.ticket-title').textContent())!.trim();
  await row.getByRole('button', { name: /^More:/ }).click();
  await page.getByRole('button', { name: 'Checkout' }).click();
  await fillCustomer(page, { name: 'Chiamaka Obi', email: 'chiamaka@example.com', phone: '0803 123 4567' });
  await page.getByRole('button', { name: /^Exact/ }).click();
  await page.getByRole('button', { name: /^Confirm/ }).click();
  await expect(page.getByRole('heading', { name: 'Sale confirmed' })).toBeVisible();
  return { unit, category };
}

test('a refund typed above the price is refused under the field at once, before any supervisor is asked', async ({ page }) => {
  stack = await startStack();
  await page.setViewportSize({ width: 1920, height: 1080 });
  await openTill(page, stack.host);
  const { unit, category } = await sellOneTicket(page);

  await page.getByRole('button', { name: 'Refund…' }).click();
  const sheet = page.getByTestId('refund-sheet');
  await sheet.getByRole('button', { name: `More: ${category}` }).click();
  await sheet.getByRole('button', { name: 'The customer cancelled' }).click();
  await sheet.getByLabel('What happened, in a few words').fill('Came on the wrong day');
  const less = sheet.getByLabel('Refund less than the price (₦)');
  const approve = page.getByRole('button', { name: 'Ask a supervisor to approve' });

  await less.fill(String(unit / 100 + 6000));
  const tooMuch = `A refund cannot be more than the price of the items it takes back (${formatNaira(unit)}).`;
  await expect(less).toHaveAccessibleDescription(new RegExp(tooMuch.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  await expect(sheet.getByRole('alert').filter({ hasText: tooMuch })).toHaveCount(1);
  await expect(approve).toBeDisabled();
  await expect(page.getByText(/must be at most/)).toHaveCount(0);
  await screenshots(page, 'refund-above-price');
  await approve.click({ force: true });
  await expect(page.getByTestId('approval')).toHaveCount(0);

  // Not an amount at all: said too, and still nothing to approve.
  await less.fill('.');
  await expect(less).toHaveAccessibleDescription(/Type an amount in Naira, more than zero/);
  await expect(approve).toBeDisabled();

  // Within the price: the supervisor is asked for exactly that.
  await less.fill(String(unit / 100 - 500));
  await expect(sheet.getByRole('alert')).toHaveCount(0);
  await expect(page.getByTestId('refund-total')).toHaveText(formatNaira(unit - 50_000));
  await approve.click();
  await expect(page.getByTestId('approval')).toBeVisible();
  expect(stack.journal('SELECT id FROM corrections')).toEqual([]);
});

test('hotel checkout: a date of birth in the future, under 18 on the check-in date, or that does not exist is said under the field at once, once', async ({ page }) => {
  stack = await startStack();
  await page.setViewportSize({ width: 1920, height: 1080 });
  await openTill(page, stack.host);
  await toHotelCheckout(page);
  await fillCustomer(page, { name: 'Tunde Bakare', email: 'tunde@example.com', phone: '+234 805 555 0101' });
  await page.getByRole('radiogroup', { name: 'Payment method' }).getByRole('button', { name: 'Card' }).click();
  const dob = page.getByLabel(/Date of birth/);

  // The example is a birth date's.
  await expect(dob).toHaveAccessibleDescription('Write the date of birth as day/month/year, like 23/07/1985.');

  // In the future: said as soon as it is typed, no Confirm needed.
  await dob.fill('01/01/2030');
  await expect(dob).toHaveAccessibleDescription(/The date of birth must be in the past\./);
  await screenshots(page, 'dob-future');

  // 11 years old: the person booking must be 18 on the check-in date; Confirm sends nothing.
  await dob.fill('01/01/2015');
  await expect(dob).toHaveAccessibleDescription(/The person booking a hotel room must be 18 or older on the check-in date\./);
  await page.getByRole('button', { name: /^Confirm/ }).click();
  await page.getByRole('button', { name: /^Confirm/ }).click();
  await expect(dob).toHaveAccessibleDescription(/must be 18 or older/);
  await screenshots(page, 'dob-under-18');
  expect(stack.journal('SELECT id FROM sales')).toEqual([]);

  // No 30 February: one line says so, not the example twice.
  await dob.fill('30/02/1992');
  await expect(dob).toHaveAccessibleDescription('That date does not exist. Check the day and the month.');
  await expect(page.getByText('That date does not exist. Check the day and the month.')).toHaveCount(1);
  await expect(page.getByText(/like 23\/07\/1985/)).toHaveCount(0);
  await screenshots(page, 'dob-no-such-day');

  // A grown-up's date: read back, and the sale goes through.
  await dob.fill('23/07/1985');
  await expect(dob).toHaveAccessibleDescription('Tuesday 23 July 1985');
  await page.getByRole('button', { name: /^Confirm/ }).click();
  await expect(page.getByRole('heading', { name: 'Sale confirmed' })).toBeVisible();
});

test('Refunds → Find the sale finds a sale by the receipt number printed on it, as printed or without the dash', async ({ page }) => {
  printer = await startFakePrinter({ mode: 'ready' });
  stack = await startStack({ args: ['--printer', printer.url] });
  await page.setViewportSize({ width: 1920, height: 1080 });
  await openTill(page, stack.host);
  await sellOneTicket(page);
  await page.getByRole('button', { name: 'Home', exact: true }).click();
  await sellOneTicket(page);
  await expect.poll(() => stack.journal("SELECT receipt_number FROM print_jobs WHERE kind = 'receipt'").length).toBe(2);
  const [second] = stack.journal<{ sale_id: string; receipt_number: number }>("SELECT sale_id, receipt_number FROM print_jobs WHERE kind = 'receipt' AND receipt_number = 2");
  const partnerReference = stack.journal<{ partner_reference: string }>('SELECT partner_reference FROM sales WHERE id = ?', second!.sale_id)[0]!.partner_reference;

  await page.getByRole('button', { name: 'Staff', exact: true }).click();
  const sales = page.getByRole('navigation', { name: 'Back office sections' }).getByRole('button', { name: 'Sales', exact: true });
  if (await sales.count()) await sales.click();
  const panel = page.getByTestId('refunds-panel');
  for (const typed of ['T01-000002', 't01000002']) {
    await panel.getByLabel('Find the sale: reference, receipt number, phone or name').fill(typed);
    await panel.getByRole('button', { name: 'Search' }).click();
    const found = panel.getByRole('list').getByRole('button');
    await expect(found).toHaveCount(1);
    await expect(found).toContainText(partnerReference);
  }
  await screenshots(page, 'find-by-receipt-number');
});

test('Yoruba: the City box’s example, Èkó, finds the hotels of Lagos', async ({ page }) => {
  stack = await startStack();
  await page.setViewportSize({ width: 1920, height: 1080 });
  await openTill(page, stack.host);
  await page.getByRole('button', { name: 'Staff', exact: true }).click();
  await page.getByRole('navigation', { name: 'Back office sections' }).getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('group', { name: say('en', 'settings.myLanguage') }).getByRole('button', { name: 'Yorùbá' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', /^yo/);
  await page.getByRole('button', { name: new RegExp(say('yo', 'common.back')) }).first().click();
  await page.getByRole('button', { name: new RegExp(say('yo', 'home.hotels')) }).first().click();

  const city = page.getByLabel(say('yo', 'hotels.city'), { exact: true });
  await expect(city).toHaveAttribute('placeholder', say('yo', 'hotels.cityPlaceholder'));
  expect(say('yo', 'hotels.cityPlaceholder')).toContain('Èkó');
  await city.fill('Èkó');
  await page.getByRole('button', { name: say('yo', 'common.search'), exact: true }).click();
  await expect(page.locator('.hotel-card').first()).toBeVisible();
  await expect(page.getByText(say('yo', 'hotels.noneTitle'))).toHaveCount(0);
  const cards = await page.locator('.hotel-card').allTextContents();
  expect(cards.length).toBeGreaterThan(0);
  for (const card of cards) expect(card).toContain('Lagos');
  await screenshots(page, 'yoruba-city-eko');
});

test('a hotel listed under a maximum price says which of its rooms are above it', async ({ page }) => {
  stack = await startStack();
  await page.setViewportSize({ width: 1920, height: 1080 });
  await openTill(page, stack.host);
  await page.getByRole('button', { name: /Hotels/ }).first().click();
  await page.getByText('More filters').click();
  await page.getByLabel('Max ₦ per night').fill('30000');
  await page.getByRole('button', { name: 'Lagos', exact: true }).click();
  await page.locator('.hotel-card').first().click();
  const rooms = page.locator('.room-card');
  await expect(rooms.first()).toBeVisible();
  let above = 0;
  for (const room of await rooms.all()) {
    const price = naira((await room.getByTestId('room-price').textContent())!);
    const marked = room.getByTestId('room-outside-budget');
    if (price > 3_000_000) {
      above += 1;
      await expect(marked).toHaveText('Above your ₦30,000.00 limit');
    } else await expect(marked).toHaveCount(0);
  }
  expect(above, 'the hotel has rooms above the limit as well as within it').toBeGreaterThan(0);
});

test('kiosk hotel details: a date of birth under 18 on the check-in day is said as soon as it is chosen, and Continue does not go on', async ({ page }) => {
  stack = await startStack({ args: ['--profile', 'kiosk'] });
  await openKioskShift(stack);
  await page.setViewportSize({ width: 1080, height: 1920 });
  await page.goto(stack.host.url);
  const s = (key: Parameters<typeof say>[1], values?: Record<string, string | number>) => say('en', key, values);
  await page.getByRole('button', { name: new RegExp(s('kiosk.hotelTile')) }).click();
  await page.getByRole('button', { name: 'Lagos', exact: true }).click();
  await page.getByRole('button', { name: s('common.continue') }).click();
  await page.getByRole('list', { name: s('hotels.list') }).getByRole('button').first().click();
  await page.getByTestId('kiosk-room').and(page.locator(':not([disabled])')).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(s('kiosk.details.title'));
  await page.getByLabel(s('checkout.name')).fill('Tunde Bakare');
  await page.getByLabel(s('checkout.email')).fill('tunde@example.com');
  await page.getByLabel(s('checkout.phone')).fill('0805 555 0101');

  const pick = async (year: number, month: number, day: number) => {
    await page.getByRole('button', { name: new RegExp(s('checkout.dob')) }).click();
    const picker = page.getByRole('dialog', { name: s('dob.title') });
    await picker.getByRole('button', { name: s('dob.decade', { decade: String(Math.floor(year / 10) * 10) }) }).click();
    await picker.getByRole('button', { name: String(year), exact: true }).click();
    await picker.getByRole('button', { name: s(`date.month.${month}` as Parameters<typeof say>[1]), exact: true }).click();
    await picker.getByRole('button', { name: String(day), exact: true }).click();
    await picker.getByRole('button', { name: s('date.pattern.dayMonthYear', { day, month: s(`date.month.${month}` as Parameters<typeof say>[1]), year: String(year) }) }).click();
  };
  await pick(2015, 1, 1);
  await expect(page.getByText(s('said.dobUnder18'))).toBeVisible();
  await screenshots(page, 'kiosk-dob-under-18');
  await page.getByRole('button', { name: s('common.continue') }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(s('kiosk.details.title'));

  await pick(1985, 4, 12);
  await expect(page.getByText(s('said.dobUnder18'))).toHaveCount(0);
  await page.getByRole('button', { name: s('common.continue') }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(s('kiosk.pay.title'));
});
