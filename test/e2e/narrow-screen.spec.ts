import type { Locator, Page } from '@playwright/test';
import { test, expect } from './test';
import { startPreviewHost, type PreviewHost } from '../helpers/preview-host';
import { fillCustomer, openTill, toHotelCheckout } from './support';

/**
 * A counter on a portrait screen 800 px wide (a tablet on a stand at a hotel desk): the top bar,
 * the checkout's pinned bar and the booking number must read as they do on a wide screen. In
 * training mode (the embedded sandbox), whose badge makes the top bar longest.
 */
let host: PreviewHost;
let kiosk: PreviewHost;
let backOffice: PreviewHost;
test.beforeAll(async () => {
  [host, kiosk, backOffice] = await Promise.all([startPreviewHost(), startPreviewHost({ args: ['--profile', 'kiosk'] }), startPreviewHost()]);
});
test.afterAll(async () => Promise.all([host?.stop(), kiosk?.stop(), backOffice?.stop()]));

/** How many lines an element's text takes on screen (distinct line tops of its text's boxes). */
const linesOf = (locator: Locator) =>
  locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
  });

/** Where an element's text ends on the right (its text's box, not the element's). */
const textRightOf = (locator: Locator) =>
  locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return Math.round(range.getBoundingClientRect().right);
  });

/**
 * The colours of a strip of the screen, read by drawing a screenshot of it on a blank page of the
 * same browser: what the customer would see there, shadows and all.
 */
async function stripColours(page: Page, clip: { x: number; y: number; width: number; height: number }): Promise<Set<string>> {
  const png = (await page.screenshot({ clip })).toString('base64');
  const canvasPage = await page.context().newPage();
  try {
    return new Set(
      await canvasPage.evaluate(async (data) => {
        const image = new Image();
        image.src = `data:image/png;base64,${data}`;
        await image.decode();
        const canvas = document.createElement('canvas');
        canvas.width = image.width;
        canvas.height = image.height;
        const context = canvas.getContext('2d')!;
        context.drawImage(image, 0, 0);
        const pixels = context.getImageData(0, 0, image.width, image.height).data;
        const seen = new Set<string>();
        for (let i = 0; i < pixels.length; i += 4) seen.add(`${pixels[i]},${pixels[i + 1]},${pixels[i + 2]}`);
        return [...seen];
      }, png),
    );
  } finally {
    await canvasPage.close();
  }
}

/**
 * A bar pinned to the bottom of a scroller stops the scroller's padding short of its edge. The
 * strip between the bar and the screen's bottom edge must be the page's colour only: no field,
 * button or border of what scrolls underneath shows through. The bar's own soft shadow darkens
 * the paper by a shade or two; a field (white), a border or text would be tens of shades away.
 */
async function expectNothingShowsUnder(page: Page, bar: Locator, scrolledUnder: Locator) {
  await expect(bar).toBeVisible();
  const box = (await bar.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.y + box.height, 'the bar is pinned above the bottom edge, the page going on under it').toBeLessThan(viewport.height - 8);
  const under = (await scrolledUnder.boundingBox())!;
  expect(under.y + under.height, 'something reaches below the bar, still to scroll to').toBeGreaterThan(box.y + box.height);
  const strip = { x: box.x, y: Math.ceil(box.y + box.height) + 2, width: box.width, height: Math.floor(viewport.height - (box.y + box.height)) - 4 };
  expect(strip.height).toBeGreaterThan(8);
  const paper = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor.match(/\d+/g)!.slice(0, 3).join(','));
  const far = [...(await stripColours(page, strip))].filter((colour) => colour.split(',').some((c, i) => Math.abs(Number(c) - Number(paper.split(',')[i])) > 6));
  expect(far, `colours under the pinned bar, other than the page's ${paper}`).toEqual([]);
}

test('a portrait screen 800 px wide: the top bar wraps as a row, nothing shows under the pinned Confirm bar, and a booking number stays whole', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 1280 });
  await openTill(page, host);
  await toHotelCheckout(page);
  await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();

  // Back, Home, Staff and the training badge do not fit one row here: each keeps its words on one line.
  const bar = page.locator('header').first();
  for (const item of [bar.getByRole('button', { name: /Back/ }), bar.getByRole('button', { name: 'Home' }), bar.getByRole('button', { name: 'Staff' }), bar.getByRole('status').filter({ hasText: 'TRAINING' })]) {
    expect(await linesOf(item), await item.innerText()).toBe(1);
  }

  // The form is longer than the screen, so the Confirm bar is pinned over it, the cash buttons still below.
  await expectNothingShowsUnder(page, page.locator('.action-bar'), page.getByRole('button', { name: /^Exact/ }));

  await fillCustomer(page, { name: 'Chidi Okeke', email: 'chidi@example.ng', phone: '0803 555 1234', dob: '1988-04-12' });
  await page.getByRole('button', { name: /^Exact/ }).click();
  await page.getByRole('button', { name: /^Confirm/ }).click();
  await expect(page.getByRole('heading', { name: 'Sale confirmed' })).toBeVisible();
  // "BK-" at the end of one line and the rest on the next would be read out to the guest as two codes.
  const booking = page.getByTestId('booking-number');
  await expect(booking).toHaveText(/^BK-/);
  expect(await linesOf(booking), await booking.innerText()).toBe(1);
});

test('the kiosk’s pinned footer lets nothing show under it either: the tickets step on a 1366 × 768 landscape screen', async ({ page }) => {
  for (const [channel, request] of [['staff:setup', { name: 'Kiosk Supervisor', pin: '2468' }], ['shift:open', { floatKobo: 0 }], ['staff:sign-out', {}]] as const) {
    expect((await kiosk.rpc(channel, request)).json.ok, channel).toBe(true);
  }
  // A common small landscape panel: four ticket kinds are taller than the screen beside the footer.
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(kiosk.url);
  await page.getByRole('region', { name: 'Showing now' }).getByRole('button').first().click();
  await page.locator('main section[aria-label] button').first().click();
  await page.getByTestId('kiosk-ticket').getByRole('button', { name: /^More:/ }).first().click();
  await expectNothingShowsUnder(page, page.getByTestId('kiosk-footer'), page.getByTestId('kiosk-ticket').last());
});

test('the back office on the same portrait screen: its six sections in one row, the X report’s figures in its Amount column, the drawer’s three moves side by side, and a partner URL read whole', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 1280 });
  await openTill(page, backOffice);
  await page.getByRole('button', { name: 'Staff', exact: true }).click();
  const sectionsNav = page.getByRole('navigation', { name: /sections/i });
  const sections = sectionsNav.getByRole('button');
  await expect(sections).toHaveCount(6);
  const sectionTops = new Set(await sections.evaluateAll((tabs) => tabs.map((tab) => Math.round(tab.getBoundingClientRect().top))));
  expect(sectionTops.size, `rows of section tabs (${(await sections.allInnerTexts()).join(', ')})`).toBe(1);

  // The figures under the X report's table end where its Amount column's do, as on the paper.
  const [amountRight, expectedRight] = await Promise.all([textRightOf(page.getByRole('columnheader', { name: 'Amount' }).first()), textRightOf(page.getByTestId('expected-cash'))]);
  expect(Math.abs(amountRight - expectedRight), `right edges of "Amount" (${amountRight}) and the cash expected (${expectedRight})`).toBeLessThanOrEqual(2);

  // Cash in at the end of one row and Cash out under it read as two different things.
  const moves = [page.getByRole('button', { name: 'Cash in', exact: true }), page.getByRole('button', { name: 'Cash out', exact: true }), page.getByRole('button', { name: /^No sale/ })];
  const tops = await Promise.all(moves.map(async (move) => Math.round((await move.boundingBox())!.y)));
  expect(new Set(tops).size, `tops of Cash in, Cash out and No sale: ${tops.join(', ')}`).toBe(1);
  for (const move of moves) expect(await linesOf(move), await move.innerText()).toBe(1);

  // A partner URL as a supervisor types it is read back whole, not scrolled inside a narrow box.
  await sectionsNav.getByRole('button', { name: 'Settings' }).click();
  const url = page.getByLabel(/Partner API URL/);
  await url.fill('https://api.partner-bookings.example.ng');
  const fits = await url.evaluate((input) => ({ text: input.scrollWidth, box: input.clientWidth }));
  expect(fits.text, `the URL's width (${fits.text} px) against its box's (${fits.box} px)`).toBeLessThanOrEqual(fits.box);
});
