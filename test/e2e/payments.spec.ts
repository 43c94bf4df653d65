import type { Page } from '@playwright/test';
import { test, expect } from './test';
import { axeViolations } from './axe';
import { en } from '../../renderer/src/i18n/catalogues/en';
import { languages } from '../../renderer/src/i18n/languages';
import { say } from './i18n-support';
import { startPreviewHost, type PreviewHost } from '../helpers/preview-host';
import { expectInView, fillCustomer, openKioskShift, openTill, startStack, type Stack } from './support';
import { keepScreenshot } from './keep-screenshot';

/**
 * Card payments on screen, as a kiosk customer and a cashier meet them: the terminal takes over
 * the screen with the amount and what to do; a decline says why and offers Try again, Another card
 * and Cancel; Cancel calls the payment off on the terminal first; idle reset does the same; a
 * kiosk without a terminal says it cannot sell. Training mode's simulated terminal is driven from
 * its panel on screen; the counter's Paystack Terminal is the simulated one over HTTP.
 */

const orientations = [
  { name: 'landscape', width: 1920, height: 1080 },
  { name: 'portrait', width: 1080, height: 1920 },
];

async function look(page: Page, name: string) {
  await page.waitForTimeout(150);
  // Kept outside Playwright's output folder, which the next run (anyone's) empties.
  await keepScreenshot(page, { path: `test-results/payments-screens/${name}.png` });
  const violations = await axeViolations(page);
  expect(violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`), name).toEqual([]);
}

/** A kiosk customer from the attract screen to the payment step: a film, its first showtime, one ticket, their details. */
async function kioskToPay(page: Page) {
  await page.getByRole('region', { name: en['kiosk.showing'] }).getByRole('button').first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en['kiosk.show.title']);
  await page.locator('main section[aria-label] button').first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en['kiosk.tickets.title']);
  const ticket = page.getByTestId('kiosk-ticket').filter({ has: page.getByRole('button', { name: /\+|More/ }) }).first();
  await ticket.getByRole('group').getByRole('button').last().click();
  await page.getByRole('button', { name: en['common.continue'] }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en['kiosk.details.title']);
  await page.getByLabel(en['checkout.name']).fill('Ngozi Okafor');
  await page.getByLabel(en['checkout.email']).fill('ngozi@example.com');
  await page.getByLabel(en['checkout.phone']).fill('08031234567');
  await page.getByRole('button', { name: en['common.continue'] }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en['kiosk.pay.title']);
}

const terminalScreen = (page: Page) => page.getByRole('dialog', { name: en['card.title'] });
const training = (page: Page) => page.getByTestId('training-terminal');

async function presentTestCard(page: Page, label: string) {
  await expect(training(page).getByTestId('training-display')).toContainText('Tap, insert or swipe card', { timeout: 10_000 });
  await training(page).getByLabel(en['card.training.test']).selectOption({ label });
  await training(page).getByRole('button', { name: en['card.training.present'] }).click();
}

test.describe('a training kiosk', () => {
  let host: PreviewHost;
  test.beforeAll(async () => {
    host = await startPreviewHost({ args: ['--profile', 'kiosk', '--kiosk-idle-seconds', '600', '--kiosk-warning-seconds', '30'] });
    expect((await host.rpc('staff:setup', { name: 'Kiosk Supervisor', pin: '2468' })).json.ok).toBe(true);
    expect((await host.rpc('shift:open', { floatKobo: 0 })).json.ok).toBe(true);
    await host.rpc('staff:sign-out', {});
  });
  test.afterAll(async () => host?.stop());

  for (const size of orientations) {
    test(`${size.name}: the terminal takes over; a decline says why; another card pays and the tickets are sold`, async ({ page }) => {
      await page.setViewportSize(size);
      await page.goto(host.url);
      await kioskToPay(page);
      const total = (await page.getByTestId('kiosk-total').textContent())!.replace(/^.*?:\s*/, '');
      await page.getByRole('button', { name: /Pay .* by card/ }).click();

      const screen = terminalScreen(page);
      await expect(screen).toBeVisible();
      await expect(screen.getByTestId('card-amount')).toHaveText(total);
      await expect(screen).toContainText(en['card.prompt']);
      await expect(screen.getByTestId('card-stage')).toHaveText(en['card.stage.waiting-for-card'], { timeout: 10_000 });
      await expect(screen.getByRole('button', { name: en['card.cancel'], exact: true })).toBeVisible();
      await look(page, `kiosk-${size.name}-terminal-waiting`);

      await presentTestCard(page, en['card.training.test.insufficient-funds']);
      const result = screen.getByTestId('card-result');
      await expect(result).toContainText(en['card.result.declined'], { timeout: 15_000 });
      await expect(result).toContainText('not enough money');
      await expect(result).toContainText(en['card.nothingCharged']);
      for (const action of [en['card.anotherCard'], en['card.cancelSale']]) await expect(screen.getByRole('button', { name: action })).toBeVisible();
      // One way on after a decline (there were two buttons that both asked for a card).
      await expect(screen.getByRole('button', { name: en['card.tryAgain'] })).toHaveCount(0);
      await look(page, `kiosk-${size.name}-terminal-declined`);

      await screen.getByRole('button', { name: en['card.anotherCard'] }).click();
      await presentTestCard(page, en['card.training.test.approved']);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(en['kiosk.done.title'], { timeout: 20_000 });
      await look(page, `kiosk-${size.name}-done`);
    });
  }

  test('Cancel purchase after a decline lets the sale go and returns to the start; nothing was charged', async ({ page }) => {
    await page.goto(host.url);
    await kioskToPay(page);
    await page.getByRole('button', { name: /Pay .* by card/ }).click();
    await presentTestCard(page, en['card.training.test.declined']);
    await expect(terminalScreen(page).getByTestId('card-result')).toContainText('declined this card', { timeout: 15_000 });
    await terminalScreen(page).getByRole('button', { name: en['card.cancelSale'] }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en['kiosk.welcome'], { timeout: 10_000 });
  });

  test('the training panel shows what the terminal shows now, even when its first read arrives after the terminal has moved on', async ({ page }) => {
    // The panel reads the terminal once when it opens and then follows the pushed changes. Here the
    // read is answered by the till at once, but its answer reaches the screen only after the
    // terminal has gone on to wait for the card (as on a loaded till, where an answer and a push
    // pass each other): the old read must not cover the new state.
    let heldRead: 'before the payment' | 'with the payment' | null = null;
    await page.route('**/rpc/payment:simulator', async (route) => {
      if (heldRead !== null || !route.request().postData()?.includes('"show"')) return route.continue();
      const response = await route.fetch();
      const read = (await response.json()) as { ok: boolean; value?: { display: { screen: string } } };
      heldRead = read.value?.display.screen === 'waiting-for-card' ? 'with the payment' : 'before the payment';
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      await route.fulfill({ response }).catch(() => undefined);
    });
    await page.goto(host.url);
    await kioskToPay(page);
    await page.getByRole('button', { name: /Pay .* by card/ }).click();
    await expect.poll(() => heldRead).not.toBeNull();
    // Read before the terminal showed the payment: the case this test is about.
    expect(heldRead).toBe('before the payment');
    await expect(terminalScreen(page).getByTestId('card-stage')).toHaveText(en['card.stage.waiting-for-card'], { timeout: 10_000 });
    // Past the held answer's arrival: the panel still shows the payment, not the older screen.
    await page.waitForTimeout(2_500);
    await expect(training(page).getByTestId('training-display')).toContainText('Tap, insert or swipe card');
    await presentTestCard(page, en['card.training.test.approved']);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en['kiosk.done.title'], { timeout: 20_000 });
  });

  test('the customer cancels on the terminal: the screen says so and offers to try again', async ({ page }) => {
    await page.goto(host.url);
    await kioskToPay(page);
    await page.getByRole('button', { name: /Pay .* by card/ }).click();
    await expect(training(page).getByTestId('training-display')).toContainText('Tap, insert or swipe card', { timeout: 10_000 });
    await training(page).getByRole('button', { name: en['card.training.cancelOnDevice'] }).click();
    const result = terminalScreen(page).getByTestId('card-result');
    await expect(result).toContainText(en['card.result.cancelled'], { timeout: 15_000 });
    await expect(result).toContainText('cancelled on the card terminal');
    await terminalScreen(page).getByRole('button', { name: en['card.cancelSale'] }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en['kiosk.welcome'], { timeout: 10_000 });
  });
});

test.describe('idle reset during a payment', () => {
  let host: PreviewHost;
  test.beforeAll(async () => {
    host = await startPreviewHost({ args: ['--profile', 'kiosk', '--kiosk-idle-seconds', '4', '--kiosk-warning-seconds', '3'] });
    expect((await host.rpc('staff:setup', { name: 'Kiosk Supervisor', pin: '2468' })).json.ok).toBe(true);
    expect((await host.rpc('shift:open', { floatKobo: 0 })).json.ok).toBe(true);
    await host.rpc('staff:sign-out', {});
  });
  test.afterAll(async () => host?.stop());

  test('the customer walks away at the terminal: the payment is called off on the terminal first, then the screen starts over', async ({ page }) => {
    await page.goto(host.url);
    await kioskToPay(page);
    await page.getByRole('button', { name: /Pay .* by card/ }).click();
    await expect(terminalScreen(page).getByTestId('card-stage')).toHaveText(en['card.stage.waiting-for-card'], { timeout: 10_000 });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en['kiosk.welcome'], { timeout: 20_000 });
    // The terminal no longer waits for a card, and the sale was let go.
    const shown = await host.rpc('payment:simulator', { action: 'show' });
    expect(shown.json.value.display.screen).not.toBe('waiting-for-card');
  });
});

test.describe('a counter with a Paystack Terminal', () => {
  let stack: Stack;
  test.beforeAll(async () => {
    stack = await startStack({ terminal: { autoPresentMs: null } });
  });
  test.afterAll(async () => stack?.stop());

  test('the cashier picks Card and the terminal takes over, with Cancel; then Try again sells it', async ({ page }) => {
    await openTill(page, stack.host);
    await page.getByRole('button', { name: /Hotels/ }).first().click();
    await page.getByRole('button', { name: 'Lagos', exact: true }).click();
    await page.locator('.hotel-card').first().click();
    await page.locator('.room-card:not([disabled])').first().click();
    await page.getByRole('button', { name: 'Checkout' }).click();
    await fillCustomer(page, { name: 'Tunde Bakare', email: 'tunde@example.com', phone: '+234 805 555 0101', dob: '1985-04-12' });
    await page.getByRole('radiogroup', { name: 'Payment method' }).getByRole('button', { name: 'Card' }).click();
    await expect(page.getByTestId('card-terminal-note')).toHaveText(en['tender.cardTerminal']);
    await expect(page.getByLabel('Approval code (optional)')).toHaveCount(0);
    await page.getByRole('button', { name: /^Confirm/ }).click();

    const screen = terminalScreen(page);
    await expect(screen.getByTestId('card-stage')).toHaveText(en['card.stage.waiting-for-card'], { timeout: 10_000 });
    await look(page, 'counter-terminal-waiting');
    // While the terminal waits, the current step's ring pulses, unless the system asks for less
    // motion (the browser tests run that way, and this one checks both).
    const ringPulses = () => page.evaluate(() => document.getAnimations().some((animation) => animation.playState === 'running' && (animation as CSSAnimation).animationName?.includes('ring')));
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await expect.poll(ringPulses, 'the ring pulses by default').toBe(true);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await expect.poll(ringPulses, 'and stands still for reduced motion').toBe(false);
    // The sheet opens on its title, not on Cancel: an Enter pressed out of habit (or twice) once
    // cancelled the customer's payment. Title, amount and Cancel all fit on a 720-px-tall screen.
    const cancel = screen.getByRole('button', { name: en['card.cancel'], exact: true });
    await expect(screen.getByRole('heading', { name: en['card.title'] })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(screen.getByTestId('card-stage')).toHaveText(en['card.stage.waiting-for-card']);
    await expectInView(screen.getByRole('heading', { name: en['card.title'] }), 'the sheet title');
    await expectInView(cancel, 'Cancel');
    await cancel.click();
    await expect(screen.getByTestId('card-result')).toContainText(en['card.result.cancelled'], { timeout: 15_000 });
    await expect(screen.getByRole('button', { name: en['card.otherWay'] })).toBeVisible();
    expect(stack.terminal!.presentCard()).toMatchObject({ ok: false });

    await screen.getByRole('button', { name: en['card.tryAgain'] }).click();
    await expect(screen.getByTestId('card-stage')).toHaveText(en['card.stage.waiting-for-card'], { timeout: 10_000 });
    expect(stack.terminal!.presentCard({ card: 'verve' })).toEqual({ ok: true });
    await expect(page.getByRole('heading', { name: 'Sale confirmed' })).toBeVisible({ timeout: 20_000 });
    const [payment] = stack.journal<{ state: string; masked_pan: string; scheme: string; attempt: number }>("SELECT state, masked_pan, scheme, attempt FROM card_payments WHERE state = 'approved'");
    expect(payment).toMatchObject({ state: 'approved', masked_pan: '**** 6666', scheme: 'verve', attempt: 2 });
    expect(stack.sandbox.transactions()).toHaveLength(1);
    // The X report splits card takings by scheme.
    await page.getByRole('button', { name: 'New sale' }).click();
    await page.getByRole('button', { name: 'Staff', exact: true }).click();
    const verve = page.getByTestId('x-report').getByTestId('report-row-scheme-verve');
    await expect(verve.getByRole('rowheader')).toHaveText('Card, Verve');
    await expect(verve.getByRole('cell').first()).toHaveText('1');
  });
});

test.describe('a kiosk without a card terminal', () => {
  let stack: Stack;
  test.beforeAll(async () => {
    stack = await startStack({ args: ['--profile', 'kiosk', '--payments-terminal', 'none'], terminal: false });
    await openKioskShift(stack);
  });
  test.afterAll(async () => stack?.stop());

  test('says on its first screen that it cannot take payments', async ({ page }) => {
    await page.goto(stack.host.url);
    await expect(page.getByTestId('terminal-problem')).toContainText('cannot take payments');
    await look(page, 'kiosk-no-terminal');
    // A customer who chose Yoruba reads it in Yoruba.
    await page.getByRole('button', { name: languages.find((l) => l.code === 'yo')!.name }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'yo');
    await expect(page.getByTestId('terminal-problem')).toHaveText(say('yo', 'said.terminal.kioskNone'));
    await look(page, 'kiosk-no-terminal-yo');
    // The next customer (after Start over) is told as well.
    await page.getByRole('button', { name: new RegExp(say('yo', 'kiosk.cinemaTile')) }).click();
    await page.getByRole('button', { name: say('yo', 'common.startOver') }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(say('en', 'kiosk.welcome'));
    await expect(page.getByTestId('terminal-problem')).toContainText('cannot take payments');
  });
});
