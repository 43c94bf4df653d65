import type { Locator } from '@playwright/test';
import { test, expect } from './test';
import { fillCustomer, openTill, startStack, type Stack, toCinemaCheckout } from './support';
import { keepScreenshot } from './keep-screenshot';

/**
 * The night clerk steps away from the desk: after the configured minutes untouched the screen hides
 * behind her PIN, the guest's details out of sight; her PIN brings back the sale as it was, and
 * Sign out lets someone else in. Real preview host and sandbox; the page's clock is moved on.
 */
let stack: Stack;
test.beforeAll(async () => {
  stack = await startStack({ args: ['--lock-minutes', '1'] });
});
test.afterAll(async () => stack?.stop());

/** Whether what is at the centre of the element is something else (the lock over it). */
const coveredBy = (locator: Locator) =>
  locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const top = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
    return top !== null && top !== el && !el.contains(top) ? (top.closest('dialog')?.getAttribute('aria-labelledby') ?? 'other') : null;
  });

test('a counter untouched for a minute locks behind the PIN of who is signed in; her PIN brings the sale back as typed; Sign out lets someone else in', async ({ page }) => {
  await page.clock.install();
  await page.setViewportSize({ width: 1920, height: 1080 });
  await openTill(page, stack.host);
  await toCinemaCheckout(page);
  await fillCustomer(page, { name: 'Emeka Nwosu', email: 'emeka@example.com', phone: '0803 555 0101' });
  const name = page.getByLabel('Full name');

  await page.clock.fastForward('00:50');
  await expect(page.getByRole('dialog', { name: 'Screen locked' })).toHaveCount(0);
  await page.clock.fastForward('00:15');
  const lock = page.getByRole('dialog', { name: 'Screen locked' });
  await expect(lock).toBeVisible();
  await expect(lock.getByTestId('screen-lock')).toContainText('Ada Supervisor stepped away');
  expect(await coveredBy(name), 'the guest’s name is hidden behind the lock').not.toBeNull();
  for (const size of [
    { name: 'landscape', width: 1920, height: 1080 },
    { name: 'portrait', width: 1080, height: 1920 },
  ]) {
    await page.setViewportSize(size);
    await keepScreenshot(page, { path: test.info().outputPath(`screen-lock-${size.name}.png`) });
  }
  await page.setViewportSize({ width: 1920, height: 1080 });

  // A wrong PIN is refused there; hers opens it, and the sale is as she left it.
  const pin = lock.getByLabel('Ada Supervisor: your PIN to go on');
  await pin.fill('1111');
  await pin.press('Enter');
  await expect(lock.getByRole('alert')).toContainText('PIN');
  await pin.fill('2468');
  await pin.press('Enter');
  await expect(lock).toHaveCount(0);
  await expect(name).toHaveValue('Emeka Nwosu');
  expect(await coveredBy(name)).toBeNull();

  // Again, and someone else takes over: signed out, no lock.
  await page.clock.fastForward('01:05');
  await expect(lock).toBeVisible();
  await lock.getByRole('button', { name: 'Sign out (someone else)' }).click();
  await expect(lock).toHaveCount(0);
  expect((await stack.host.rpc('staff:status', {})).json.value.signedIn).toBeNull();
  await page.clock.fastForward('02:00');
  await expect(lock).toHaveCount(0);
});
