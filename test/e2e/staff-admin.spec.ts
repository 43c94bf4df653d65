import type { Locator, Page } from '@playwright/test';
import { test, expect } from './test';
import { formatNaira } from '../../shared/money';
import { startPreviewHost, type PreviewHost } from '../helpers/preview-host';
import { axeViolations } from './axe';
import { keepScreenshot } from './keep-screenshot';

/**
 * Staff -> Staff for a supervisor: who can sign in (role, active, PIN locked), deactivating and
 * reactivating, a new PIN typed twice, adding staff with the PIN typed twice; and past Z reports,
 * opened and printed again long after the shift closed. Each host is its own till.
 */
let host: PreviewHost;
test.beforeEach(async () => {
  host = await startPreviewHost();
});
test.afterEach(async () => host?.stop());

async function rpc(channel: string, body: unknown) {
  const { json } = await host.rpc(channel, body);
  expect(json.ok, `${channel}: ${JSON.stringify(json.error)}`).toBe(true);
  return json.value;
}

/** An instant as the screens write it in Lagos time ("26/11/2026, 05:41:38"): Lagos is UTC+1. */
const lagosText = (iso: string) => {
  const lagos = new Date(Date.parse(iso) + 3600_000).toISOString();
  return `${lagos.slice(8, 10)}/${lagos.slice(5, 7)}/${lagos.slice(0, 4)}, ${lagos.slice(11, 19)}`;
};

async function shoot(page: Page, name: string, target?: ReturnType<Page['locator']>) {
  for (const [width, height] of [
    [1280, 800],
    [800, 1280],
  ] as const) {
    await page.setViewportSize({ width, height });
    if (target) await target.scrollIntoViewIfNeeded();
    await keepScreenshot(page, { path: test.info().outputPath(`${name}-${width}x${height}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** My PIN's pads in turn (the PIN now, the new one, again), from pad `from`: each typed, then OK. */
async function typeOnMyPinPads(pinSheet: Locator, pins: string[], from = 0) {
  const pads = ['Your PIN now', 'Your new PIN (4 to 8 digits)', 'Type your new PIN again'];
  for (const [i, pin] of pins.entries()) {
    await pinSheet.getByLabel(pads[from + i]!).fill(pin);
    await pinSheet.getByRole('button', { name: 'OK', exact: true }).click();
  }
}

async function openStaffSection(page: Page) {
  await page.goto(host.url);
  await page.getByRole('button', { name: 'Staff', exact: true }).click();
  await page.getByRole('navigation', { name: 'Back office sections' }).getByRole('button', { name: 'Staff' }).click();
}

test('a supervisor sees who can sign in, sets a new PIN that clears a lock, deactivates and reactivates, and adds staff with the PIN typed twice', async ({ page }) => {
  const ada = await rpc('staff:setup', { name: 'Ada Supervisor', pin: '2468' });
  const tunde = await rpc('staff:create', { name: 'Tunde Bakare', role: 'cashier', pin: '1357' });
  await rpc('staff:create', { name: 'Ngozi Okafor', role: 'supervisor', pin: '8642' });
  // Tunde forgot his PIN: five wrong ones lock it.
  await rpc('staff:sign-out', {});
  for (let i = 0; i < 5; i++) expect((await host.rpc('staff:sign-in', { staffId: tunde.id, pin: '0000' })).json.ok).toBe(false);
  await rpc('staff:sign-in', { staffId: ada.id, pin: '2468' });

  await page.setViewportSize({ width: 1280, height: 800 });
  await openStaffSection(page);
  const list = page.getByTestId('staff-list');
  await expect(list.getByRole('listitem')).toHaveCount(3);
  const adaRow = page.getByTestId(`staff-member-${ada.id}`);
  const tundeRow = page.getByTestId(`staff-member-${tunde.id}`);
  await expect(adaRow).toContainText('Ada Supervisor (you)');
  await expect(adaRow).toContainText('Supervisor');
  await expect(adaRow.getByRole('button', { name: 'Deactivate' })).toHaveCount(0);
  await expect(tundeRow).toContainText('Cashier');
  await expect(tundeRow.getByTestId('staff-state')).toHaveText('Active');
  await expect(tundeRow.getByTestId('staff-pin-locked')).toContainText('PIN locked until');
  await shoot(page, 'staff-list', list);

  // A new PIN, typed twice: a mismatch starts over, then it is set and the lock is gone.
  await tundeRow.getByRole('button', { name: 'Set a new PIN' }).click();
  const sheet = page.getByRole('dialog', { name: 'New PIN for Tunde Bakare' });
  await sheet.getByLabel('New PIN for Tunde Bakare (4 to 8 digits)').fill('1111');
  await sheet.getByRole('button', { name: 'OK' }).click();
  await sheet.getByLabel('Type the new PIN for Tunde Bakare again').fill('2222');
  await sheet.getByRole('button', { name: 'OK' }).click();
  await expect(sheet.getByText('The two PINs were different. Choose a PIN again.')).toBeVisible();
  await shoot(page, 'staff-new-pin-mismatch');
  await sheet.getByLabel('New PIN for Tunde Bakare (4 to 8 digits)').fill('97531');
  await sheet.getByRole('button', { name: 'OK' }).click();
  await sheet.getByLabel('Type the new PIN for Tunde Bakare again').fill('97531');
  await sheet.getByRole('button', { name: 'OK' }).click();
  await expect(sheet).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'New PIN set for Tunde Bakare. They can sign in with it now.' })).toBeVisible();
  await expect(tundeRow.getByTestId('staff-pin-locked')).toHaveCount(0);

  // Deactivate, after a confirm step.
  await tundeRow.getByRole('button', { name: 'Deactivate' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Deactivate Tunde Bakare?' });
  await expect(confirm).toContainText('will no longer be able to sign in');
  await shoot(page, 'staff-deactivate-confirm');
  await confirm.getByRole('button', { name: 'Deactivate' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(tundeRow.getByTestId('staff-state')).toHaveText('Deactivated: cannot sign in');
  await expect(tundeRow.getByRole('button', { name: 'Reactivate' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Tunde Bakare is deactivated and can no longer sign in.' })).toBeVisible();

  // Adding staff asks for the PIN twice, as first setup does.
  const add = page.getByRole('region', { name: 'Add staff' });
  await add.getByLabel('Name').fill('Kemi Ojo');
  await add.getByLabel('PIN for Kemi Ojo').fill('4321');
  await add.getByRole('button', { name: 'OK' }).click();
  await add.getByLabel('Type the PIN for Kemi Ojo again').fill('4322');
  await add.getByRole('button', { name: 'OK' }).click();
  await expect(add.getByText('The two PINs were different. Choose a PIN again.')).toBeVisible();
  await add.getByLabel('PIN for Kemi Ojo').fill('4321');
  await add.getByRole('button', { name: 'OK' }).click();
  await add.getByLabel('Type the PIN for Kemi Ojo again').fill('4321');
  await add.getByRole('button', { name: 'OK' }).click();
  await expect(add.getByText('Added Kemi Ojo.')).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(4);
  await shoot(page, 'staff-after', list);

  // The sign-in screen no longer offers Tunde.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Kemi Ojo' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Tunde Bakare' })).toHaveCount(0);
  await shoot(page, 'staff-sign-in-roster');
  expect((await host.rpc('staff:sign-in', { staffId: tunde.id, pin: '97531' })).json.ok).toBe(false);

  // Reactivated, he is back on the roster and signs in with the new PIN.
  await rpc('staff:sign-in', { staffId: ada.id, pin: '2468' });
  await openStaffSection(page);
  await page.getByTestId(`staff-member-${tunde.id}`).getByRole('button', { name: 'Reactivate' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Tunde Bakare can sign in again.' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('button', { name: 'Tunde Bakare' }).click();
  await page.getByLabel('PIN', { exact: true }).fill('97531');
  await page.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(page.getByText('Signed in: Tunde Bakare (cashier)')).toBeVisible();
  // A cashier has no staff list.
  await page.getByRole('navigation', { name: 'Back office sections' }).getByRole('button', { name: 'Staff' }).click();
  await expect(page.getByText('Only a supervisor sees the staff list, adds staff and sets their PINs.')).toBeVisible();
  await expect(page.getByTestId('staff-list')).toHaveCount(0);

  // The PIN Ada chose for him becomes one only he knows: his PIN now first, then the new one twice.
  const myPin = page.getByRole('region', { name: 'My PIN' });
  await myPin.getByRole('button', { name: 'Change my PIN' }).click();
  const pinSheet = page.getByRole('dialog', { name: 'My PIN' });
  await typeOnMyPinPads(pinSheet, ['11111', '24680', '24680']);
  // A wrong PIN now: asked for again, with why; nothing changed.
  await expect(pinSheet.getByLabel('Your PIN now')).toBeVisible();
  await expect(pinSheet.getByRole('alert')).toHaveText('That PIN is not right. Try again.');
  expect((await host.rpc('staff:status', {})).json.value.signedIn.id).toBe(tunde.id);
  // Typed differently the second time: the new PIN is chosen again.
  await typeOnMyPinPads(pinSheet, ['97531', '24680', '24681']);
  await expect(pinSheet.getByRole('alert')).toHaveText('The two PINs were different. Choose a PIN again.');
  expect((await axeViolations(page, { include: 'dialog' })).map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  await shoot(page, 'staff-my-pin');
  await typeOnMyPinPads(pinSheet, ['24680', '24680'], 1);
  await expect(pinSheet).toHaveCount(0);
  await expect(myPin.getByRole('status')).toHaveText('Your new PIN is saved. Use it the next time you sign in.');
  await page.getByRole('button', { name: 'Sign out' }).click();
  expect((await host.rpc('staff:sign-in', { staffId: tunde.id, pin: '97531' })).json.ok).toBe(false);
  expect((await host.rpc('staff:sign-in', { staffId: tunde.id, pin: '24680' })).json.ok).toBe(true);
});

test('changing your own PIN on a screen left signed in: too many wrong PINs sign that person out, and the screen asks who is there', async ({ page }) => {
  await rpc('staff:setup', { name: 'Ada Supervisor', pin: '2468' });
  const tunde = await rpc('staff:create', { name: 'Tunde Bakare', role: 'cashier', pin: '1357' });
  await rpc('staff:sign-in', { staffId: tunde.id, pin: '1357' });
  await page.setViewportSize({ width: 800, height: 1280 });
  await openStaffSection(page);
  await page.getByRole('region', { name: 'My PIN' }).getByRole('button', { name: 'Change my PIN' }).click();
  const pinSheet = page.getByRole('dialog', { name: 'My PIN' });
  for (let i = 0; i < 5; i++) {
    await typeOnMyPinPads(pinSheet, ['0000', '24680', '24680']);
    if (i < 4) await expect(pinSheet.getByRole('alert')).toHaveText('That PIN is not right. Try again.');
  }
  await expect(pinSheet.getByRole('alert')).toHaveText(/^That PIN is not right\. After too many wrong PINs, Tunde Bakare is signed out and their PIN is locked for \d+ seconds\.$/);
  await shoot(page, 'staff-my-pin-locked');
  await pinSheet.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  expect((await host.rpc('staff:status', {})).json.value.signedIn).toBeNull();
});

test('past Z reports: listed newest first in Lagos time with who closed and the difference, opened as closed, printed again', async ({ page }) => {
  await rpc('staff:setup', { name: 'Ada Supervisor', pin: '2468' });
  await rpc('shift:open', { floatKobo: 500_000 });
  const first = await rpc('shift:close', { countedKobo: 480_000 });
  await rpc('shift:open', { floatKobo: 200_000 });
  const second = await rpc('shift:close', { countedKobo: 200_000 });

  await page.setViewportSize({ width: 1280, height: 800 });
  // They sit under the shift, where it was closed (they were under Staff, beside the roster).
  await page.goto(host.url);
  await page.getByRole('button', { name: 'Staff', exact: true }).click();
  await expect(page.getByRole('navigation', { name: 'Back office sections' }).getByRole('button', { name: 'Shift' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByLabel('Opening float (₦)')).toBeVisible();
  const past = page.getByRole('region', { name: 'Past Z reports' });
  const rows = past.getByTestId('z-report-list').getByRole('listitem');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('Z report #2 · shift 2');
  await expect(rows.nth(1)).toContainText('Z report #1 · shift 1');
  await expect(rows.nth(0).getByTestId('z-closed-at')).toHaveText(`Closed ${lagosText(second.closedAt)} by Ada Supervisor`);
  await expect(rows.nth(1).getByTestId('z-closed-at')).toHaveText(`Closed ${lagosText(first.closedAt)} by Ada Supervisor`);
  await expect(rows.nth(1).getByTestId('z-difference')).toHaveText(`Difference: ${formatNaira(-20_000)} (short)`);
  await shoot(page, 'z-list', past);

  await past.getByRole('button', { name: 'Open Z report #1' }).click();
  const z = past.getByTestId('z-report');
  await expect(z).toContainText('Z report #1 · shift 1');
  await expect(z.getByTestId('difference')).toHaveText(`${formatNaira(-20_000)} (short)`);
  await past.getByRole('button', { name: 'Print Z report #1' }).click();
  await expect(past.getByRole('status')).toContainText(/Z report/);
  await shoot(page, 'z-open', past);
  const jobs = (await rpc('print:jobs', {})).jobs as Array<{ title: string; state: string }>;
  expect(jobs.some((job) => /Z/.test(job.title))).toBe(true);

  await past.getByRole('button', { name: 'Back to the list' }).click();
  await expect(rows).toHaveCount(2);
});
