import type { Page } from '@playwright/test';
import { test, expect } from './test';
import { en } from '../../renderer/src/i18n/catalogues/en';
import { fillCustomer, openTill, startStack, toCinemaCheckout, type Stack } from './support';

/** A cinema checkout, customer filled in, on a screen that no pushed change reaches at all. */
async function checkoutWithoutPushes(page: Page, stack: Stack) {
  await page.route('**/events', (route) => route.abort());
  await openTill(page, stack.host);
  await toCinemaCheckout(page);
  await fillCustomer(page, { name: 'Ngozi Eze', email: 'ngozi@example.com', phone: '0803 555 0102' });
}

/**
 * A sale whose answer was lost shows "Checking with the partner…" until the till's lookup settles
 * it. The settling is pushed to the screen (sale:updated); a screen that was not listening then (its
 * event stream reconnecting after a restart, say) must still turn to the outcome by itself.
 */
test('a sale screen that misses the push still turns from checking to confirmed by itself', async ({ page }) => {
  const stack = await startStack();
  try {
    await checkoutWithoutPushes(page, stack);
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

/**
 * A card payment whose answer the till could not get within the charge: the sheet says it is
 * checking, and the till keeps asking the terminal in the background. When that settles it, the
 * change is pushed; a screen that missed the push must still go on to the sale by itself.
 */
test('a card sheet that misses the pushes still shows the terminal\'s steps, and goes on from "checking what happened" to the sale once the till learns the card was approved', async ({ page }) => {
  const stack = await startStack({ terminal: { autoPresentMs: null } });
  try {
    await checkoutWithoutPushes(page, stack);
    await page.getByRole('radiogroup', { name: 'Payment method' }).getByRole('button', { name: 'Card' }).click();
    await page.getByRole('button', { name: /^Confirm/ }).click();
    await expect.poll(() => stack.terminal!.display().screen, { timeout: 15_000 }).toBe('waiting-for-card');
    // The terminal's steps are pushed too; asked for, the sheet still says what to do.
    const sheet = page.getByTestId('card-payment');
    await expect(sheet.getByTestId('card-stage')).toHaveText(en['card.stage.waiting-for-card']);
    // The card is approved, and from then on the network between till and terminal drops every
    // answer, for longer than the charge keeps asking.
    expect(stack.terminal!.presentCard()).toEqual({ ok: true });
    stack.cutTerminal(true);
    await expect(sheet.getByTestId('card-stage')).toHaveText(en['card.stage.checking'], { timeout: 15_000 });
    await expect(sheet.getByRole('heading', { name: en['card.result.checking'] })).toBeVisible({ timeout: 40_000 });
    expect(stack.journal<{ state: string }>('SELECT state FROM card_payments')).toEqual([{ state: 'unknown' }]);
    // The network is back: the till's next lookup learns of the approval, and the sale goes on.
    stack.cutTerminal(false);
    await expect(page.getByRole('heading', { name: 'Sale confirmed' })).toBeVisible({ timeout: 40_000 });
    expect(stack.journal<{ state: string }>('SELECT state FROM card_payments')).toEqual([{ state: 'approved' }]);
    expect(stack.journal<{ state: string }>('SELECT state FROM sales')).toEqual([{ state: 'confirmed' }]);
    expect(stack.sandbox.transactions()).toHaveLength(1);
    expect(stack.terminal!.transactions()).toHaveLength(1);
  } finally {
    await stack.stop();
  }
});
