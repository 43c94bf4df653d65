import { test, expect } from './test';
import { fillCustomer, openTill, startStack, type Stack, toCinemaCheckout } from './support';

/**
 * Leaving checkout after a sale was refused: the screen it goes back to works. (Chromium's
 * scrollIntoView returns a Promise; an effect that returned it crashed React on the way out and
 * left a white page with nothing to press: the lint rule in eslint.config.js keeps it out.)
 */
let stack: Stack;
test.beforeAll(async () => {
  stack = await startStack();
});
test.afterAll(async () => stack?.stop());

test('a sale refused at Confirm (the shift was closed meanwhile): Back and Home still lead to working screens', async ({ page }) => {
  const crashes: string[] = [];
  page.on('pageerror', (error) => crashes.push(error.message));
  await openTill(page, stack.host);
  await toCinemaCheckout(page);
  await fillCustomer(page, { name: 'Emeka Nwosu', email: 'emeka@example.com', phone: '0803 555 0101' });
  await page.getByLabel('Cash received (₦)').fill('100000');
  // A supervisor at another screen closes the shift while the cashier types.
  expect((await stack.host.rpc('shift:close', { countedKobo: 1_000_000 })).json.ok).toBe(true);
  await page.getByRole('button', { name: /^Confirm/ }).click();
  await expect(page.locator('.error-panel')).toContainText('Open a shift before selling.');

  await page.getByRole('button', { name: /Back/ }).first().click();
  await expect(page.getByRole('region', { name: 'Showtime' })).toBeVisible();
  await page.getByRole('button', { name: /Back/ }).first().click();
  await page.getByRole('button', { name: /Back/ }).first().click();
  await expect(page.getByRole('button', { name: 'Staff', exact: true })).toBeVisible();
  expect(crashes).toEqual([]);
});
