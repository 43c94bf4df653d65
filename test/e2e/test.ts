import { test as base, type BrowserContext, type Page } from '@playwright/test';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sharedContextOptions } from './context-options';

export { expect } from '@playwright/test';

/**
 * Playwright's `test`, whose `page` shares one browser context and one renderer process with the
 * worker's earlier tests instead of starting both afresh. Every spec imports `test` from here.
 *
 * Why: each test loads the app from its own preview host, and a context and a renderer process of
 * its own cost most of a CPU second per test on this machine (the 37 tests of the sales, home,
 * browse, shift and refunds specs, two runs each way with process accounting: 206-231 CPU s that
 * way, 180-191 with this; 120-132 s against 102-109; 29 renderer processes against 3).
 *
 * How: the worker keeps a context with one "home" page open on a blank page of its own on
 * 127.0.0.1. Chromium runs with `--process-per-site` (scripts/find-browser.ts), so every page of
 * that site (127.0.0.1, whatever the port: each test's host) lives in the home page's process,
 * which stays up from test to test. A test's page is opened by the home page (`noopener`: no
 * opener link to it) on the home page's address, so it starts in that process too (a page Playwright
 * opens itself starts on about:blank in a process of its own); the test then goes to its host
 * as before. It is closed when the test ends, after its origin's storage is cleared.
 *
 * What stays each test's own: the page, its viewport, routes, init scripts, listeners and storage
 * (each host has its own origin). What would not: the context's clock, routes, init scripts,
 * permissions and the like. A test that changes any of those (a kiosk test's fake clock) marks the
 * context spent, and it is closed after that test; the next one gets a fresh context. A test whose
 * context options differ from the config's (`test.use({ timezoneId })`) gets a context of its own,
 * as with Playwright's own fixture.
 */
export const test = base.extend<{ page: Page }, { browserHome: BrowserHome }>({
  browserHome: [
    async ({ browser }, use) => {
      const server = http.createServer((_request, response) => {
        response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
        response.end('<!doctype html><html lang="en"><title>Browser test home</title></html>');
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
      const home = createBrowserHome(url, () => browser.newContext(sharedContextOptions));
      await use(home);
      await home.retire();
      await new Promise((resolve) => server.close(resolve));
    },
    { scope: 'worker' },
  ],

  page: async ({ browser, browserHome, timezoneId, locale, hasTouch, isMobile, colorScheme, reducedMotion, viewport, contextOptions }, use) => {
    const options = { timezoneId, locale, hasTouch, isMobile, colorScheme, reducedMotion, viewport };
    const asShared = Object.entries(sharedContextOptions).every(([name, value]) => JSON.stringify(options[name as keyof typeof options]) === JSON.stringify(value));
    if (Object.keys(contextOptions).length > 0 || !asShared) {
      // Options of its own: a context of its own, as Playwright's fixture would make.
      const context = await browser.newContext({ ...contextOptions, ...options });
      await use(await context.newPage());
      await context.close();
      return;
    }
    const page = await browserHome.openPage();
    await use(page);
    await browserHome.closePage(page);
  },
});

interface BrowserHome {
  openPage(): Promise<Page>;
  closePage(page: Page): Promise<void>;
  retire(): Promise<void>;
}

/** The context's methods that change it for every page in it, and all of its clock's. */
const contextChanges = ['addInitScript', 'addCookies', 'exposeBinding', 'exposeFunction', 'grantPermissions', 'route', 'routeFromHAR', 'routeWebSocket', 'setExtraHTTPHeaders', 'setGeolocation', 'setHTTPCredentials', 'setOffline'] as const;
const clockChanges = ['install', 'fastForward', 'pauseAt', 'resume', 'runFor', 'setFixedTime', 'setSystemTime'] as const;

function createBrowserHome(url: string, newContext: () => Promise<BrowserContext>): BrowserHome {
  let current: { context: BrowserContext; home: Page; spent: boolean } | null = null;

  async function start() {
    const context = await newContext();
    const state = { context, home: await context.newPage(), spent: false };
    await state.home.goto(url);
    const markSpent = (target: object, name: string) => {
      const original = (target as Record<string, unknown>)[name];
      if (typeof original !== 'function') return;
      (target as Record<string, unknown>)[name] = (...args: unknown[]) => ((state.spent = true), (original as (...a: unknown[]) => unknown).apply(target, args));
    };
    for (const name of contextChanges) markSpent(context, name);
    for (const name of clockChanges) markSpent(context.clock, name);
    return state;
  }

  async function retire() {
    const retiring = current;
    current = null;
    await retiring?.context.close().catch(() => undefined);
  }

  return {
    async openPage() {
      // A home page that is gone (its renderer crashed) takes its context with it; so does one
      // that cannot open a page any more, once: a second failure is the test's to report.
      for (let attempt = 1; ; attempt++) {
        if (current?.home.isClosed()) await retire();
        current ??= await start();
        const { context, home } = current;
        try {
          const [page] = await Promise.all([context.waitForEvent('page', { timeout: 10_000 }), home.evaluate((address) => void window.open(address, '_blank', 'noopener'), url)]);
          await page.waitForLoadState();
          return page;
        } catch (error) {
          await retire();
          if (attempt === 2) throw error;
        }
      }
    },
    async closePage(page) {
      // Each host has an origin of its own, but a port can come round again: what this test's page
      // kept in its origin's storage (a staff member's language) goes with it.
      if (!page.isClosed()) await page.evaluate(() => localStorage.clear()).catch(() => undefined);
      await page.close().catch(() => undefined);
      if (current?.spent) await retire();
    },
    retire,
  };
}
