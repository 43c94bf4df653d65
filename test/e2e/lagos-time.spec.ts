import { test, expect } from './test';
import { randomUUID } from 'node:crypto';
import { fillCustomer, openTill, startStack, type Stack, toCinemaCheckout } from './support';
import { keepScreenshot } from './keep-screenshot';

/**
 * A till whose computer is not set to Lagos time: the screens still show the Lagos time the
 * receipt prints. Chromium runs in New York's zone (UTC-5 in November, six hours behind Lagos),
 * and every time on screen must be Lagos's: the sale screen's receipt, the journal list, the
 * refunds panel's Find and the sale screen's refund line.
 */
test.use({ timezoneId: 'America/New_York' });

let stack: Stack;
test.afterEach(async () => {
  await stack?.stop();
});

/** An instant's Lagos day and time as the screens write it ("26/11/2026, 05:41:38"), worked out here on its own: Lagos is UTC+1. */
const lagosText = (iso: string) => {
  const lagos = new Date(Date.parse(iso) + 3600_000).toISOString();
  return `${lagos.slice(8, 10)}/${lagos.slice(5, 7)}/${lagos.slice(0, 4)}, ${lagos.slice(11, 19)}`;
};
const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

test('a browser in New York time shows the sale, the journal and the refund at the Lagos time the receipt prints', async ({ page }) => {
  stack = await startStack();
  await openTill(page, stack.host);
  expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('America/New_York');

  // A cash sale of one ticket; the preview printer keeps the receipt on screen.
  await toCinemaCheckout(page);
  await fillCustomer(page, { name: 'Chiamaka Obi', email: 'chiamaka@example.com', phone: '0803 123 4567' });
  await page.getByLabel('Cash received (₦)').fill('100000');
  await page.getByRole('button', { name: /^Confirm/ }).click();
  await expect(page.getByRole('heading', { name: 'Sale confirmed' })).toBeVisible();
  const reference = (await page.getByTestId('partner-reference').textContent())!;
  const [sale] = stack.journal<{ id: string; created_at: string }>('SELECT id, created_at FROM sales');
  const shown = lagosText(sale!.created_at); // "26/11/2026, 05:41:38"
  const [day, month, year] = shown.slice(0, 10).split('/');

  // The receipt prints the Lagos day and time (to the minute) of the sale.
  const receipt = page.getByTestId('receipt-preview');
  await expect(receipt).toContainText(reference);
  const printed = /(\d{1,2}) ([A-Z][a-z]{2}) (\d{4}) (\d{2}):(\d{2})/.exec((await receipt.textContent())!);
  expect(printed, 'the receipt has a date and time').not.toBeNull();
  expect([printed![1]!.padStart(2, '0'), String(months.indexOf(printed![2]!) + 1).padStart(2, '0'), printed![3]]).toEqual([day, month, year]);
  const receiptMinutes = Number(printed![4]) * 60 + Number(printed![5]);
  const saleMinutes = Number(shown.slice(12, 14)) * 60 + Number(shown.slice(15, 17));
  // The receipt is issued a moment after the sale is written: the same minute or the next.
  expect(receiptMinutes - saleMinutes).toBeGreaterThanOrEqual(0);
  expect(receiptMinutes - saleMinutes).toBeLessThanOrEqual(1);

  // Staff -> Journal: the sale's row says the same Lagos day and time.
  await page.getByRole('button', { name: 'Staff', exact: true }).click();
  await page.getByRole('navigation', { name: 'Back office sections' }).getByRole('button', { name: 'Journal', exact: true }).click();
  const row = page.locator('.sale-row').filter({ hasText: reference });
  await expect(row).toContainText(`Chiamaka Obi · ${shown} · ${reference}`);

  // A refund of it (Bola, a second supervisor, approves), then Sales -> Refunds -> Find by phone.
  const call = async (channel: string, body: unknown) => {
    const { json } = await stack.host.rpc(channel, body);
    if (!json.ok) throw new Error(`${channel}: ${JSON.stringify(json.error)}`);
    return json.value;
  };
  const bola = await call('staff:create', { name: 'Bola Supervisor', role: 'supervisor', pin: '1357' });
  await call('correction:refund', {
    correctionId: `R-${randomUUID()}`, saleId: sale!.id, basis: 0, tender: 'cash', lines: [{ line: 0, quantity: 1 }],
    approval: { supervisorId: bola.id, pin: '1357' }, reason: 'customer-cancelled', note: 'Cannot come tonight',
  });
  const [refund] = stack.journal<{ created_at: string }>('SELECT created_at FROM corrections');
  // Made behind the screen's back: a fresh page, so the sale is read again with its refund.
  await page.reload();
  await page.getByRole('button', { name: 'Staff', exact: true }).click();
  await page.getByRole('navigation', { name: 'Back office sections' }).getByRole('button', { name: 'Sales', exact: true }).click();
  const panel = page.getByTestId('refunds-panel');
  await panel.getByLabel('Find the sale: reference, receipt number, phone or name').fill('08031234567');
  await panel.getByRole('button', { name: 'Search' }).click();
  await expect(panel.getByRole('button', { name: new RegExp(reference) })).toContainText(`${reference} · ${shown}`);
  await expect(panel.getByTestId('cancellation').filter({ hasText: reference })).toContainText(lagosText(refund!.created_at));

  // The sale screen: its refund line, at the Lagos time it was made.
  await panel.getByRole('button', { name: new RegExp(reference) }).click();
  await expect(page.getByTestId('correction')).toContainText(lagosText(refund!.created_at));
  for (const [width, height] of [[1920, 1080], [1080, 1920]] as const) {
    await page.setViewportSize({ width, height });
    await page.getByTestId('sale-corrections').scrollIntoViewIfNeeded();
    await keepScreenshot(page, { path: test.info().outputPath(`lagos-time-refund-line-${width}x${height}.png`) });
  }
});
