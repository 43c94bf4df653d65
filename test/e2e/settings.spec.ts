import { test, expect } from './test';
import fs from 'node:fs';
import path from 'node:path';
import { startPreviewHost } from '../helpers/preview-host';
import { setUpSupervisor, openTill } from './support';
import { say } from './i18n-support';
import { axeViolations } from './axe';
import { keepScreenshot } from './keep-screenshot';

test('a supervisor saves settings for the next start and a write-only API key', async ({ page }) => {
  const host = await startPreviewHost();
  try {
    await openTill(page, host);
    await page.getByRole('button', { name: 'Staff', exact: true }).click();
    await page.getByRole('navigation', { name: 'Back office sections' }).getByRole('button', { name: 'Settings' }).click();
    const settings = page.getByRole('region', { name: 'Settings' });
    // A refused field says what it wants, in words (not the form library's "Too small: expected string…").
    await settings.getByLabel('Terminal name').fill('');
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await expect(settings.getByText('Type the till’s name, 1 to 60 characters: it is shown on screen and on receipts.')).toBeVisible();
    await settings.getByLabel('Terminal name').fill('Box Office 3');
    await settings.getByRole('textbox', { name: /^Printer/ }).fill('lpt9');
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await expect(settings.getByText(/^Type preview .* like tcp:\/\/192\.168\.1\.50:9100 .*\(must be preview, tcp/)).toBeVisible();
    await settings.getByRole('textbox', { name: /^Printer/ }).fill('tcp://192.168.1.50:9100');
    // Asked for its status until told; a print server that never answers says No.
    await expect(settings.getByLabel('Ask the printer for its status')).toHaveValue('yes');
    await settings.getByLabel('Ask the printer for its status').selectOption({ label: 'No: it never answers (a print server), so send receipts without asking' });
    // The drawer on the printer's port: pin 2 until told; a desk without one says None.
    await expect(settings.getByLabel('Cash drawer')).toHaveValue('pin-2');
    await settings.getByLabel('Cash drawer').selectOption({ label: 'None' });
    // Who may open the drawer without a sale: anyone signed in until told.
    await expect(settings.getByLabel('Open the drawer without a sale')).toHaveValue('anyone');
    await settings.getByLabel('Open the drawer without a sale').selectOption({ label: 'Supervisors only' });
    await expect(settings.getByLabel('Take cash out of the drawer')).toHaveValue('anyone');
    await settings.getByLabel('Take cash out of the drawer').selectOption({ label: 'Supervisors only' });
    await expect(settings.getByLabel('Drawer sensor')).toHaveValue('off');
    await settings.getByLabel('Drawer sensor').selectOption({ label: 'Open when it reads low' });
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await expect(settings.getByText('Restart Lobby POS to use these settings.')).toBeVisible();
    const saved = JSON.parse(fs.readFileSync(path.join(host.dataDir, 'config.json'), 'utf8'));
    expect(saved).toMatchObject({ terminal: { name: 'Box Office 3' }, printer: { interface: 'tcp://192.168.1.50:9100', askStatus: 'no', cashDrawer: 'off', noSaleBy: 'supervisor', cashOutBy: 'supervisor', drawerSensor: 'open-when-low' } });
    // A refused save says nothing was saved, not "Saved" from the save before it.
    await settings.getByRole('textbox', { name: /^Printer/ }).fill('192.168.1.50');
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await expect(settings.getByText('Some settings are not valid; nothing was saved.')).toBeVisible();
    await expect(settings.getByText('Restart Lobby POS to use these settings.')).toHaveCount(0);
    await settings.getByRole('textbox', { name: /^Printer/ }).fill('tcp://192.168.1.50:9100');

    // The key is bound to the partner it is entered for, so the partner URL is saved first.
    const key = 'sk_test_e2e_9f8e7d6c';
    await settings.getByLabel(/Partner API key/).fill(key);
    await settings.getByRole('button', { name: 'Save key' }).click();
    await expect(settings.getByText(/Save the partner URL first/)).toBeVisible();
    await settings.getByRole('textbox', { name: /^Partner API URL/ }).fill('https://partner.example');
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await expect(settings.getByText(/No partner API key is set/)).toBeVisible();
    await settings.getByLabel(/Partner API key/).fill(key);
    // Typed, not saved yet: the key is not in the page's HTML (a controlled input copied it into value="…").
    expect(await page.content()).not.toContain(key);
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

test('a supervisor chooses the card terminal in plain words and stores a write-only Paystack key', async ({ page }) => {
  const host = await startPreviewHost();
  try {
    await page.setViewportSize({ width: 1920, height: 1080 });
    await openTill(page, host);
    await page.getByRole('button', { name: 'Staff', exact: true }).click();
    await page.getByRole('navigation', { name: 'Back office sections' }).getByRole('button', { name: 'Settings' }).click();
    const settings = page.getByRole('region', { name: 'Settings' });
    const terminal = settings.getByRole('group', { name: 'Card terminal' });
    // Automatic until chosen; each choice says what it means.
    await expect(terminal.getByRole('radio', { name: /^Automatic/ })).toBeChecked();
    // As saved, a kiosk with no card terminal would sell nothing after the restart: the screen says so.
    await settings.getByLabel('Terminal profile').selectOption('kiosk');
    await terminal.getByRole('radio', { name: /^Separate card machine/ }).check();
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await expect(terminal.getByRole('alert')).toContainText('this kiosk will sell nothing after the restart');
    await settings.getByLabel('Terminal profile').selectOption('counter');
    await expect(terminal.getByRole('radio', { name: /^Separate card machine.*types its approval code/ })).toBeVisible();
    await expect(terminal.getByRole('radio', { name: /^Training terminal.*takes no real money/ })).toBeVisible();
    await terminal.getByRole('radio', { name: /^Paystack Terminal/ }).check();
    await terminal.getByLabel('Paystack terminal ID').fill('bad id');
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await expect(terminal.getByText('Type the terminal ID from the Paystack dashboard: letters, digits, - or _.')).toBeVisible();
    await terminal.getByLabel('Paystack terminal ID').fill('TRM_lagos01');
    await terminal.getByLabel('Paystack customer code').fill('CUS_walkin01');
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await expect(settings.getByText('Restart Lobby POS to use these settings.')).toBeVisible();
    // "Saved" stands from the save before: the sentence about this save's terminal says it is done.
    await expect(terminal.getByRole('alert')).toHaveText('Card payments will be refused until the Paystack secret key is saved below.');
    const saved = JSON.parse(fs.readFileSync(path.join(host.dataDir, 'config.json'), 'utf8'));
    expect(saved).toMatchObject({ payments: { terminal: 'paystack:TRM_lagos01', paystackCustomer: 'CUS_walkin01' } });

    const key = 'sk_test_e2e_paystack_4c3b2a19';
    const keyField = settings.getByLabel(/Paystack secret key/);
    await expect(keyField).toHaveAccessibleName(/not set/);
    await keyField.fill('pk_test_public_key_1234');
    await settings.getByRole('button', { name: 'Save Paystack key' }).click();
    await expect(settings.getByRole('alert').filter({ hasText: /must be a Paystack secret key/ })).toBeVisible();
    await keyField.fill(key);
    expect(await page.content()).not.toContain(key);
    await settings.getByRole('button', { name: 'Save Paystack key' }).click();
    await expect(settings.getByText('The Paystack key is stored. It is never shown again.')).toBeVisible();
    await expect(keyField).toHaveValue('');
    await expect(keyField).toHaveAccessibleName(/\(set;/);
    await expect(terminal.getByRole('alert')).toHaveCount(0);
    expect(fs.readFileSync(path.join(host.dataDir, 'paystack-secret-key'), 'utf8')).toBe(key);
    await settings.getByRole('heading', { name: 'Card payments' }).scrollIntoViewIfNeeded();
    await keepScreenshot(page, { path: 'test-results/e2e/settings-card-payments-landscape.png' });
    await page.setViewportSize({ width: 1080, height: 1920 });
    await settings.getByRole('heading', { name: 'Card payments' }).scrollIntoViewIfNeeded();
    await keepScreenshot(page, { path: 'test-results/e2e/settings-card-payments-portrait.png' });

    await page.reload();
    await page.getByRole('button', { name: 'Staff', exact: true }).click();
    expect(await page.content()).not.toContain(key);
  } finally {
    await host.stop();
  }
});

test('first run in French: the owner picks her language on the setup screen and the back office stays in it', async ({ page }) => {
  const host = await startPreviewHost();
  try {
    await page.goto(host.url);
    await page.getByRole('button', { name: 'Staff', exact: true }).click();
    await page.getByRole('group', { name: 'My language' }).getByRole('button', { name: 'Français' }).click();
    await expect(page.getByRole('heading', { name: say('fr', 'signin.setupTitle') })).toBeVisible();
    await page.getByLabel(say('fr', 'signin.yourName')).fill('Awa Diallo');
    await page.getByLabel(say('fr', 'signin.choosePin')).fill('2468');
    await page.getByRole('button', { name: 'OK' }).click();
    await page.getByLabel(say('fr', 'signin.pinAgain')).fill('2468');
    await page.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByRole('navigation', { name: say('fr', 'staff.sections') })).toBeVisible();
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', /^fr/);
  } finally {
    await host.stop();
  }
});

test('a second till gets its own number before its first shift, and keeps it once it has one', async ({ page }) => {
  const host = await startPreviewHost();
  try {
    await page.goto(host.url);
    // A new till: the first supervisor, and Settings before any shift (openTill would open one).
    await setUpSupervisor(page);
    // The shift panel says it first, where a new till is opened.
    await expect(page.getByText('This is the first shift of this till, T01. Each till of the business needs its own number: if another till is already T01, a supervisor gives this one its own under Settings → Terminal number before opening the shift.')).toBeVisible();
    const sections = page.getByRole('navigation', { name: 'Back office sections' });
    await sections.getByRole('button', { name: 'Settings' }).click();
    const settings = page.getByRole('region', { name: 'Settings' });
    const number = settings.getByLabel('Terminal number');
    await expect(number).toHaveValue('T01');
    await expect(number).toHaveAccessibleDescription(/Each till of the business needs its own number \(T01, T02…\).*until the till opens its first shift/);
    await number.fill('T 2');
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await expect(settings.getByText('Type the till’s number: 1 to 32 letters, digits, - or _, like T02.')).toBeVisible();
    await number.fill('T02');
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await expect(settings.getByText('Restart Lobby POS to use these settings.')).toBeVisible();

    // Not restarted yet: no shift opens under the old number.
    await sections.getByRole('button', { name: 'Shift' }).click();
    await page.getByLabel('Opening float (₦)').fill('5000');
    await page.getByRole('button', { name: 'Open shift' }).click();
    await expect(page.getByText('This till becomes T02 (instead of T01) when Lobby POS restarts: restart it before opening a shift, so the shift is recorded under the new number.')).toBeVisible();
    await expect(page.getByTestId('x-report')).toHaveCount(0);

    // Restart now, offered right there: the page comes back by itself on the new number, everyone signed out.
    await page.getByRole('region', { name: 'Shift' }).getByRole('button', { name: 'Restart now' }).click();
    await page.getByRole('alertdialog', { name: 'Restart Lobby POS now?' }).getByRole('button', { name: 'Restart now' }).click();
    await expect(page.getByRole('banner')).toContainText('· T02');
    await page.getByRole('button', { name: 'Staff', exact: true }).click();
    await page.getByRole('button', { name: 'Ada Supervisor' }).click();
    await page.keyboard.type('2468');
    // Typed, not sent yet: the PIN is not in the page's HTML (a controlled input copied it into value="…").
    expect(await page.content()).not.toContain('2468');
    await page.keyboard.press('Enter');
    await expect(page.getByText(/^This is the first shift of this till, T02\./)).toBeVisible();
    await page.getByLabel('Opening float (₦)').fill('5000');
    await page.getByRole('button', { name: 'Open shift' }).click();
    await expect(page.getByTestId('x-report')).toBeVisible();
    await sections.getByRole('button', { name: 'Settings' }).click();
    await expect(settings.getByLabel('Terminal number')).toBeDisabled();
    await expect(settings.getByLabel('Terminal number')).toHaveAccessibleDescription('This till has recorded shifts as T02, so its number stays T02.');
  } finally {
    await host.stop();
  }
});

test('Restart now puts saved settings to use without leaving the screen: a counter becomes a kiosk, its shift kept', async ({ page }) => {
  const host = await startPreviewHost();
  try {
    await openTill(page, host);
    await page.getByRole('button', { name: 'Staff', exact: true }).click();
    const sections = page.getByRole('navigation', { name: 'Back office sections' });
    await sections.getByRole('button', { name: 'Settings' }).click();
    const settings = page.getByRole('region', { name: 'Settings' });
    // Nothing saved yet: nothing to restart for.
    await expect(settings.getByRole('button', { name: 'Restart now' })).toHaveCount(0);
    await settings.getByLabel('Terminal name').fill('Lobby kiosk');
    await settings.getByLabel('Terminal profile').selectOption({ label: 'Kiosk (self-service)' });
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await expect(settings.getByText('Restart Lobby POS to use these settings.')).toBeVisible();
    // Left without restarting: Home reminds a supervisor, and leads back to Settings.
    await page.getByRole('button', { name: /Back/ }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Signed in: Ada Supervisor' })).toContainText('Saved settings wait for a restart: Settings → Restart now.');
    await page.getByRole('button', { name: 'Go to the back office' }).click();
    await expect(settings).toBeVisible();

    // Asked first, in words: what a restart does to whoever is signed in, a sale and the shift.
    await settings.getByRole('button', { name: 'Restart now' }).click();
    const ask = page.getByRole('alertdialog', { name: 'Restart Lobby POS now?' });
    await expect(ask).toContainText('Everyone signs in again. A sale being sent finishes first, and the open shift stays open.');
    expect(await axeViolations(page)).toEqual([]);
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await expect(ask).toHaveCount(0);
    await expect(page.getByRole('banner')).toContainText('Counter 1');

    await settings.getByRole('button', { name: 'Restart now' }).click();
    await ask.getByRole('button', { name: 'Restart now' }).click();
    // The same page, now a kiosk's attract screen, selling on the shift opened at the counter.
    await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
    await expect(page.getByRole('button', { name: /Cinema tickets/ })).toBeVisible();
    await expect(page.getByText('This kiosk is not selling right now.')).toHaveCount(0);
    const info = await host.rpc('app:info', {});
    expect(info.json.value).toMatchObject({ profile: 'kiosk', terminalName: 'Lobby kiosk' });
    // Everyone signed in again: the back office asks for a PIN.
    const staff = await host.rpc('staff:status', {});
    expect(staff.json.value).toMatchObject({ signedIn: null, shiftOpen: true });
  } finally {
    await host.stop();
  }
});

test('head office’s password, typed on screen, never sits in the page’s HTML', async ({ page }) => {
  // Head office set up but out of reach: the panel is there, and storing the password needs no server.
  const host = await startPreviewHost({ args: ['--fleet-database-url', 'postgres://lobby_till@127.0.0.1:9/lobby', '--fleet-tls', 'off'] });
  try {
    await openTill(page, host);
    await page.getByRole('button', { name: 'Staff', exact: true }).click();
    await page.getByRole('navigation', { name: 'Back office sections' }).getByRole('button', { name: 'Settings' }).click();
    const headOffice = page.getByRole('region', { name: 'Head office' });
    const password = 'hq-Secret-7f3a9c';
    await headOffice.getByLabel('Head office database password').fill(password);
    expect(await page.content()).not.toContain(password);
    await headOffice.getByRole('button', { name: 'Save password' }).click();
    await expect(headOffice.getByText('Password stored; this till is trying head office again.')).toBeVisible();
    await expect(headOffice.getByLabel('Head office database password')).toHaveValue('');
    expect(await page.content()).not.toContain(password);
  } finally {
    await host.stop();
  }
});
