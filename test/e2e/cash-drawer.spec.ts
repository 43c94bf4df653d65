import path from 'node:path';
import Database from 'better-sqlite3';
import { test, expect } from './test';
import { startFakePrinter, type FakePrinter } from '../helpers/fake-printer';
import { axeViolations } from './axe';
import { openTill, startStack, type Stack } from './support';
import { keepScreenshot } from './keep-screenshot';

/**
 * A till whose cash drawer has a sensor, in Chromium against the preview host and a fake TCP
 * printer whose drawer switch the test sets: the top bar says when the drawer is open, and turns
 * red once it has been left open a minute; Settings shows what the sensor reads.
 */

let stack: Stack | undefined;
let printer: FakePrinter | undefined;
test.afterEach(async () => {
  await stack?.stop();
  await printer?.close();
  stack = undefined;
  printer = undefined;
});

test('the drawer left open: the top bar says so, red after a minute, gone once shut; Settings shows the reading', async ({ page }) => {
  printer = await startFakePrinter({ mode: 'ready' });
  stack = await startStack({ args: ['--printer', printer.url, '--printer-drawer-sensor', 'open-when-high'] });
  // The page's clock runs as usual until the test moves it on a minute.
  await page.clock.install();
  await page.setViewportSize({ width: 1280, height: 800 });
  await openTill(page, stack.host);
  const chip = page.getByRole('banner').getByTestId('drawer-open');
  await expect(chip).toHaveCount(0);

  printer.setDrawerPin('high');
  await expect(chip).toHaveText('Cash drawer open');
  await expect(chip).toHaveAttribute('role', 'status');
  expect((await axeViolations(page, { include: 'header' })).map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  await keepScreenshot(page, { path: test.info().outputPath('drawer-open-1280x800.png') });

  await page.clock.fastForward('01:05');
  await expect(chip).toHaveText(/^Drawer open since \d\d:\d\d: close it$/);
  await expect(chip).toHaveCSS('background-color', 'rgb(179, 38, 30)');
  expect((await axeViolations(page, { include: 'header' })).map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  await keepScreenshot(page, { path: test.info().outputPath('drawer-left-open-1280x800.png') });
  await page.setViewportSize({ width: 800, height: 1280 });
  await expect(chip).toBeInViewport();
  await keepScreenshot(page, { path: test.info().outputPath('drawer-left-open-800x1280.png') });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Settings: the sensor as set, and what it reads as the drawer opens and shuts.
  await page.getByRole('button', { name: 'Staff', exact: true }).click();
  await page.getByRole('navigation', { name: 'Back office sections' }).getByRole('button', { name: 'Settings' }).click();
  const sensor = page.getByLabel('Drawer sensor');
  await expect(sensor).toHaveValue('open-when-high');
  // Set by the --printer-drawer-sensor flag at start: greyed, and its name says why.
  await expect(sensor).toBeDisabled();
  await expect(page.getByText('Drawer sensor (set by the environment)')).toBeVisible();
  await expect(sensor).toHaveAccessibleDescription('The sensor reads high now. Open and shut the drawer to see which reading means open.');
  await sensor.scrollIntoViewIfNeeded();
  await keepScreenshot(page, { path: test.info().outputPath('settings-drawer-sensor-1280x800.png') });

  printer.setDrawerPin('low');
  await expect(page.getByTestId('drawer-sensor-reading')).toHaveText('The sensor reads low now. Open and shut the drawer to see which reading means open.');
  await expect(chip).toHaveCount(0);
});

test('without a sensor set, nothing is said of the drawer, whatever pin 3 reads', async ({ page }) => {
  printer = await startFakePrinter({ mode: 'ready' });
  stack = await startStack({ args: ['--printer', printer.url] });
  await page.setViewportSize({ width: 1280, height: 800 });
  await openTill(page, stack.host);
  printer.setDrawerPin('high');
  await page.getByRole('button', { name: 'Staff', exact: true }).click();
  await page.getByRole('navigation', { name: 'Back office sections' }).getByRole('button', { name: 'Settings' }).click();
  // The reading is shown (so the sensor can be set up), but the drawer is not said open.
  await expect(page.getByTestId('drawer-sensor-reading')).toHaveText(/reads high now/);
  await expect(page.getByLabel('Drawer sensor')).toHaveValue('off');
  await expect(page.getByRole('banner').getByTestId('drawer-open')).toHaveCount(0);
});

test('the X report counts each time the drawer was left open, and its paper says when and how long', async ({ page }) => {
  printer = await startFakePrinter({ mode: 'ready' });
  stack = await startStack({ args: ['--printer', printer.url, '--printer-drawer-sensor', 'open-when-high'] });
  await page.setViewportSize({ width: 1280, height: 800 });
  await openTill(page, stack.host);
  // A drawer that stood open four minutes, as the till writes it down once shut (a real minute is too long for a test).
  const db = new Database(path.join(stack.host.dataDir, 'journal.sqlite'));
  try {
    db.prepare("INSERT INTO drawer_left_open (terminal_id, shift_id, opened_at, closed_at) VALUES ('T01', 1, '2026-11-27T08:00:00.000Z', '2026-11-27T08:04:30.000Z')").run();
  } finally {
    db.close();
  }
  await page.getByRole('button', { name: 'Staff', exact: true }).click();
  const row = page.getByTestId('report-row-drawer-left-open');
  await expect(row).toContainText('Drawer left open (a minute or more)');
  await expect(row.locator('td').first()).toHaveText('1');
  await row.scrollIntoViewIfNeeded();
  await keepScreenshot(page, { path: test.info().outputPath('x-report-drawer-left-open-1280x800.png') });
  await page.getByRole('button', { name: 'See the paper' }).first().click();
  const paper = page.getByRole('dialog', { name: /X report/ });
  await expect(paper).toContainText(/Drawer left open +1/);
  await expect(paper).toContainText(/27 Nov 2026 09:00, 4 min/);
});
