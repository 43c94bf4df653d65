import type { Page } from '@playwright/test';
import { test, expect } from './test';
import { axeViolations } from './axe';
import { startPreviewHost } from '../helpers/preview-host';
import { chooseShowtime, fillCustomer, openTill, startStack, type Stack } from './support';
import { keepScreenshot } from './keep-screenshot';

const sizes = [
  { name: 'landscape', width: 1920, height: 1080 },
  { name: 'portrait', width: 1080, height: 1920 },
];

/** Every main screen: an accessibility scan (no finding of any impact) and screenshots in both orientations. */
async function check(page: Page, screen: string) {
  for (const size of sizes) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.waitForTimeout(150);
    await keepScreenshot(page, { path: test.info().outputPath(`${screen}-${size.name}.png`), fullPage: true });
  }
  // Every rule axe has, every impact: 0 findings (issue 15).
  const violations = await axeViolations(page);
  expect(violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`), screen).toEqual([]);
  await page.setViewportSize({ width: 1920, height: 1080 });
}

let stack: Stack;
test.beforeAll(async () => {
  stack = await startStack();
});
test.afterAll(async () => stack?.stop());

test('counter screens: home, staff, films, film, hotels, hotel, checkout, outcome', async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await openTill(page, stack.host);
  await check(page, 'home');
  await page.getByRole('button', { name: 'Staff', exact: true }).click();
  await check(page, 'staff');
  await page.getByRole('button', { name: /Back/ }).click();

  await page.getByRole('button', { name: /Cinema/ }).first().click();
  await expect(page.locator('.film-card').first()).toBeVisible();
  await check(page, 'films');
  await page.getByRole('button', { name: /Back/ }).click();
  await chooseShowtime(page);
  await page.locator('.ticket-row:not(.ticket-sold-out)').first().getByRole('button', { name: /^More:/ }).click();
  await check(page, 'film');
  await page.getByRole('button', { name: 'Checkout' }).click();
  await fillCustomer(page, { name: 'Ngozi Eze', email: 'ngozi@example.com', phone: '0812 345 6789' });
  await check(page, 'checkout');
  await page.getByRole('button', { name: /^Exact/ }).click();
  await page.getByRole('button', { name: /^Confirm/ }).click();
  await expect(page.getByRole('heading', { name: 'Sale confirmed' })).toBeVisible();
  await check(page, 'sale-confirmed');

  await page.getByRole('button', { name: 'New sale' }).click();
  await page.getByRole('button', { name: /Hotels/ }).first().click();
  await page.getByRole('button', { name: 'Lagos', exact: true }).click();
  await expect(page.locator('.hotel-card').first()).toBeVisible();
  await check(page, 'hotels');
  await page.locator('.hotel-card').first().click();
  await page.locator('.room-card:not([disabled])').first().click();
  await check(page, 'hotel');
});

test('kiosk screens: attract, idle warning', async ({ page }) => {
  const kiosk = await startPreviewHost({ args: ['--profile', 'kiosk', '--kiosk-idle-seconds', '2', '--kiosk-warning-seconds', '30'] });
  try {
    // The attract screen offers its tiles only while a shift is open.
    expect((await kiosk.rpc('staff:setup', { name: 'Kiosk Supervisor', pin: '2468' })).json.ok).toBe(true);
    expect((await kiosk.rpc('shift:open', { floatKobo: 0 })).json.ok).toBe(true);
    await kiosk.rpc('staff:sign-out', {});
    await page.setViewportSize({ width: 1080, height: 1920 });
    await page.goto(kiosk.url);
    await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
    await check(page, 'kiosk-attract');
    await page.getByRole('button', { name: /Book a room/ }).click();
    await expect(page.getByRole('alertdialog', { name: 'Still there?' })).toBeVisible({ timeout: 5000 });
    await check(page, 'kiosk-idle-warning');
  } finally {
    await kiosk.stop();
  }
});
