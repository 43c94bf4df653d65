#!/usr/bin/env node
// Prints one closing line for the whole suite ("tests: N passed, N failed"), from the JSON reports
// vitest and Playwright wrote, so CI and people see the real count in one place.
import fs from 'node:fs';

const read = (file) => (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : null);
const vitest = read('test-results/vitest.json');
const playwright = read('test-results/playwright.json');
if (!vitest || !playwright) {
  console.error('test summary: a report is missing (test-results/vitest.json or playwright.json)');
  process.exit(1);
}
const passed = vitest.numPassedTests + (playwright.stats.expected ?? 0);
const failed = vitest.numFailedTests + (playwright.stats.unexpected ?? 0) + (playwright.stats.flaky ?? 0);
const skipped = vitest.numPendingTests + vitest.numTodoTests + (playwright.stats.skipped ?? 0);
console.log(`unit+integration: ${vitest.numPassedTests} passed; browser: ${playwright.stats.expected} passed`);
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || skipped > 0 || passed === 0 ? 1 : 0);
