import type { Page } from '@playwright/test';
import { test, expect } from './test';
import { startPreviewHost, type PreviewHost } from '../helpers/preview-host';
import { en } from '../../renderer/src/i18n/catalogues/en';
import { yo } from '../../renderer/src/i18n/catalogues/yo';
import { expectInView, openKioskShift, startStack } from './support';
import { kioskCustomerToPay } from './kiosk-customer';
import { startFakePrinter } from '../helpers/fake-printer';
import { axeViolations } from './axe';
import { keepScreenshot } from './keep-screenshot';

const small = [
  { name: 'landscape', width: 1280, height: 800 },
  { name: 'portrait', width: 800, height: 1280 },
];

/** A kiosk sells inside a shift a supervisor opened: open one through the contract, then sign out. */
async function openShift(kiosk: PreviewHost) {
  expect((await kiosk.rpc('staff:setup', { name: 'Kiosk Supervisor', pin: '2468' })).json.ok).toBe(true);
  expect((await kiosk.rpc('shift:open', { floatKobo: 0 })).json.ok).toBe(true);
  await kiosk.rpc('staff:sign-out', {});
}

/** A kiosk of its own, selling (a shift open), whose idle reset waits: the test decides when a customer is gone. */
async function withSellingKiosk(run: (kiosk: PreviewHost) => Promise<void>) {
  const kiosk = await startPreviewHost({ args: ['--profile', 'kiosk', '--kiosk-idle-seconds', '600', '--kiosk-warning-seconds', '30'] });
  try {
    await openShift(kiosk);
    await run(kiosk);
  } finally {
    await kiosk.stop();
  }
}

async function look(page: Page, name: string) {
  await keepScreenshot(page, { path: test.info().outputPath(`${name}.png`) });
}

let host: PreviewHost;
test.beforeAll(async () => {
  // A short idle time, but a warning long enough for a loaded machine to click within it.
  host = await startPreviewHost({ args: ['--profile', 'kiosk', '--kiosk-idle-seconds', '3', '--kiosk-warning-seconds', '8'] });
  await openShift(host);
});
test.afterAll(async () => host?.stop());

test('the kiosk rests on an attract screen with no staff controls in view', async ({ page }) => {
  await page.goto(host.url);
  await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Cinema tickets/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /Book a room/ })).toBeVisible();
  // The only way to staff screens is the small corner button, and no staff words show.
  await expect(page.getByRole('banner')).toHaveCount(0);
  await expect(page.locator('main')).not.toContainText(/shift|sale id/i);
});

test('idle: "Still there?" warns with a countdown, then the screen resets and forgets the customer', async ({ page }) => {
  await page.goto(host.url);
  await page.getByRole('button', { name: /Book a room/ }).click();
  await page.getByLabel('Or type a city').fill('Abuja');
  await expect(page.getByLabel('Or type a city')).toHaveValue('Abuja');
  const dialog = page.getByRole('alertdialog', { name: 'Still there?' });
  await expect(dialog).toBeVisible({ timeout: 6000 });
  await expect(dialog).toContainText(/start over in \d+ seconds/);
  // Issue 15 defect 5: what the customer typed is hidden behind the warning, not dimmed.
  await expect(page.getByTestId('kiosk-screen')).toBeHidden();
  await expect(page.getByLabel('Or type a city')).toBeHidden();
  // Touching "I'm still here" keeps everything as it was.
  await dialog.getByRole('button', { name: 'I’m still here' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByLabel('Or type a city')).toHaveValue('Abuja');
  await expect(page.getByLabel('Or type a city')).toBeVisible();
  // Walking away: warning, then reset to the attract screen with nothing remembered.
  await expect(dialog).toBeVisible({ timeout: 6000 });
  await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: /Book a room/ }).click();
  await expect(page.getByLabel('Or type a city')).toHaveValue('');
});

test('staff screens refuse without a PIN, and the on-screen keyboard types into fields', async ({ page }) => {
  // A kiosk fresh out of the box (no staff yet): the shared one above has a supervisor and a shift.
  const fresh = await startPreviewHost({ args: ['--profile', 'kiosk'] });
  try {
    await page.goto(fresh.url);
    await page.getByRole('button', { name: 'Staff', exact: true }).click();
    // A fresh kiosk asks for the first supervisor; nothing of the staff tools shows before a PIN.
    await expect(page.getByRole('heading', { name: /Set up this till|Sign in/ })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Shift' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Journal' })).toHaveCount(0);
    await page.getByLabel('Your name').click();
    const keyboard = page.getByRole('group', { name: 'On-screen keyboard' });
    await expect(keyboard).toBeVisible();
    for (const key of ['{shift}', 'K', 'e', 'm', 'i']) await keyboard.locator(`[data-skbtn="${key}"]`).click();
    await expect(page.getByLabel('Your name')).toHaveValue('Kemi');
    // Through the contract too: staff actions are refused while nobody is signed in.
    const refused = await fresh.rpc('shift:open', { floatKobo: 0 });
    expect(refused.json).toMatchObject({ ok: false });
    expect(['UNAUTHORIZED', 'FORBIDDEN']).toContain(refused.json.error.code);
  } finally {
    await fresh.stop();
  }
});

test('each field at the kiosk gets the keys it takes (none over a PIN pad, a point for an amount, a slash for a date, signs for an address), and signing out goes back to the customers', async ({ page }) => {
  const fresh = await startPreviewHost({ args: ['--profile', 'kiosk'] });
  try {
    await page.goto(fresh.url);
    await page.getByRole('button', { name: 'Staff', exact: true }).click();
    const keyboard = page.getByRole('group', { name: en['osk.label'] });
    const key = (k: string) => keyboard.locator(`[data-skbtn="${k}"]`);
    await page.getByLabel('Your name').click();
    for (const k of ['{shift}', 'K', 'e', 'm', 'i']) await key(k).click();
    // An underscore among the letters, for the e-mails that have one (seun_ade@…).
    await expect(key('_')).toBeVisible();
    // The PIN pad brings its own keys: a second number pad (with a + on it) covered the screen.
    const pad = page.locator('form.pin-pad');
    await pad.getByLabel(en['signin.choosePin']).click();
    await expect(keyboard).toHaveCount(0);
    for (let time = 0; time < 2; time++) {
      for (const digit of '2468') await pad.getByRole('button', { name: digit, exact: true }).click();
      await pad.getByRole('button', { name: en['pin.ok'] }).click();
      await expect(keyboard).toHaveCount(0);
    }
    // An amount: digits and a decimal point, no +.
    await page.getByLabel(en['shift.float']).click();
    await expect(key('.')).toBeVisible();
    await expect(key('+')).toHaveCount(0);
    for (const k of ['1', '5', '0', '0', '.', '5']) await key(k).click();
    await expect(page.getByLabel(en['shift.float'])).toHaveValue('1500.5');
    await key('{done}').click();
    await page.getByRole('button', { name: en['shift.open'] }).click();
    await expect(page.getByText('₦1,500.50').first()).toBeVisible();
    // A date in the journal's search: day/month/year, slashes and all, read back in words.
    await page.getByRole('button', { name: en['staff.section.journal'], exact: true }).click();
    await page.getByLabel(en['journal.from']).click();
    await expect(key('+')).toHaveCount(0);
    for (const k of '01/12/2026') await key(k).click();
    await expect(page.getByLabel(en['journal.from'])).toHaveValue('01/12/2026');
    await expect(page.getByText('Tuesday 1 December 2026')).toBeVisible();
    await look(page, 'journal-date-on-the-kiosk-keys');
    await key('{done}').click();
    // The kiosk's own settings typed on its screen: an address needs : and / (the signs' layer).
    await page.getByRole('button', { name: en['staff.section.settings'], exact: true }).click();
    const printer = page.getByRole('textbox', { name: en['settings.printer'], exact: true });
    await printer.fill('');
    await printer.click();
    for (const k of ['t', 'c', 'p', '{symbols}', ':', '/', '/', '1', '0', '.', '0', '.', '0', '.', '5', ':', '9', '1', '0', '0']) await key(k).click();
    await expect(printer).toHaveValue('tcp://10.0.0.5:9100');
    await look(page, 'settings-on-the-kiosk-signs');
    // Back to the letters, which stay until asked for again.
    await key('{abc}').click();
    await expect(key('q')).toBeVisible();
    await key('{done}').click();
    // Signing out hands the kiosk back to its customers: their Welcome, not a staff sign-in screen.
    await page.getByRole('button', { name: en['common.signOut'] }).click();
    await expect(page.getByRole('heading', { name: en['kiosk.welcome'] })).toBeVisible();
    await expect(page.getByRole('button', { name: /Cinema tickets/ })).toBeVisible();
    await page.getByRole('button', { name: 'Staff', exact: true }).click();
    await expect(page.getByRole('heading', { name: en['signin.title'] })).toBeVisible();
  } finally {
    await fresh.stop();
  }
});

test('an idle reset closes the on-screen keyboard: the next customer gets a clean attract screen', async ({ browser }) => {
  // Long enough idle for a loaded machine to walk to the Details step between touches.
  const kiosk = await startPreviewHost({ args: ['--profile', 'kiosk', '--kiosk-idle-seconds', '6', '--kiosk-warning-seconds', '2'] });
  // A touch screen, tapped as a customer does (a tapped key sends no click after its touch).
  const context = await browser.newContext({ hasTouch: true, viewport: small[0]! });
  const page = await context.newPage();
  try {
    await openShift(kiosk);
    await page.goto(kiosk.url);
    await page.getByRole('region', { name: en['kiosk.showing'] }).getByRole('button').first().tap();
    await page.locator('main section[aria-label] button').first().tap();
    await page.getByTestId('kiosk-ticket').getByRole('button', { name: /^More: / }).first().tap();
    await page.getByRole('button', { name: en['common.continue'] }).tap();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en['kiosk.details.title']);
    await page.getByLabel(en['checkout.name']).tap();
    const keyboard = page.getByRole('group', { name: en['osk.label'] });
    await keyboard.locator('[data-skbtn="a"]').tap();
    await expect(page.getByLabel(en['checkout.name'])).toHaveValue('a');
    // Shift for the next capital: the keys change under her finger (the audit's keyboard stayed up in capitals).
    await keyboard.locator('[data-skbtn="{shift}"]').click();
    await expect(keyboard.locator('[data-skbtn="Q"]')).toBeVisible();
    // The customer walks away: "Still there?", then the attract screen, with no keyboard left over it.
    await expect(page.getByRole('alertdialog', { name: en['idle.title'] })).toBeVisible({ timeout: 10_000 });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en['kiosk.welcome'], { timeout: 10_000 });
    await look(page, 'attract-after-idle-reset');
    await expect(keyboard).toHaveCount(0);
    // From the top, as the first customer saw it.
    await expectInView(page.getByRole('heading', { name: en['kiosk.welcome'] }), 'Welcome after the reset');
    await expectInView(page.getByRole('button', { name: /Cinema tickets/ }), 'Cinema tickets after the reset');
    await expectInView(page.getByRole('button', { name: /Book a room/ }), 'Book a room after the reset');
  } finally {
    await context.close();
    await kiosk.stop();
  }
});

test('paying at the card terminal (Yoruba): cancelled there, said in Yoruba; tried again, no "Still there?" over the payment and no reset while the till asks what became of her approved card; sold once', async ({ page }) => {
  const kiosk = await startStack({ args: ['--profile', 'kiosk', '--kiosk-idle-seconds', '60', '--kiosk-warning-seconds', '20'], terminal: { autoPresentMs: null } });
  try {
    await openKioskShift(kiosk);
    await page.clock.install();
    await page.setViewportSize({ width: 1080, height: 1920 });
    await page.goto(kiosk.host.url);
    await page.getByRole('button', { name: 'Yorùbá' }).click();
    await page.getByRole('region', { name: yo['kiosk.showing'] }).getByRole('button').first().click();
    await page.locator('main section[aria-label] button').first().click();
    await page.getByTestId('kiosk-ticket').getByRole('button').nth(1).click();
    await page.getByRole('button', { name: yo['common.continue'] }).click();
    await page.getByLabel(yo['checkout.name']).fill('Ngozi Eze');
    await page.getByLabel(yo['checkout.email']).fill('ngozi@example.com');
    await page.getByLabel(yo['checkout.phone']).fill('08031234567');
    await page.getByRole('heading', { level: 1 }).click();
    await page.getByRole('button', { name: yo['common.continue'] }).click();
    await page.getByRole('button', { name: new RegExp(yo['kiosk.pay.button'].split('{total}')[0]!.trim()) }).click();
    const stage = page.getByTestId('card-stage');
    await expect(stage).toHaveText(yo['card.stage.waiting-for-card'], { timeout: 15_000 });

    // She presses Cancel on the terminal: why, in her language (it was main's English sentence).
    expect(kiosk.terminal!.cancelOnDevice()).toEqual({ ok: true });
    const result = page.getByTestId('card-result');
    await expect(result.getByRole('heading')).toHaveText(yo['card.result.cancelled'], { timeout: 15_000 });
    await expect(result).toContainText(yo['card.reason.cancelledOnDevice']);
    await expect(result).not.toContainText(/cancelled|Nothing was charged/i);
    await look(page, 'cancelled-on-the-terminal-yo');
    await page.getByRole('button', { name: yo['card.tryAgain'] }).click();
    await expect(stage).toHaveText(yo['card.stage.waiting-for-card'], { timeout: 15_000 });
    // Her card is approved, but the terminal's answer is lost: the till asks what became of it.
    expect(kiosk.terminal!.presentCard({ test: 'approved-answer-lost' })).toEqual({ ok: true });
    await expect(stage).toHaveText(yo['card.stage.checking'], { timeout: 15_000 });
    // Meanwhile she touches nothing on the screen for longer than the idle time and the warning
    // together (it covered the payment, then called it off under her card).
    await page.clock.fastForward('01:30');
    await expect(page.getByRole('alertdialog', { name: yo['idle.title'] })).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(yo['kiosk.done.title'], { timeout: 15_000 });
    await expect(page.getByTestId('booking-code')).toHaveText(/^EX\d+$/);
    await look(page, 'done-after-a-slow-pin-yo');
    expect(kiosk.journal<{ state: string }>('SELECT state FROM sales')).toEqual([{ state: 'confirmed' }]);
    expect(kiosk.sandbox.transactions()).toHaveLength(1);
    // Once the terminal has let go of the card, an untouched screen counts as idle again.
    await page.clock.fastForward('01:30');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en['kiosk.welcome'], { timeout: 10_000 });
  } finally {
    await kiosk.stop();
  }
});

test('kiosk: the screen reloads while her payment waits at the terminal; the next customer\'s card pays the next sale, and the sale left behind is let go, uncharged', async ({ page }) => {
  const kiosk = await startStack({ args: ['--profile', 'kiosk', '--kiosk-idle-seconds', '600', '--kiosk-warning-seconds', '30'], terminal: { autoPresentMs: null } });
  try {
    await openKioskShift(kiosk);
    await page.setViewportSize({ width: 1080, height: 1920 });
    await page.goto(kiosk.host.url);
    const stage = page.getByTestId('card-stage');
    await kioskCustomerToPay(page, 0, { name: 'Gone Customer', email: 'gone@example.com' });
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect(stage).toHaveText(en['card.stage.waiting-for-card'], { timeout: 15_000 });
    // The screen reloads (a crash, a reload): the terminal still waits for the customer who left.
    await page.reload();
    await kioskCustomerToPay(page, 1, { name: 'Next Customer', email: 'next@example.com' });
    await page.getByRole('button', { name: /^Pay / }).click();
    // Not "the card terminal is busy": the terminal now asks for her amount.
    await expect(stage).toHaveText(en['card.stage.waiting-for-card'], { timeout: 15_000 });
    await look(page, 'after-a-reload-the-next-customer-pays');
    expect(kiosk.terminal!.presentCard({ test: 'approved' })).toEqual({ ok: true });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en['kiosk.done.title'], { timeout: 15_000 });
    // The sale left behind, then hers: the first let go (its payment called off), the second sold.
    expect(kiosk.journal<{ state: string }>('SELECT state FROM sales ORDER BY created_at, rowid')).toEqual([{ state: 'rejected' }, { state: 'confirmed' }]);
    expect(kiosk.journal<{ state: string }>('SELECT state FROM card_payments ORDER BY id')).toEqual([{ state: 'cancelled' }, { state: 'approved' }]);
    expect(kiosk.sandbox.transactions()).toHaveLength(1);
  } finally {
    await kiosk.stop();
  }
});

test('a kiosk with no open shift says so on the attract screen, in her language, and offers nothing to start', async ({ page }) => {
  const kiosk = await startPreviewHost({ args: ['--profile', 'kiosk', '--kiosk-idle-seconds', '600', '--kiosk-warning-seconds', '30'] });
  try {
    for (const size of small) {
      await page.setViewportSize(size);
      await page.goto(kiosk.url);
      const notice = page.getByTestId('kiosk-not-selling');
      await expect(notice).toHaveText(en['kiosk.notSelling']);
      await expectInView(notice, `${size.name}: the not-selling notice`);
      await expect(page.getByRole('button', { name: /Cinema tickets|Book a room/ })).toHaveCount(0);
      await expect(page.getByRole('region', { name: en['kiosk.showing'] })).toHaveCount(0);
      await page.getByRole('button', { name: 'Yorùbá' }).click();
      await expect(notice).toHaveText(yo['kiosk.notSelling']);
      await look(page, `not-selling-${size.name}-yo`);
      // Staff can still get in to open a shift.
      await expect(page.getByRole('button', { name: yo['common.staff'], exact: true })).toBeVisible();
    }
    // Until the kiosk knows (its first answer, just after a start), it neither invites nor turns away.
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/rpc/staff:status', async (route) => (await held, route.continue().catch(() => undefined)));
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en['kiosk.welcome']);
    await expect(page.getByRole('button', { name: /Cinema tickets|Book a room/ })).toHaveCount(0);
    await expect(page.getByTestId('kiosk-not-selling')).toHaveCount(0);
    answer();
    await expect(page.getByTestId('kiosk-not-selling')).toHaveText(en['kiosk.notSelling']);
    await page.unroute('**/rpc/staff:status');
    // Once a supervisor opens the shift the next customer is invited in.
    await openShift(kiosk);
    await page.reload();
    await expect(page.getByRole('button', { name: /Cinema tickets/ })).toBeVisible();
    await expect(page.getByTestId('kiosk-not-selling')).toHaveCount(0);
  } finally {
    await kiosk.stop();
  }
});

for (const size of small) {
  test(`${size.name} ${size.width}x${size.height}: the attract screen's two main buttons are in view without scrolling`, async ({ page }) => {
    await page.setViewportSize(size);
    await page.goto(host.url);
    await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
    await expect(page.getByRole('region', { name: en['kiosk.showing'] }).getByRole('button').first()).toBeVisible();
    await look(page, `attract-${size.name}`);
    await expectInView(page.getByRole('button', { name: /Cinema tickets/ }), 'Cinema tickets');
    await expectInView(page.getByRole('button', { name: /Book a room/ }), 'Book a room');
  });
}

test('kiosk: Back finds the films as the customer scrolled them; the next customer finds every screen at its top', async ({ page }) => {
  await withSellingKiosk(async (kiosk) => {
    await page.setViewportSize({ width: 800, height: 1280 });
    await page.goto(kiosk.url);
    await page.getByRole('button', { name: /Cinema tickets/ }).click();
    const films = page.getByRole('list', { name: en['films.list'] });
    await expect(films.getByRole('button').first()).toBeVisible();
    const content = page.locator('main > div').filter({ has: films });
    await content.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    const scrolled = await content.evaluate((el) => el.scrollTop);
    expect(scrolled).toBeGreaterThan(100);
    await films.getByRole('button').last().click();
    await expect(films).toHaveCount(0);
    expect(await page.locator('main > div').last().evaluate((el) => el.scrollTop)).toBe(0);
    await page.getByRole('button', { name: `← ${en['common.back']}`, exact: true }).click();
    await expect(films.getByRole('button').last()).toBeInViewport();
    expect(await content.evaluate((el) => el.scrollTop)).toBe(scrolled);
    // Start over: the next customer, from the top of the attract screen and of the films.
    await page.getByRole('button', { name: en['common.startOver'] }).click();
    await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
    await page.getByRole('button', { name: /Cinema tickets/ }).click();
    await expect(films.getByRole('button').first()).toBeVisible();
    expect(await content.evaluate((el) => el.scrollTop)).toBe(0);
  });
});

test('kiosk: customer after customer leaving at the pay step, the attract screen offers the next one the tiles and the films showing', async ({ page }) => {
  await withSellingKiosk(async (kiosk) => {
    await page.setViewportSize({ width: 1080, height: 1920 });
    await page.goto(kiosk.url);
    for (let customer = 0; customer < 4; customer++) {
      await expect(page.getByRole('button', { name: /Cinema tickets/ }), `customer ${customer + 1}`).toBeVisible();
      await kioskCustomerToPay(page, customer % 3, { name: 'Next Customer', email: 'next@example.com' });
      await expect(page.getByRole('button', { name: /^Pay / })).toBeVisible();
      await page.getByRole('button', { name: en['common.startOver'] }).click();
      await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
    }
    await expect(page.getByRole('button', { name: /Cinema tickets/ })).toBeVisible();
    await expect(page.getByRole('region', { name: en['kiosk.showing'] }).getByRole('button').first()).toBeVisible();
  });
});

test('kiosk: staff who leave the back office leave nobody signed in, even before the till has said so again', async ({ page }) => {
  await withSellingKiosk(async (kiosk) => {
    await page.goto(kiosk.url);
    await page.getByRole('button', { name: 'Staff', exact: true }).click();
    await page.getByRole('button', { name: 'Kiosk Supervisor' }).click();
    await page.keyboard.type('2468');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('navigation', { name: en['staff.sections'] })).toBeVisible();
    // The till's next word on who is signed in is held back: the screen must not wait for it.
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/rpc/staff:status', async (route) => (await held, route.continue().catch(() => undefined)));
    await page.getByRole('button', { name: `← ${en['common.back']}` }).click();
    await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
    await page.getByRole('button', { name: 'Staff', exact: true }).click();
    await expect(page.getByRole('heading', { name: en['signin.title'] })).toBeVisible();
    await expect(page.getByRole('navigation', { name: en['staff.sections'] })).toHaveCount(0);
    answer();
    await page.unroute('**/rpc/staff:status');
    await expect(page.getByRole('navigation', { name: en['staff.sections'] })).toHaveCount(0);
  });
});

test('kiosk: a receipt printer that cannot print is said at the pay step, before she pays, with what to do instead; gone once it prints again', async ({ page }) => {
  const printer = await startFakePrinter({ mode: 'paper-out' });
  const kiosk = await startPreviewHost({ args: ['--profile', 'kiosk', '--kiosk-idle-seconds', '600', '--printer', printer.url] });
  try {
    await openShift(kiosk);
    // No pushed change reaches this screen (as one sent while it loads or reconnects does not):
    // what it says of the printer comes from asking.
    await page.route('**/events', (route) => route.abort());
    await page.goto(kiosk.url);
    await kioskCustomerToPay(page, 0, { name: 'Amaka Obi', email: 'amaka@example.com' });
    const warning = page.getByTestId('kiosk-printer-down');
    await expect(warning).toHaveText('The receipt printer cannot print right now. You can still pay: your code is then shown on this screen. Take a photo of it, or show it at the desk.');
    await expect(page.getByRole('button', { name: /^Pay / })).toBeEnabled();
    expect((await axeViolations(page)).map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    for (const size of small) {
      await page.setViewportSize(size);
      await expectInView(warning, `the printer warning, ${size.name}`);
      await look(page, `kiosk-pay-printer-down-${size.name}`);
    }
    // Paper back in: the warning goes by itself (the till hears it at its next check; this screen
    // gets no pushed changes at all, see above, and asks again every few seconds).
    await printer.setMode('ready');
    await expect(warning).toHaveCount(0, { timeout: 15_000 });
  } finally {
    await kiosk.stop();
    await printer.close();
  }
});
