import type { Locator, Page } from '@playwright/test';

/**
 * Screenshots of the screens, at both orientations, are for people to look at (a screen built or
 * changed is looked at before it is committed), not for a test to compare: `npm test` and CI keep
 * none, since each full-screen PNG cost a quarter of a second of CPU, a third of the language
 * walks' CPU. POS_E2E_SCREENSHOTS=1 keeps them under test-results/. A failing test's
 * screenshot is kept either way (playwright.config.ts).
 */
const screenshotsKept = Boolean(process.env.POS_E2E_SCREENSHOTS);

export async function keepScreenshot(target: Page | Locator, options: { path: string; fullPage?: boolean }): Promise<void> {
  if (screenshotsKept) await target.screenshot(options);
}
