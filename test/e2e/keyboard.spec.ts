import { test, expect } from '@playwright/test';
import { formatNaira } from '../../shared/money';
import { naira, setUpTill, startStack, type Stack } from './support';

let stack: Stack;
test.beforeAll(async () => {
  stack = await startStack();
});
test.afterAll(async () => stack?.stop());

test('a cashier with a queue: F2, type to search, number keys, Ctrl+Enter to confirm cash, N for the next sale, Esc back', async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto(stack.host.url);
  await setUpTill(page);
  await page.keyboard.press('F2');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Now showing');
  // The search field already has the cursor.
  await page.keyboard.type('Lagos');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('list', { name: 'Films' }).getByRole('button').first()).toBeVisible();
  await page.getByRole('list', { name: 'Films' }).getByRole('button').first().click();
  await page.getByRole('region', { name: 'Cinema' }).getByRole('button').first().click();
  await page.getByRole('region', { name: 'Showtime' }).getByRole('button').first().click();
  const row = page.locator('.ticket-row:not(.ticket-sold-out)').first();
  const price = naira((await row.locator('.ticket-price').textContent())!);
  await page.keyboard.press('3');
  await expect(page.locator('.action-total')).toHaveText(`3 tickets · ${formatNaira(3 * price)}`);
  await page.keyboard.press('2');
  await expect(page.locator('.action-total')).toHaveText(`2 tickets · ${formatNaira(2 * price)}`);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
  await page.getByLabel('Full name').fill('Kola Adeyemi');
  await page.getByLabel('E-mail').fill('kola@example.com');
  await page.getByLabel('Phone').fill('08031112222');
  await page.getByLabel('Cash received (₦)').fill(String(Math.ceil((2 * price) / 100_000) * 1000));
  await page.keyboard.press('Control+Enter');
  await expect(page.getByRole('heading', { name: 'Sale confirmed' })).toBeVisible({ timeout: 15_000 });
  await page.keyboard.press('n');
  await expect(page.getByRole('heading', { name: 'What would you like to sell?' })).toBeVisible();
  await page.keyboard.press('F3');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find a room');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { name: 'What would you like to sell?' })).toBeVisible();
});
