import { test, expect } from '@playwright/test';
import { fillCustomer, setUpTill, startStack, toCinemaCheckout } from './support';

/**
 * A sale whose answer was lost shows "Checking with the partner…" until the till's lookup settles
 * it. The settling is pushed to the screen (sale:updated); a screen that was not listening then (its
 * event stream reconnecting after a restart, say) must still turn to the outcome by itself.
 */
test('a sale screen that misses the push still turns from checking to confirmed by itself', async ({ page }) => {
  const stack = await startStack();
  try {
    // No pushed change reaches this screen at all.
    await page.route('**/events', (route) => route.abort());
    await page.goto(stack.host.url);
    await setUpTill(page);
    await toCinemaCheckout(page);
    await fillCustomer(page, { name: 'Ngozi Eze', email: 'ngozi@example.com', phone: '0803 555 0102' });
    await page.getByLabel('Cash received (₦)').fill('100000');
    // The partner takes the purchase; its answer never arrives. Its lookups work.
    stack.sandbox.faults.set({ dropAfterCommitNext: 1 });
    await page.getByRole('button', { name: /^Confirm/ }).click();
    await expect(page.getByRole('heading', { name: 'Checking with the partner…' })).toBeVisible({ timeout: 20_000 });
    await expect.poll(() => stack.journal<{ state: string }>('SELECT state FROM sales')[0]?.state, { timeout: 30_000 }).toBe('confirmed');
    await expect(page.getByRole('heading', { name: 'Sale confirmed' })).toBeVisible({ timeout: 10_000 });
  } finally {
    await stack.stop();
  }
});
