import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type { AxeResults, ElementContext, RunOptions } from 'axe-core';

/**
 * axe-core's scan of what the page shows now: its violations, of any impact.
 *
 * @axe-core/playwright's AxeBuilder evaluates axe's 550 KB source in the page on every scan: about
 * 500 ms of a 600 ms scan on this machine, a few hundred times a run. Here axe goes into a page
 * once and stays until the page navigates (the app is one page, so once per test); the scan then
 * takes under 100 ms. The same axe-core, the same rules: the app has no frames, which is all
 * AxeBuilder adds (it stitches frames' results together).
 */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type Axe = { run(context: ElementContext, options: RunOptions): Promise<AxeResults> };

export async function axeViolations(page: Page, options: { include?: string } = {}): Promise<AxeResults['violations']> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(axeSource);
  return page.evaluate(
    async ({ include }) => {
      const axe = (window as unknown as { axe: Axe }).axe;
      const results = await axe.run(include ? { include: [include] } : document, { resultTypes: ['violations'] });
      return results.violations;
    },
    { include: options.include ?? null },
  );
}
