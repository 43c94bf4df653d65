import { test, expect } from './test';
import { startFakePrinter } from '../helpers/fake-printer';
import { chooseFrench, say } from './i18n-support';
import { openTill, startStack, type Stack } from './support';
import { keepScreenshot } from './keep-screenshot';

/**
 * What main says when something cannot be done reaches a cashier in the language she chose, not
 * in English: main names a shared sentence (shared/error-sentences.ts) and the screen says it.
 */
let stack: Stack;
test.beforeAll(async () => {
  stack = await startStack();
});
test.afterAll(async () => stack?.stop());

test('a French cashier reads main’s refusals in French: a name already taken, the partner down (panel and strip)', async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await openTill(page, stack.host);
  await chooseFrench(page);

  // Adding someone under a name already on the till: main refuses, the PIN pad says why in French.
  await page.getByRole('navigation', { name: say('fr', 'staff.sections') }).getByRole('button', { name: say('fr', 'staff.section.staff') }).click();
  await page.getByRole('region', { name: say('fr', 'people.add') }).getByRole('textbox', { name: say('fr', 'people.name') }).fill('Ada Supervisor');
  await page.getByLabel(say('fr', 'people.pinFor', { name: 'Ada Supervisor' })).fill('1357');
  await page.getByRole('button', { name: say('fr', 'pin.ok') }).click();
  // The PIN is typed twice, as at first setup.
  await page.getByLabel(say('fr', 'people.pinAgainFor', { name: 'Ada Supervisor' })).fill('1357');
  await page.getByRole('button', { name: say('fr', 'pin.ok') }).click();
  await expect(page.getByText(say('fr', 'said.nameTaken', { name: 'Ada Supervisor' }))).toBeVisible();
  await expect(page.getByText('There is already someone called Ada Supervisor.')).toHaveCount(0);
  await keepScreenshot(page, { path: test.info().outputPath('fr-name-taken.png') });

  // The partner answering 503 to every call: the film list's panel says so in French.
  stack.sandbox.faults.set({ failNext: 30 });
  await page.getByRole('banner').getByRole('button', { name: new RegExp(say('fr', 'common.back')) }).click();
  await page.getByRole('button', { name: new RegExp(say('fr', 'home.cinema')) }).first().click();
  const panel = page.locator('.error-panel');
  await expect(panel).toContainText(say('fr', 'said.partnerBusy', { service: 'cinema' }));
  await expect(panel).not.toContainText('is busy or down');
  // The strip on every screen too: its label was already in French, and now its detail is.
  const banner = page.getByTestId('connection-banner');
  await expect(banner).toContainText(say('fr', 'health.label.partnerOffline'));
  await expect(banner).toContainText(say('fr', 'said.partnerBusy', { service: 'partner' }));
  await expect(banner).not.toContainText('is busy or down');
  await keepScreenshot(page, { path: test.info().outputPath('fr-partner-busy.png') });
  stack.sandbox.faults.reset();
});

test('a French cashier reads the printer’s own words in French: out of paper, under Staff → Printer and on the strip', async ({ page }) => {
  const printer = await startFakePrinter({ mode: 'paper-out' });
  const till = await startStack({ args: ['--printer', printer.url] });
  try {
    await page.setViewportSize({ width: 1920, height: 1080 });
    await openTill(page, till.host);
    await chooseFrench(page);
    await page.getByRole('navigation', { name: say('fr', 'staff.sections') }).getByRole('button', { name: say('fr', 'staff.section.printer') }).click();
    const paperOut = say('fr', 'said.printer.paperOut');
    await expect(page.getByTestId('printer-status')).toContainText(paperOut);
    await expect(page.getByText('The printer is out of paper', { exact: false })).toHaveCount(0);
    await keepScreenshot(page, { path: test.info().outputPath('fr-paper-out.png') });
    // The strip on the home screen says the same.
    await page.getByRole('banner').getByRole('button', { name: new RegExp(say('fr', 'common.back')) }).click();
    await expect(page.getByTestId('status-printer')).toContainText(paperOut);
  } finally {
    await till.stop();
    await printer.close();
  }
});

