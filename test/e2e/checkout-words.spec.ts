import { test, expect } from './test';
import { expectInView, fillCustomer, openTill, startStack, type Stack, toHotelCheckout, toCinemaCheckout } from './support';
import { keepScreenshot } from './keep-screenshot';

/**
 * What the checkout says when something is missing or cannot be read: the thing that is wrong,
 * never a sentence about something she already did (a first-time-user audit found "Enter how the
 * customer pays" for cash typed as letters, and "Hotels need the date of birth" for 31/02/1990).
 */

let stack: Stack;
test.beforeEach(async () => {
  stack = await startStack();
});
test.afterEach(async () => {
  await stack?.stop();
});

test('cash typed as letters, or not typed, is said as such; the sale is not sent', async ({ page }) => {
  await openTill(page, stack.host);
  await toCinemaCheckout(page);
  await fillCustomer(page, { name: 'Amaka Obi', email: 'amaka@example.com', phone: '+234 803 123 4567' });

  await page.getByRole('button', { name: /^Confirm/ }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Type the cash the customer handed over.' })).toBeVisible();

  await page.getByLabel('Cash received (₦)').fill('abc');
  await page.getByRole('button', { name: /^Confirm/ }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Type the cash received as a number, for example 5000.' })).toBeVisible();
  await expect(page.getByText('Enter how the customer pays.')).toHaveCount(0);

  await page.getByRole('radiogroup', { name: 'Payment method' }).getByRole('button', { name: 'Bank transfer' }).click();
  await page.getByRole('button', { name: /^Confirm/ }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Type the bank transfer’s reference.' })).toBeVisible();
  expect(stack.journal('SELECT id FROM sales')).toEqual([]);
});

test('a hotel date of birth that is not a real date says so, not that it is missing', async ({ page }) => {
  await openTill(page, stack.host);
  await toHotelCheckout(page);
  await fillCustomer(page, { name: 'Tunde Bakare', email: 'tunde@example.com', phone: '+234 805 555 0101' });
  await page.getByLabel(/Date of birth/).fill('31/02/1990');
  await page.getByRole('radiogroup', { name: 'Payment method' }).getByRole('button', { name: 'Card' }).click();
  await page.getByRole('button', { name: /^Confirm/ }).click();
  // The field's own words (its description, read out with it): no such date, not "missing".
  const dob = page.getByLabel(/Date of birth/);
  await expect(dob).toHaveAccessibleDescription('That date does not exist. Check the day and the month.');
  await expect(dob).not.toHaveAccessibleDescription(/Hotels need the date of birth/);
  await keepScreenshot(page, { path: test.info().outputPath('hotel-dob-not-real.png') });
  expect(stack.journal('SELECT id FROM sales')).toEqual([]);
});

test('first setup: two PINs that differ are said right under the PIN field, in view at 1280x800', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(stack.host.url);
  await page.getByRole('button', { name: 'Staff', exact: true }).click();
  await page.getByLabel('Your name').fill('Ada Owner');
  await page.getByLabel('Choose a PIN (4 to 8 digits)').fill('1234');
  await page.getByRole('button', { name: 'OK' }).click();
  await page.getByLabel('Type the PIN again').fill('4321');
  await page.getByRole('button', { name: 'OK' }).click();
  const said = page.getByRole('alert').filter({ hasText: 'The two PINs were different. Choose a PIN again.' });
  await expectInView(said, 'the PIN mismatch');
  await expect(page.getByLabel('Choose a PIN (4 to 8 digits)')).toHaveAccessibleDescription('The two PINs were different. Choose a PIN again.');
  await keepScreenshot(page, { path: test.info().outputPath('pin-mismatch-1280x800.png') });
});
