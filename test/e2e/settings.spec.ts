import { test, expect } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import { startPreviewHost } from '../helpers/preview-host';
import { setUpTill } from './support';

test('a supervisor saves settings for the next start and a write-only API key', async ({ page }) => {
  const host = await startPreviewHost();
  try {
    await page.goto(host.url);
    await setUpTill(page);
    await page.getByRole('button', { name: 'Staff', exact: true }).click();
    await page.getByRole('navigation', { name: 'Back office sections' }).getByRole('button', { name: 'Settings' }).click();
    const settings = page.getByRole('region', { name: 'Settings' });
    await settings.getByLabel('Terminal name').fill('Box Office 3');
    await settings.getByRole('textbox', { name: /^Printer/ }).fill('lpt9');
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await expect(settings.getByText(/must be preview, tcp/)).toBeVisible();
    await settings.getByRole('textbox', { name: /^Printer/ }).fill('tcp://192.168.1.50:9100');
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await expect(settings.getByText('Restart Lobby POS to use these settings.')).toBeVisible();
    const saved = JSON.parse(fs.readFileSync(path.join(host.dataDir, 'config.json'), 'utf8'));
    expect(saved).toMatchObject({ terminal: { name: 'Box Office 3' }, printer: { interface: 'tcp://192.168.1.50:9100' } });

    // The key is bound to the partner it is entered for, so the partner URL is saved first.
    const key = 'sk_test_e2e_9f8e7d6c';
    await settings.getByLabel(/Partner API key/).fill(key);
    await settings.getByRole('button', { name: 'Save key' }).click();
    await expect(settings.getByText(/Save the partner URL first/)).toBeVisible();
    await settings.getByRole('textbox', { name: /^Partner API URL/ }).fill('https://partner.example');
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await expect(settings.getByText(/No partner API key is set/)).toBeVisible();
    await settings.getByLabel(/Partner API key/).fill(key);
    await settings.getByRole('button', { name: 'Save key' }).click();
    await expect(settings.getByText('The key is stored. It is never shown again.')).toBeVisible();
    await expect(settings.getByLabel(/Partner API key/)).toHaveValue('');
    await expect(settings.getByLabel(/Partner API key/)).toHaveAccessibleName(/a key is set/);
    await expect(settings.getByText('The API key is sent only to https://partner.example. Changing the partner URL asks for the key again.')).toBeVisible();
    // Another partner asks for the key again, and the screen says so.
    await settings.getByRole('textbox', { name: /^Partner API URL/ }).fill('https://other.example');
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await expect(settings.getByRole('alert').filter({ hasText: /entered for https:\/\/partner\.example.*Enter the API key again/ })).toBeVisible();
    await page.reload();
    await page.getByRole('button', { name: 'Staff', exact: true }).click();
    expect(await page.content()).not.toContain(key);
  } finally {
    await host.stop();
  }
});
