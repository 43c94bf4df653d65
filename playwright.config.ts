import { defineConfig } from '@playwright/test';
import { chromiumArgs, findChromium } from './scripts/find-browser';

export default defineConfig({
  testDir: 'test/e2e',
  outputDir: 'test-results/e2e',
  forbidOnly: true,
  // One temp root per run for every data folder the tests make, removed when the run ends.
  globalSetup: './test/e2e-temp-root.ts',
  timeout: 60_000,
  // Each test starts its own stack (sandbox, terminal, preview host) on free ports, so two run side by
  // side; most of a test's time is the app's own waits (countdowns, the terminal), not the CPU.
  workers: 2,
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: findChromium(), args: chromiumArgs },
    trace: 'retain-on-failure',
  },
});
