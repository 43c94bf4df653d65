import { defineConfig } from '@playwright/test';
import { chromiumArgs, findChromium } from './scripts/find-browser';

export default defineConfig({
  testDir: 'test/e2e',
  outputDir: 'test-results/e2e',
  forbidOnly: true,
  // One temp root per run for every data folder the tests make, removed when the run ends.
  globalSetup: './test/e2e-temp-root.ts',
  timeout: 60_000,
  workers: 1,
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: findChromium(), args: chromiumArgs },
    trace: 'retain-on-failure',
  },
});
