import { defineConfig } from '@playwright/test';
import { chromiumArgs, findChromium } from './scripts/find-browser';
import { sharedContextOptions } from './test/e2e/context-options';

export default defineConfig({
  testDir: 'test/e2e',
  outputDir: 'test-results/e2e',
  forbidOnly: true,
  // One temp root per run for every data folder the tests make, removed when the run ends; the
  // workers and preview hosts start without NODE_EXTRA_CA_CERTS (test/without-extra-ca-certs.ts).
  globalSetup: ['./test/e2e-temp-root.ts', './test/without-extra-ca-certs.ts'],
  timeout: 60_000,
  // Each test file starts its own stack (sandbox, terminal, preview host) on free ports, so several
  // run side by side. Most of a test's time is waiting (the app's countdowns and terminal, polling
  // assertions), not the CPU: on two cores, three workers ran the suite in 5.5 min against 7.6 with
  // two (the CPU 40 % busy), and four were slower again (load 12, Chromium starved).
  workers: 3,
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: findChromium(), args: chromiumArgs },
    // No trace by default: recording one for every test (a screencast and a DOM snapshot at each
    // action) cost a quarter of the browser suite's CPU (kiosk-flow and languages: 217 → 166 CPU
    // seconds), and CI keeps none of it. POS_E2E_TRACE=1 keeps a trace of each failed test; a
    // screenshot of the failure is kept either way.
    trace: process.env.POS_E2E_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    // Reduced motion (see test/e2e/context-options.ts); the shared context of test/e2e/test.ts is made the same way.
    reducedMotion: sharedContextOptions.reducedMotion,
  },
});
