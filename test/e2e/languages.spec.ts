import type { Page } from '@playwright/test';
import { test, expect } from './test';
import { axeViolations } from './axe';
import { languages, type Language } from '../../renderer/src/i18n/languages';
import { exact, say } from './i18n-support';
import { openTill, startStack, type Stack } from './support';
import { keepScreenshot } from './keep-screenshot';

/**
 * Issue 15: axe finds nothing on any screen in any language. The kiosk's languages are scanned in
 * kiosk-flow.spec.ts; this walks the counter in each of the others, the way a cashier who chose
 * her language in Settings sees it: every back-office section, home, the film list and hotels.
 * One test (and one till) per language, so the browser workers share them out.
 */
test.describe.configure({ mode: 'parallel' });

async function scan(page: Page, language: Language, screen: string) {
  for (const size of [
    { label: 'landscape', width: 1920, height: 1080 },
    { label: 'portrait', width: 1080, height: 1920 },
  ]) {
    await page.setViewportSize(size);
    await page.waitForTimeout(100);
    await keepScreenshot(page, { path: test.info().outputPath(`${language}-${screen}-${size.label}.png`) });
  }
  const violations = await axeViolations(page);
  expect(violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`), `${language} ${screen}`).toEqual([]);
  await page.setViewportSize({ width: 1920, height: 1080 });
}

for (const { code: language, name } of languages.filter((l) => l.code !== 'en')) {
  test(`the counter in ${name}: every back-office section, home, films and hotels scan clean`, async ({ page }) => {
    const stack = await startStack();
    try {
      await walkTheCounter(page, stack, language, name);
    } finally {
      await stack.stop();
    }
  });
}

async function walkTheCounter(page: Page, stack: Stack, language: Language, name: string) {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await openTill(page, stack.host);
  await page.getByRole('button', { name: say('en', 'common.staff'), exact: true }).click();
  const nav = page.getByRole('navigation', { name: say('en', 'staff.sections') });
  await nav.getByRole('button').last().click();
  await page.getByRole('group', { name: say('en', 'settings.myLanguage') }).getByRole('button', { name }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', new RegExp(`^${language}`));

  const sections = page.getByRole('navigation', { name: say(language, 'staff.sections') }).getByRole('button');
  const count = await sections.count();
  expect(count).toBe(6);
  for (let i = 0; i < count; i++) {
    await sections.nth(i).click();
    await expect(sections.nth(i)).toHaveAttribute('aria-current', 'page');
    await scan(page, language, `back-office-${i + 1}`);
  }
  // The last section is Settings: where the API key goes is said in the language too (it came
  // from main in English only).
  await expect(page.getByText(say(language, 'said.settings.keyGoesTo', { origin: new URL(stack.sandboxUrl).origin }), { exact: true })).toBeVisible();

  await page.getByRole('banner').getByRole('button', { name: new RegExp(say(language, 'common.back')) }).click();
  await expect(page.getByRole('button', { name: say(language, 'common.staff'), exact: true })).toBeVisible();
  await scan(page, language, 'home');
  // The status strip's words come from main as codes and read in the staff member's language.
  await expect(page.getByTestId('status-printer')).toContainText(say(language, 'health.label.printerPreview'));
  await expect(page.getByTestId('status-printer')).toContainText(say(language, 'health.detail.printerPreview'));
  await expect(page.getByTestId('status-journal')).toContainText(say(language, 'health.label.journalReady'));

  await page.getByRole('button', { name: new RegExp(say(language, 'home.cinema')) }).first().click();
  await expect(page.locator('.film-card').first()).toBeVisible();
  await scan(page, language, 'films');
  await page.getByRole('button', { name: new RegExp(say(language, 'common.back')) }).first().click();

  await page.getByRole('button', { name: new RegExp(say(language, 'home.hotels')) }).first().click();
  await page.getByRole('button', { name: exact('Lagos') }).click();
  await expect(page.locator('.hotel-card').first()).toBeVisible();
  await scan(page, language, 'hotels');
  await page.getByRole('button', { name: new RegExp(say(language, 'common.back')) }).first().click();
  await expect(page.getByRole('button', { name: say(language, 'common.staff'), exact: true })).toBeVisible();
}
