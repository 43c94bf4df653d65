import { defineConfig } from '@playwright/test';
import { chromiumArgs, findChromium } from './scripts/find-browser';

export default defineConfig({
  testDir: 'test/e2e',
  outputDir: 'test-results/e2e',
  forbidOnly: true,
  // One temp root per run for every data folder the tests make, removed when the run ends.
  globalSetup: './test/e2e-temp-root.ts',
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
    trace: 'retain-on-failure',
  },
});
