import type { Page } from '@playwright/test';
import { test, expect } from './test';
import { axeViolations } from './axe';
import { fillCustomer, openTill, startStack, type Stack, toCinemaCheckout } from './support';
import { keepScreenshot } from './keep-screenshot';

/**
 * A sale whose answer was lost while the partner's lookups stay down: it can never settle by
 * itself. A supervisor, after asking the partner another way, records that it holds it under its
 * reference. Real sandbox, real journal.
 */
let stack: Stack;
test.beforeAll(async () => {
  stack = await startStack();
});
test.afterAll(async () => stack?.stop());

/** A cash sale from the counter whose purchase the partner takes but whose answer never arrives. */
async function sellWithAnswerLost(page: Page): Promise<string> {
  await toCinemaCheckout(page);
  await fillCustomer(page, { name: 'Emeka Nwosu', email: 'emeka@example.com', phone: '0803 555 0101' });
  await page.getByLabel('Cash received (₦)').fill('100000');
  stack.sandbox.faults.set({ dropAfterCommitNext: 1 });
  await page.getByRole('button', { name: /^Confirm/ }).click();
  await expect.poll(() => stack.journal<{ state: string }>('SELECT state FROM sales')[0]?.state, { timeout: 15_000 }).toBe('unknown');
  // Every call to the partner fails from now on: no lookup can settle it.
  stack.sandbox.faults.set({ failNext: 100_000 });
  return stack.journal<{ id: string }>('SELECT id FROM sales')[0]!.id;
}

test('a sale the lookups can never settle: a supervisor records what the partner said, with her reason, and it is confirmed on that reference', async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await openTill(page, stack.host);
  const saleId = await sellWithAnswerLost(page);
  const reference = stack.sandbox.transactions().find((t) => t.merchant_reference === saleId)!.reference;

  await page.getByRole('button', { name: 'Staff', exact: true }).click();
  await page.getByRole('navigation', { name: 'Back office sections' }).getByRole('button', { name: 'Sales' }).click();
  const row = page.locator('.sale-row').filter({ hasText: 'Outcome unknown' });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: 'Settle by hand' }).click();

  const sheet = page.getByRole('dialog', { name: 'Settle this sale by hand' });
  await expect(sheet).toBeVisible();
  // The number the partner files it under, to read out on the phone.
  await expect(sheet.getByTestId('hand-sale-number')).toHaveText(saleId);
  const record = sheet.getByRole('button', { name: 'Record it' });
  await expect(record).toBeDisabled();
  await sheet.getByLabel('It has this sale').check();
  await sheet.getByLabel('The partner’s reference for it').fill(reference);
  await sheet.getByLabel(/^Why/).fill('Partner portal lists it as paid');
  for (const size of [
    { name: 'landscape', width: 1920, height: 1080 },
    { name: 'portrait', width: 1080, height: 1920 },
  ]) {
    await page.setViewportSize(size);
    await keepScreenshot(page, { path: test.info().outputPath(`settle-by-hand-${size.name}.png`) });
  }
  const violations = await axeViolations(page, { include: 'dialog' });
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  await record.click();

  await expect(sheet).toHaveCount(0);
  await expect(page.getByText('Every sale is settled.')).toBeVisible();
  const [sale] = stack.journal<{ state: string; partner_reference: string }>('SELECT state, partner_reference FROM sales WHERE id = ?', saleId);
  expect(sale).toEqual({ state: 'confirmed', partner_reference: reference });
  const [event] = stack.journal<{ detail_json: string }>("SELECT detail_json FROM sale_events WHERE sale_id = ? AND to_state = 'confirmed'", saleId);
  expect(JSON.parse(event!.detail_json).note).toMatchObject({ settledBy: 'hand', byHand: { staffName: 'Ada Supervisor', reason: 'Partner portal lists it as paid' } });
  stack.sandbox.faults.reset();
});
