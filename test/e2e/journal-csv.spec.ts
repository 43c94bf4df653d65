import { test, expect } from './test';
import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import { chooseShowtime, fillCustomer, naira, openTill, startStack, type Stack } from './support';
import { csvObjects } from '../helpers/csv-reader';
import { formatNaira } from '../../shared/money';
import { addDays, lagosDate } from '../../shared/dates';
import { keepScreenshot } from './keep-screenshot';

/**
 * The journal CSV as the supervisor downloads it (Staff -> Journal -> Export CSV) and a bookkeeper
 * opens it: UTF-8 with its byte-order mark (Excel then shows "·", "₦" and accented names), and a
 * refund's money counted once when the columns are summed.
 */
let stack: Stack;
test.afterEach(async () => {
  await stack?.stop();
});

test('the downloaded journal CSV starts with the UTF-8 mark and sums a refund once', async ({ page }) => {
  stack = await startStack();
  await openTill(page, stack.host, { name: 'Adébáyọ̀ Supervisor' });

  await chooseShowtime(page);
  const row = page.locator('.ticket-row:not(.ticket-sold-out)').first();
  const price = naira((await row.locator('.ticket-price').textContent())!);
  await row.getByRole('button', { name: /^More:/ }).click();
  await page.getByRole('button', { name: 'Checkout' }).click();
  await fillCustomer(page, { name: 'Chídìnmà Ézè', email: 'chidinma@example.com', phone: '0803 123 4567' });
  await page.getByLabel('Cash received (₦)').fill('100000');
  await page.getByRole('button', { name: /^Confirm/ }).click();
  await expect(page.getByRole('heading', { name: 'Sale confirmed' })).toBeVisible();
  const [sale] = stack.journal<{ id: string }>('SELECT id FROM sales');

  // The ticket is refunded in cash, a second supervisor approving.
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

  await page.getByRole('button', { name: 'Staff', exact: true }).click();
  await page.getByRole('navigation', { name: 'Back office sections' }).getByRole('button', { name: 'Journal', exact: true }).click();
  // The journal's list says the sale was refunded, and how much went back (it said "Confirmed").
  await expect(page.getByTestId('sale-row-state')).toHaveText('Refunded');
  await expect(page.getByTestId('sale-row-given-back')).toHaveText(` · ${formatNaira(price)} given back`);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^lobby-pos-T01-start-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = fs.readFileSync((await download.path())!);

  // UTF-8 with its byte-order mark, once, and the names as typed.
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.toString('utf8');
  expect(text.indexOf('\uFEFF', 1)).toBe(-1);
  const rows = csvObjects(text);
  expect(Object.keys(rows[0]!)[0]).toBe('sale_id');
  expect(rows.map((r) => r.record)).toEqual(['sale', 'refund']);
  expect(rows[0]!.details_json).toContain('Chídìnmà Ézè');
  expect(rows[0]!.cashier).toBe('Adébáyọ̀ Supervisor');
  // Beside the UTC instant, Lagos's clock as the receipt showed it: a spreadsheet groups by the Lagos day.
  const createdAt = stack.journal<{ created_at: string }>('SELECT created_at FROM sales')[0]!.created_at;
  const lagos = new Date(Date.parse(createdAt) + 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
  expect(rows[0]!.created_at).toBe(createdAt);
  expect(rows[0]!.created_at_lagos).toBe(lagos);

  // Summed down the file: the refund counts once, and the cash column nets to nothing kept.
  const kobo = (text: string | undefined) => Math.round(Number(text || '0') * 100);
  const sum = (column: string) => rows.reduce((total, r) => total + kobo(r[column]), 0);
  expect(rows.map((r) => [r.record, r.cash_ngn, r.given_back_ngn])).toEqual([
    ['sale', (price / 100).toFixed(2), ''],
    ['refund', (-price / 100).toFixed(2), (price / 100).toFixed(2)],
  ]);
  expect(sum('given_back_ngn')).toBe(price);
  expect(sum('cash_ngn')).toBe(0);

  // A bookkeeper's days: typed as the counter writes dates, they bound the list and the file alike.
  const typed = (day: string) => day.split('-').reverse().join('/');
  const today = lagosDate(new Date());
  const yesterday = addDays(today, -1);
  const journalPanel = page.getByRole('search');
  await journalPanel.getByLabel('First day (optional)').fill(typed(yesterday));
  await journalPanel.getByLabel('Last day (optional)').fill(typed(yesterday));
  await journalPanel.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('No sales found')).toBeVisible();
  const downloadingDay = page.waitForEvent('download');
  await journalPanel.getByRole('button', { name: 'Export CSV' }).click();
  const day = await downloadingDay;
  expect(day.suggestedFilename()).toBe(`lobby-pos-T01-${yesterday}-to-${yesterday}.csv`);
  expect(csvObjects(fs.readFileSync((await day.path())!, 'utf8'))).toEqual([]);

  await journalPanel.getByLabel('First day (optional)').fill(typed(today));
  await journalPanel.getByLabel('Last day (optional)').fill(typed(today));
  await journalPanel.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByTestId('sale-row-state')).toHaveText('Refunded');
  const downloadingToday = page.waitForEvent('download');
  await journalPanel.getByRole('button', { name: 'Export CSV' }).click();
  const todays = await downloadingToday;
  expect(todays.suggestedFilename()).toBe(`lobby-pos-T01-${today}-to-${today}.csv`);
  expect(csvObjects(fs.readFileSync((await todays.path())!, 'utf8')).map((r) => r.record)).toEqual(['sale', 'refund']);

  // Days the wrong way round: said, and nothing downloads.
  await journalPanel.getByLabel('First day (optional)').fill(typed(today));
  await journalPanel.getByLabel('Last day (optional)').fill(typed(yesterday));
  await journalPanel.getByRole('button', { name: 'Export CSV' }).click();
  await expect(page.getByRole('alert')).toHaveText('The first day must not be after the last.');
  await keepScreenshot(page, { path: test.info().outputPath('journal-days-1280x800.png') });
  await page.setViewportSize({ width: 800, height: 1280 });
  await keepScreenshot(page, { path: test.info().outputPath('journal-days-800x1280.png') });
});
