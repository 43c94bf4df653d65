import type { Page } from '@playwright/test';

/**
 * A stranger at the kiosk's attract screen, on to the pay step: the `film`-th film showing, its
 * first showtime, one ticket, their name, e-mail and phone, Continue. The caller waits for the pay
 * step. Shared by kiosk.spec and the kiosk cycles of `npm run bench` (scripts/bench/renderer.ts).
 */
export async function kioskCustomerToPay(page: Page, film: number, who: { name: string; email: string }): Promise<void> {
  await page.getByRole('region', { name: 'Showing now' }).getByRole('button').nth(film).click();
  await page.locator('main section[aria-label] button').first().click();
  await page.getByTestId('kiosk-ticket').getByRole('button', { name: /^More:/ }).first().click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Full name').fill(who.name);
  await page.getByLabel('E-mail').fill(who.email);
  await page.getByLabel('Phone').fill('08031234567');
  await page.getByRole('button', { name: 'Continue' }).click();
}
