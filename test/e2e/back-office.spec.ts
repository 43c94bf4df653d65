import type { Page } from '@playwright/test';
import { test, expect } from './test';
import { axeViolations } from './axe';
import { startPreviewHost, type PreviewHost } from '../helpers/preview-host';
import { expectInView } from './support';
import { keepScreenshot } from './keep-screenshot';

let host: PreviewHost;
test.beforeAll(async () => {
  host = await startPreviewHost();
});
test.afterAll(async () => host?.stop());

const sections = ['Shift', 'Sales', 'Journal', 'Printer', 'Staff', 'Settings'];

async function scan(page: Page, name: string) {
  for (const size of [
    { label: 'landscape', width: 1920, height: 1080 },
    { label: 'portrait', width: 1080, height: 1920 },
  ]) {
    await page.setViewportSize(size);
    await page.waitForTimeout(150);
    await keepScreenshot(page, { path: test.info().outputPath(`back-office-${name}-${size.label}.png`) });
  }
  const violations = await axeViolations(page);
  expect(violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`), name).toEqual([]);
  await page.setViewportSize({ width: 1920, height: 1080 });
}

test('first setup says what is wrong instead of starting over silently (issue 15 defect 2), then the back office has its sections and a top bar that stays', async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto(host.url);
  await page.getByRole('button', { name: 'Staff', exact: true }).click();
  // On a screen on its side as short as a laptop's, the keypad stands beside the name: all of the
  // first step is in view, OK too, without scrolling; upright it stays one column.
  for (const size of [{ width: 1280, height: 720 }, { width: 1280, height: 800 }, { width: 800, height: 1280 }]) {
    await page.setViewportSize(size);
    await expectInView(page.getByLabel('Your name'), `the name, ${size.width}x${size.height}`);
    await expectInView(page.getByRole('button', { name: 'OK' }), `OK, ${size.width}x${size.height}`);
    await keepScreenshot(page, { path: test.info().outputPath(`first-setup-${size.width}x${size.height}.png`) });
  }
  await page.setViewportSize({ width: 1920, height: 1080 });
  // A one-letter name: the PIN is refused with a reason.
  await page.getByLabel('Your name').fill('A');
  await page.getByLabel('Choose a PIN (4 to 8 digits)').fill('2468');
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('Enter your name first (at least 2 letters).')).toBeVisible();
  await page.getByLabel('Your name').fill('Ada Supervisor');
  await page.getByLabel('Choose a PIN (4 to 8 digits)').fill('2468');
  await page.getByRole('button', { name: 'OK' }).click();
  // A mistyped second PIN: told, and asked for the PIN again.
  await page.getByLabel('Type the PIN again').fill('1357');
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('The two PINs were different. Choose a PIN again.')).toBeVisible();
  await scan(page, 'setup-mismatch');
  await page.getByLabel('Choose a PIN (4 to 8 digits)').fill('2468');
  await page.getByRole('button', { name: 'OK' }).click();
  await page.getByLabel('Type the PIN again').fill('2468');
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('Signed in: Ada Supervisor (supervisor)')).toBeVisible();

  const nav = page.getByRole('navigation', { name: 'Back office sections' });
  await expect(nav.getByRole('button')).toHaveText(sections);
  for (const section of sections) {
    await nav.getByRole('button', { name: section }).click();
    await expect(nav.getByRole('button', { name: section })).toHaveAttribute('aria-current', 'page');
    await scan(page, section.toLowerCase());
  }
  // The top bar stays in view however far the section scrolls.
  await page.getByRole('main').evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await expect(page.getByRole('banner').getByRole('button', { name: /Back/ })).toBeInViewport();

  // Staff pick their own language in Settings; it follows them, not the till.
  await nav.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('group', { name: 'My language' }).getByRole('button', { name: 'Yorùbá' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'yo');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ọ́fíìsì ẹ̀yìn');
  await scan(page, 'settings-yo');
  await page.getByRole('button', { name: 'Jáde' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-NG');
});
