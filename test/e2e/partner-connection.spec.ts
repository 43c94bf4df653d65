import type { Page } from '@playwright/test';
import { test, expect } from './test';
import { createSandbox, SANDBOX_DEFAULT_API_KEY, startSandboxServer } from '../../electron/sandbox';
import { startPreviewHost, type PreviewHost } from '../helpers/preview-host';
import { openTill, startStack } from './support';
import { chooseFrench, say } from './i18n-support';
import { keepScreenshot } from './keep-screenshot';

/**
 * Settings -> Test partner connection, as a supervisor uses it in Chromium: against the sandbox
 * (every call answers, with its status and time), the live layout preset tested before saving, and
 * a sandbox started with another key (the screen says which setting to change, in plain words).
 */

async function openSettings(page: Page, host: PreviewHost) {
  await openTill(page, host);
  await page.getByRole('button', { name: 'Staff', exact: true }).click();
  await page.getByRole('navigation', { name: 'Back office sections' }).getByRole('button', { name: 'Settings' }).click();
  return page.getByRole('region', { name: 'Settings' });
}

test('against the sandbox: five calls, each 200 with its time; other layouts test before saving', async ({ page }) => {
  const stack = await startStack();
  try {
    const settings = await openSettings(page, stack.host);
    const before = stack.sandbox.transactions().length;
    await settings.getByRole('button', { name: 'Test partner connection' }).click();
    const summary = settings.getByTestId('partner-test-summary');
    await expect(summary).toContainText('answered all 5 calls');
    await expect(summary).toContainText('Nothing was bought.');
    const rows = settings.getByRole('table', { name: 'Each call of the test' }).getByRole('row');
    await expect(rows).toHaveCount(6);
    for (const name of ['Experience list', 'Experience details', 'Show dates', 'Ticket categories', 'Hotel list']) {
      const row = rows.filter({ has: page.getByRole('rowheader', { name }) });
      await expect(row).toContainText('200');
      await expect(row).toContainText(/\d+ ms/);
      await expect(row).toContainText('OK');
    }
    // The default is the live layout: /v1 and /v2.
    await expect(settings.getByRole('radio', { name: /Live layout/ })).toBeChecked();
    await expect(settings.getByRole('cell', { name: /GET \/v1\/partner\/experience$/ })).toBeVisible();

    for (const [width, height, name] of [[1920, 1080, 'landscape'], [1080, 1920, 'portrait']] as const) {
      await page.setViewportSize({ width, height });
      await settings.getByRole('table', { name: 'Each call of the test' }).scrollIntoViewIfNeeded();
      await keepScreenshot(page, { path: `test-results/partner-screens/partner-connection-ok-${name}.png`, fullPage: false });
    }

    // The documented layout (/api/v1) as custom prefixes, tested as typed (not saved yet).
    await settings.getByRole('radio', { name: /Custom/ }).check();
    await settings.getByRole('textbox', { name: 'Experience path prefix' }).fill('/api/v1');
    await settings.getByRole('button', { name: 'Test partner connection' }).click();
    await expect(settings.getByRole('cell', { name: /GET \/api\/v1\/partner\/experience$/ })).toBeVisible();
    await expect(summary).toContainText('answered all 5 calls');
    // A custom prefix that is wrong names the setting and the prefix that works.
    await settings.getByRole('radio', { name: /Custom/ }).check();
    await settings.getByRole('textbox', { name: 'Experience path prefix' }).fill('/v3');
    await settings.getByRole('button', { name: 'Test partner connection' }).click();
    const findings = settings.getByRole('list', { name: 'What to change' });
    await expect(findings).toContainText('Experience path prefix:');
    await expect(findings).toContainText('set "Experience path prefix" to /v1');
    // The Live layout puts both prefixes back.
    await settings.getByRole('radio', { name: /Live layout/ }).check();
    await expect(settings.getByRole('textbox', { name: 'Experience path prefix' })).toHaveValue('/v1');
    await expect(settings.getByRole('textbox', { name: 'Hotel path prefix' })).toHaveValue('/v2');
    // In French, the headline and the calls' names are French (they were English in every language).
    await chooseFrench(page);
    await page.getByRole('button', { name: say('fr', 'partnerTest.title') }).click();
    await expect(page.getByTestId('partner-test-summary')).toContainText(/Le partenaire a répondu aux 5 appels en \d+ ms\. Rien n’a été acheté\./);
    await expect(page.getByRole('rowheader', { name: 'Liste des hôtels' })).toBeVisible();
    expect(stack.sandbox.transactions()).toHaveLength(before);
  } finally {
    await stack.stop();
  }
});

test('a sandbox started with another key: the screen names the API key, in plain words', async ({ page }) => {
  const sandbox = createSandbox({ apiKey: 'the-partners-own-key-7a1e' });
  const server = await startSandboxServer({ sandbox });
  const host = await startPreviewHost({ args: ['--partner-url', server.url, '--partner-timeout-ms', '3000'], env: { POS_API_KEY: SANDBOX_DEFAULT_API_KEY } });
  try {
    const settings = await openSettings(page, host);
    await settings.getByRole('button', { name: 'Test partner connection' }).click();
    const summary = settings.getByTestId('partner-test-summary');
    await expect(summary).toContainText('calls failed');
    const findings = settings.getByRole('list', { name: 'What to change' });
    await expect(findings).toContainText('Partner API key: The partner refused the API key (HTTP 401');
    await expect(findings).toContainText('Enter the key for this partner in "Partner API key"');
    const rows = settings.getByRole('table', { name: 'Each call of the test' }).getByRole('row');
    await expect(rows.filter({ has: page.getByRole('rowheader', { name: 'Experience list' }) })).toContainText('401');
    await expect(rows.filter({ has: page.getByRole('rowheader', { name: 'Show dates' }) })).toContainText('Not tried');
    expect(await page.content()).not.toContain(SANDBOX_DEFAULT_API_KEY);
    for (const [width, height, name] of [[1920, 1080, 'landscape'], [1080, 1920, 'portrait']] as const) {
      await page.setViewportSize({ width, height });
      await findings.scrollIntoViewIfNeeded();
      await keepScreenshot(page, { path: `test-results/partner-screens/partner-connection-wrong-key-${name}.png` });
    }
  } finally {
    await host.stop();
    await server.close();
  }
});

test('saved and not restarted yet: the test tries the partner as saved, with the key stored for it, not the training sandbox', async ({ page }) => {
  const sandbox = createSandbox();
  const server = await startSandboxServer({ sandbox });
  const host = await startPreviewHost();
  try {
    const settings = await openSettings(page, host);
    await settings.getByRole('textbox', { name: /^Partner API URL/ }).fill(server.url);
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await expect(settings.getByText(/No partner API key is set/)).toBeVisible();
    const key = settings.getByLabel(/Partner API key/);
    await key.fill('not-this-partners-key');
    await settings.getByRole('button', { name: 'Save key' }).click();
    await expect(settings.getByText('The key is stored. It is never shown again.')).toBeVisible();
    // The till still runs in training until it restarts: a green "sandbox answered" here hid the wrong key.
    await settings.getByRole('button', { name: 'Test partner connection' }).click();
    const summary = settings.getByTestId('partner-test-summary');
    await expect(summary).toContainText('calls failed');
    await expect(summary).not.toContainText('sandbox');
    await expect(settings.getByRole('list', { name: 'What to change' })).toContainText('Partner API key: The partner refused the API key (HTTP 401');
    await key.fill(SANDBOX_DEFAULT_API_KEY);
    await settings.getByRole('button', { name: 'Save key' }).click();
    await expect(key).toHaveValue('');
    await settings.getByRole('button', { name: 'Test partner connection' }).click();
    await expect(summary).toContainText('answered all 5 calls');
    await expect(summary).not.toContainText('sandbox');
  } finally {
    await host.stop();
    await server.close();
  }
});
