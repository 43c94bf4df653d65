import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from './test';
import { openKioskShift, startStack } from './support';
import { axeViolations } from './axe';

/**
 * A screen that throws while drawing (here: every amount, as if the browser's number formatting
 * broke) must not take the app off the page. The fault is made in the page, by the test, on the
 * real app: nothing in the app is there for it.
 */
async function breakAmounts(page: Page) {
  await page.evaluate(() => {
    const proto = Intl.NumberFormat.prototype as unknown as Record<string, unknown>;
    (window as unknown as { keptFormat: PropertyDescriptor }).keptFormat = Object.getOwnPropertyDescriptor(Intl.NumberFormat.prototype, 'format')!;
    Object.defineProperty(proto, 'format', {
      configurable: true,
      get() {
        throw new Error('simulated fault: amounts cannot be formatted');
      },
    });
  });
}

async function mendAmounts(page: Page) {
  await page.evaluate(() => Object.defineProperty(Intl.NumberFormat.prototype, 'format', (window as unknown as { keptFormat: PropertyDescriptor }).keptFormat));
}

/** The till's log (JSON lines under <dataDir>/logs) as text. */
const tillLog = (dataDir: string) => {
  const dir = path.join(dataDir, 'logs');
  return fs.existsSync(dir) ? fs.readdirSync(dir).map((name) => fs.readFileSync(path.join(dir, name), 'utf8')).join('\n') : '';
};

test('counter: a screen that breaks while drawing says so under the top bar, is logged, and draws again on Try again', async ({ page }) => {
  const stack = await startStack();
  try {
    await page.goto(stack.host.url);
    await page.getByRole('button', { name: /Cinema/ }).first().click();
    await page.locator('.film-card').first().click();
    await page.getByRole('region', { name: 'Cinema' }).getByRole('button').first().click();
    await breakAmounts(page);
    await page.getByRole('region', { name: 'Showtime' }).getByRole('button').first().click();
    await expect(page.getByRole('heading', { name: 'This screen stopped working' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('Nothing is lost: every sale is written in the journal');
    // The top bar stays: Back, Home and Staff are still there.
    await expect(page.getByRole('button', { name: 'Staff', exact: true })).toBeVisible();
    expect((await axeViolations(page)).map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    await expect.poll(() => tillLog(stack.host.dataDir), { timeout: 10_000 }).toContain('simulated fault: amounts cannot be formatted');
    expect(tillLog(stack.host.dataDir)).toContain('a screen stopped working');

    await mendAmounts(page);
    await page.getByRole('button', { name: 'Try again' }).click();
    // Drawn anew: the film, at the cinema chosen, its showtimes to choose from again.
    await page.getByRole('region', { name: 'Showtime' }).getByRole('button').first().click();
    await expect(page.locator('.ticket-row').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'This screen stopped working' })).toHaveCount(0);

    // Broken again, Home from the panel: the next screen draws as ever.
    await breakAmounts(page);
    await page.locator('.ticket-row:not(.ticket-sold-out)').first().getByRole('button', { name: /^More:/ }).click();
    await expect(page.getByRole('heading', { name: 'This screen stopped working' })).toBeVisible();
    await mendAmounts(page);
    await page.getByRole('alert').getByRole('button', { name: 'Home' }).click();
    await expect(page.getByRole('heading', { name: 'What would you like to sell?' })).toBeVisible();

    // Errors no screen catches (a handler, a promise nobody waited for) reach the log too.
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('simulated handler fault');
      });
      void Promise.reject(new Error('simulated promise fault'));
    });
    await expect.poll(() => tillLog(stack.host.dataDir), { timeout: 10_000 }).toContain('simulated handler fault');
    await expect.poll(() => tillLog(stack.host.dataDir), { timeout: 10_000 }).toContain('simulated promise fault');
    await expect(page.getByRole('heading', { name: 'What would you like to sell?' })).toBeVisible();
  } finally {
    await stack.stop();
  }
});

test('kiosk: a step that breaks tells the stranger a payment is safe, and Start over goes back to the attract screen', async ({ page }) => {
  const kiosk = await startStack({ args: ['--profile', 'kiosk'] });
  try {
    await page.setViewportSize({ width: 800, height: 1280 });
    await openKioskShift(kiosk);
    await page.goto(kiosk.host.url);
    await page.getByRole('region', { name: 'Showing now' }).getByRole('button').first().click();
    await breakAmounts(page);
    await page.locator('main section[aria-label] button').first().click();
    await expect(page.getByRole('heading', { name: 'Sorry, something went wrong' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('If you have paid, your payment is safe');
    await expect.poll(() => tillLog(kiosk.host.dataDir), { timeout: 10_000 }).toContain('kiosk k-tickets');
    expect((await axeViolations(page)).map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    await mendAmounts(page);
    await page.getByRole('button', { name: 'Start over' }).click();
    await expect(page.getByRole('region', { name: 'Showing now' })).toBeVisible();
  } finally {
    await kiosk.stop();
  }
});

test('what holds every screen breaking (here: the page cannot take its language) leaves a Reload in the language it was in, not a blank page', async ({ page }) => {
  const kiosk = await startStack({ args: ['--profile', 'kiosk'] });
  try {
    await openKioskShift(kiosk);
    await page.goto(kiosk.host.url);
    await expect(page.getByRole('region', { name: 'Showing now' })).toBeVisible();
    // The language provider sets the page's lang at each change of language: made to fail, the
    // error is above every screen's own boundary. The page reads as French (the language chosen).
    await page.evaluate(() =>
      Object.defineProperty(document.documentElement, 'lang', {
        configurable: true,
        get: () => 'fr',
        set() {
          throw new Error('simulated fault: the page cannot take its language');
        },
      }),
    );
    await page.getByRole('button', { name: 'Français' }).click();
    await expect(page.getByRole('heading', { name: 'Cet écran ne fonctionne plus' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText("Rien n'est perdu");
    await expect.poll(() => tillLog(kiosk.host.dataDir), { timeout: 10_000 }).toContain('the page cannot take its language');
    // Reload brings the app back (the fault was in that page only).
    await page.getByRole('button', { name: 'Recharger' }).click();
    await expect(page.getByRole('region', { name: 'Showing now' })).toBeVisible();
  } finally {
    await kiosk.stop();
  }
});
