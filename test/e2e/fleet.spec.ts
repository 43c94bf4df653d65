import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test, expect } from './test';
import { silentLogger } from '../../electron/core/logger';
import { applyCentralMigrations } from '../../electron/fleet/central-migrations';
import { connectFleet } from '../../electron/fleet/connection';
import { createShipper } from '../../electron/fleet/shipper';
import { journalFile, openChainOutbox } from '../../electron/journal';
import { lagosDateTimeText } from '../../shared/dates';
import { formatNaira } from '../../shared/money';
import { openSellingJournal } from '../helpers/chain-fixture';
import { startTestPostgres, type TestPostgres } from '../helpers/postgres';
import { openTill, startStack, type Stack } from './support';
import { keepScreenshot } from './keep-screenshot';

let server: TestPostgres;
let stack: Stack;
/** The other tills' journals; made in beforeAll (Playwright loads this file in processes that run no hook). */
let root: string;

/** Two other tills that sold today and shipped everything to head office. */
async function otherTills(url: string) {
  for (const [terminalId, sales] of [['BOX-2', 9], ['DESK-1', 4]] as const) {
    const dir = fs.mkdtempSync(path.join(root, `${terminalId}-`));
    const till = await openSellingJournal({ dir, terminalId });
    // A hotel's takings: the day's total runs into millions of naira.
    for (let i = 1; i <= sales; i++) till.sell(`${terminalId}-${i}`, 15_000_000 + i * 5_000_000);
    // One ticket of BOX-2-1 (₦100,000 of its ₦200,000) goes back in cash, approved by a deputy.
    if (terminalId === 'BOX-2') await till.refundOneTicket({ id: 'BOX-2-REFUND-1', saleId: 'BOX-2-1', amountKobo: 10_000_000 });
    // At the front desk a cashier opened the drawer without a sale and took ₦1,500 out, each with the supervisor's PIN.
    if (terminalId === 'DESK-1') {
      const shift = till.journal.shifts.current();
      const cashier = await till.journal.staff.create({ name: 'Tunde Bakare', role: 'cashier', pin: '1357' });
      if (!shift.ok || !shift.value || !cashier.ok) throw new Error('no shift or cashier');
      const boss = shift.value.openedBy;
      expect(till.journal.shifts.openDrawer({ reason: 'Change for a guest', staffId: cashier.value.id, approvedBy: boss }).ok).toBe(true);
      expect(till.journal.shifts.moveCash({ kind: 'out', amountKobo: 150_000, reason: 'Diesel', staffId: cashier.value.id, approvedBy: boss }).ok).toBe(true);
    }
    // The front desk counted its drawer note by note at the close; the box office typed its total.
    till.closeShift(terminalId === 'DESK-1' ? { notes: [{ noteKobo: 100_000, count: 9 }, { noteKobo: 20_000, count: 4 }], otherKobo: 20_000 } : undefined);
    till.journal.close();
    const shipper = createShipper({ outbox: openChainOutbox({ file: journalFile(dir), terminalId }), connect: () => connectFleet({ databaseUrl: url, tls: 'off' }), logger: silentLogger, terminalName: terminalId === 'BOX-2' ? 'Box office 2' : 'Front desk', tuning: { pollMs: 10 } });
    shipper.start();
    while (shipper.status().backlog.count > 0 || shipper.status().state !== 'idle') await new Promise((resolve) => setTimeout(resolve, 20));
    await shipper.stop();
  }
  // A third box office left at BOX-2: it sells, head office refuses it and notes that it tried.
  const dir = fs.mkdtempSync(path.join(root, 'BOX-2-again-'));
  const till = await openSellingJournal({ dir, terminalId: 'BOX-2' });
  for (let i = 1; i <= 3; i++) till.sell(`BOX-2-again-${i}`, 40_000_000);
  till.journal.close();
  const refused = createShipper({ outbox: openChainOutbox({ file: journalFile(dir), terminalId: 'BOX-2' }), connect: () => connectFleet({ databaseUrl: url, tls: 'off' }), logger: silentLogger, terminalName: 'Box office B', tuning: { pollMs: 10 } });
  refused.start();
  while (refused.status().state !== 'refused') await new Promise((resolve) => setTimeout(resolve, 20));
  await refused.stop();
}

test.beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'lobby-e2e-fleet-'));
  server = await startTestPostgres();
  const admin = await server.client();
  await applyCentralMigrations(admin);
  await admin.end();
  await otherTills(server.url);
  stack = await startStack({ args: ['--terminal-id', 'COUNTER-1', '--terminal-name', 'Counter 1'], env: { POS_FLEET_DATABASE_URL: server.url, POS_FLEET_TLS: 'off' } });
});
test.afterAll(async () => {
  await stack?.stop();
  await server?.stop();
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

test('a supervisor sees every terminal, the chart, and is warned of unsent records when closing', async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await openTill(page, stack.host, { floatNaira: 5000 });
  await page.getByRole('button', { name: 'Staff', exact: true }).click();
  await page.getByRole('navigation', { name: 'Back office sections' }).getByRole('button', { name: 'Settings' }).click();
  const panel = page.getByRole('region', { name: 'Head office' });
  await expect(panel).toContainText('Every record has reached head office', { timeout: 20_000 });

  await panel.getByRole('button', { name: 'All terminals' }).click();
  await expect(page.getByRole('heading', { name: 'All terminals' })).toBeVisible();
  // Above the figures, the box office head office refused: when it tried, in Lagos time.
  const admin = await server.client();
  const seen = (await admin.query<{ first: Date; last: Date }>('SELECT first_seen_at AS first, last_seen_at AS last FROM fleet_number_conflicts')).rows;
  await admin.end();
  expect(seen).toHaveLength(1);
  const clock = (at: Date) => `(?:\\w+ \\d{1,2} \\w+ )?${lagosDateTimeText(at.toISOString()).slice(11, 16)}`;
  const conflict = page.getByTestId('fleet-number-conflict');
  await expect(conflict).toHaveText(
    new RegExp(
      `^Another till, Box office B, has tried to send its records as BOX-2 since ${clock(seen[0]!.first)} \\(last ${clock(seen[0]!.last)}\\)\\. ` +
        'Head office keeps BOX-2 for the first till; that till’s sales are not in these figures\\. Give it its own number\\. ' +
        // It sold under BOX-2 before it was refused: those sales are support's case.
        'It sold under BOX-2 before this was noticed: those sales are kept on that till only, so call support\\.$',
    ),
  );
  const [warned, figures] = [await conflict.boundingBox(), await page.getByTestId('fleet-figures').boundingBox()];
  expect(warned!.y + warned!.height, 'the warning is above the figures').toBeLessThanOrEqual(figures!.y);
  await page.setViewportSize({ width: 1366, height: 768 });
  await keepScreenshot(page, { path: 'test-results/e2e/fleet-number-conflict-1366.png' });
  await page.setViewportSize({ width: 1920, height: 1080 });
  const terminals = page.getByRole('region', { name: 'Terminals' });
  await expect(terminals.getByRole('row')).toHaveCount(4);
  await expect(terminals).toContainText('BOX-2 · Box office 2');
  await expect(terminals).toContainText('COUNTER-1 · Counter 1');
  await expect(terminals.getByText('Intact')).toHaveCount(3);
  // This till's own shift opening is there too: every till's records, this one's included.
  await expect(terminals.getByRole('row', { name: /COUNTER-1/ })).toContainText(/Intact\s*1\s*0/);
  await expect(page.getByTestId('fleet-chart')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Z reports' }).getByRole('row')).toHaveCount(3);
  // Each Z report says how often its drawer opened without a sale (0 here: nobody pressed No sale).
  await expect(page.getByRole('region', { name: 'Z reports' }).getByRole('columnheader', { name: 'No sale' })).toBeVisible();
  // The front desk's no sale and cash out were a cashier's with a supervisor's PIN: told apart.
  const desk = page.getByRole('region', { name: 'Z reports' }).getByRole('row', { name: /DESK-1/ });
  await expect(desk.getByRole('cell').nth(8)).toHaveText('1 (1 approved)');
  await expect(desk.getByRole('cell').nth(9)).toHaveText(`${formatNaira(150_000)} (1 approved)`);
  // Its drawer was never left standing open (no sensor there): 0, in a column of its own.
  await expect(page.getByRole('region', { name: 'Z reports' }).getByRole('columnheader', { name: 'Drawer left open' })).toBeVisible();
  await expect(desk.getByRole('cell').nth(10)).toHaveText('0');
  // How the front desk's drawer was counted, note by note, as its Z report recorded it; the box office typed its total.
  await expect(page.getByRole('region', { name: 'Z reports' }).getByRole('columnheader', { name: 'By notes' })).toBeVisible();
  await expect(desk.getByRole('cell').nth(5)).toHaveText(formatNaira(1_000_000));
  await expect(desk.getByRole('cell').nth(6)).toHaveText('₦1,000 × 9 · ₦200 × 4 · coins ₦200.00');
  const box = page.getByRole('region', { name: 'Z reports' }).getByRole('row', { name: /BOX-2/ });
  await expect(box.getByRole('cell').nth(6)).toHaveText('');
  await expect(box.getByRole('cell').nth(9)).toHaveText(formatNaira(0));
  await keepScreenshot(page.getByRole('region', { name: 'Z reports' }), { path: 'test-results/e2e/fleet-z-reports-1920.png' });
  // The same figures for a spreadsheet: today's, in one CSV, UTF-8 with its byte-order mark.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`lobby-pos-all-terminals-${lagosDateTimeText(new Date().toISOString()).slice(0, 10)}.csv`);
  const csv = fs.readFileSync((await download.path())!);
  expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const csvLines = csv.toString('utf8').split('\r\n');
  const zReports = csvLines.indexOf('Z reports');
  expect(zReports).toBeGreaterThan(0);
  expect(csvLines.slice(zReports).filter((line) => /^(BOX-2|DESK-1|COUNTER-1),/.test(line)).length).toBeGreaterThanOrEqual(3);
  const byDay = page.getByRole('region', { name: 'Sales by day, terminal and product' });
  await expect(byDay).toContainText('Filmhouse IMAX Lekki: The Black Book');
  // Days as the screens write them ("Thu 26 Nov", in the reader's language), not "2026-11-26".
  await expect(byDay).toContainText(/(Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)/);
  expect(await byDay.textContent()).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  await keepScreenshot(page, { path: 'test-results/e2e/fleet-all-terminals-landscape.png', fullPage: true });
  await page.setViewportSize({ width: 1080, height: 1920 });
  await keepScreenshot(page, { path: 'test-results/e2e/fleet-all-terminals-portrait.png', fullPage: true });
  // Upright, each figure is read whole: the day's ₦4,200,000.00 is not cut off by the next tile.
  await expect(page.getByTestId('fleet-figures')).toContainText('₦4,200,000.00');
  // Sales are before refunds; what went back and what the day kept are tiles of their own.
  const tile = (label: string | RegExp) => page.getByTestId('fleet-figures').locator('div').filter({ has: page.getByText(label, { exact: true }) });
  await expect(tile('Sales')).toContainText('₦4,200,000.00');
  await expect(tile('Refunded (1)')).toContainText('₦100,000.00');
  await expect(tile('Sales less refunds')).toContainText('₦4,100,000.00');
  const clipped = await page.evaluate(() =>
    [...document.querySelectorAll('[data-testid="fleet-figures"] strong')]
      .filter((strong) => {
        const tile = strong.parentElement!.getBoundingClientRect();
        const text = strong.getBoundingClientRect();
        return strong.scrollWidth > strong.clientWidth || text.right > tile.right || text.left < tile.left;
      })
      .map((strong) => strong.textContent),
  );
  await expect(page.getByTestId('fleet-figures').locator('strong')).toHaveCount(6);
  expect(clipped, 'figures wider than their tile').toEqual([]);
  await page.setViewportSize({ width: 1920, height: 1080 });

  // Head office goes away; a cash movement waits in the journal, and closing the shift says so.
  await server.crash();
  await page.getByRole('button', { name: /Back/ }).click();
  await page.getByLabel('Amount (₦)').fill('100');
  await page.getByLabel('Reason (for cash in / out or no sale)').fill('Change from the bank');
  await page.getByRole('button', { name: 'Cash in' }).click();
  await expect(page.getByTestId('fleet-unsent-warning')).toContainText(/1 record not sent to head office yet .*it stays on this till/, { timeout: 20_000 });
  await keepScreenshot(page, { path: 'test-results/e2e/fleet-close-warning.png', fullPage: true });
  await server.start();
});
