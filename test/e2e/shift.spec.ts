import { test, expect } from '@playwright/test';
import { formatNaira } from '../../shared/money';
import { chooseShowtime, fillCustomer, naira, setUpTill, startStack, type Stack } from './support';

let stack: Stack;
test.beforeAll(async () => {
  stack = await startStack();
});
test.afterAll(async () => stack?.stop());

async function sellOneTicketForCash(page: import('@playwright/test').Page, customer: string): Promise<number> {
  await chooseShowtime(page);
  const row = page.locator('.ticket-row:not(.ticket-sold-out)').first();
  const price = naira((await row.locator('.ticket-price').textContent())!);
  await row.getByRole('button', { name: /^More:/ }).click();
  await page.getByRole('button', { name: 'Checkout' }).click();
  await fillCustomer(page, { name: customer, email: 'x@example.com', phone: '08030000001' });
  await page.getByRole('button', { name: /^Exact/ }).click();
  await page.getByRole('button', { name: /^Confirm/ }).click();
  await expect(page.getByRole('heading', { name: 'Sale confirmed' })).toBeVisible();
  await page.getByRole('button', { name: 'New sale' }).click();
  return price;
}

test('shift: open, two cash sales, close with a counted difference, the Z report shows it', async ({ page }) => {
  await page.goto(stack.host.url);
  await setUpTill(page, { floatNaira: 5000 });
  const first = await sellOneTicketForCash(page, 'First Customer');
  const second = await sellOneTicketForCash(page, 'Second Customer');
  const expected = 500_000 + first + second;

  await page.getByRole('button', { name: 'Staff', exact: true }).click();
  await expect(page.getByTestId('expected-cash')).toHaveText(formatNaira(expected));
  // The drawer is ₦200 short.
  const counted = expected - 20_000;
  await page.getByLabel('Amount (₦)').fill(String(counted / 100));
  await page.getByRole('button', { name: 'Close shift with this count' }).click();
  const z = page.getByTestId('z-report');
  await expect(z).toContainText('Z report #1');
  await expect(z.getByTestId('difference')).toContainText(`${formatNaira(-20_000)}`);
  await expect(z.getByTestId('difference')).toContainText('short');
  // Reports are tables: item, count, amount.
  const confirmed = z.getByTestId('report-row-confirmed');
  await expect(confirmed.getByRole('rowheader')).toHaveText('Sales confirmed');
  await expect(confirmed.getByRole('cell')).toHaveText(['2', formatNaira(first + second)]);

  const [shift] = stack.journal<{ z_number: number; counted_kobo: number; expected_kobo: number }>('SELECT z_number, counted_kobo, expected_kobo FROM shifts');
  expect(shift).toEqual({ z_number: 1, counted_kobo: counted, expected_kobo: expected });
});
