import type { Page } from '@playwright/test';
import { test, expect } from './test';
import { axeViolations } from './axe';
import type { Language } from '../../renderer/src/i18n/languages';
import { say } from './i18n-support';
import { keepScreenshot } from './keep-screenshot';

/** What the kiosk specs share: its two orientations, and a stranger's taps, scans and payment. */
export const orientations = [
  { name: 'portrait', width: 1080, height: 1920 },
  { name: 'landscape', width: 1920, height: 1080 },
];

/** Counts the customer's choice taps (typing into fields is not counted), scans and screenshots each screen. */
export function customer(page: Page, label: string) {
  let taps = 0;
  let shot = 0;
  return {
    get taps() {
      return taps;
    },
    async tap(locator: ReturnType<Page['locator']>) {
      taps += 1;
      await locator.click();
    },
    async screen(name: string) {
      await page.waitForTimeout(200);
      await keepScreenshot(page, { path: test.info().outputPath(`${label}-${String(++shot).padStart(2, '0')}-${name}.png`), fullPage: false });
      const violations = await axeViolations(page);
      expect(violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`), `${label} ${name}`).toEqual([]);
    },
  };
}


/**
 * With the card terminal in (payments), paying hands over to it: in training the simulated
 * terminal stands in for the customer's card. Presenting a card is not a tap on this screen.
 */
export async function payOnTerminal(page: Page, language: Language) {
  const training = page.getByTestId('training-terminal');
  const done = page.getByRole('heading', { level: 1, name: say(language, 'kiosk.done.title') });
  await expect(training.or(done).first()).toBeVisible({ timeout: 15_000 });
  if (await done.isVisible()) return;
  await training.getByLabel(say(language, 'card.training.test')).selectOption({ label: say(language, 'card.training.test.approved') });
  await training.getByRole('button', { name: say(language, 'card.training.present') }).click();
}
