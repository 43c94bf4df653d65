import type { Page } from '@playwright/test';
import { test, expect } from './test';
import { formatNaira } from '../../shared/money';
import { languages } from '../../renderer/src/i18n/languages';
import { chooseFrench, say } from './i18n-support';
import { chooseShowtime, fillCustomer, naira, openTill, startStack, type Stack } from './support';
import { keepScreenshot } from './keep-screenshot';

/**
 * What a first-time night desk clerk found (black-box audit, English and French): the guest's
 * details and payment kept at checkout whatever way she leaves and comes back, until the order is
 * sold or a new sale starts; the order summary said again in the language just chosen; the keyboard
 * (PIN after the name, the customer's name first, plain Enter never confirming); a refunded sale
 * titled as refunded; and the follow-up of a cancellation pointing at a place that exists.
 */
let stack: Stack;
test.beforeEach(async () => {
  stack = await startStack();
});
test.afterEach(async () => stack?.stop());

const shoot = async (page: Page, name: string) => {
  for (const size of [{ width: 1920, height: 1080 }, { width: 1080, height: 1920 }]) {
    await page.setViewportSize(size);
    await keepScreenshot(page, { path: test.info().outputPath(`${name}-${size.width}x${size.height}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1920, height: 1080 });
};

/** Hotels -> Lagos, one night from today -> the first hotel's first room that can be booked -> Checkout. */
async function roomToCheckout(page: Page) {
  await page.getByRole('button', { name: /Hotels/ }).first().click();
  await page.getByRole('button', { name: 'Lagos', exact: true }).click();
  await page.locator('.hotel-card').first().click();
  await page.locator('.room-card:not([disabled])').first().click();
  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
}

const guest = { name: 'Adaeze Nwosu', email: 'adaeze@example.com', phone: '0809 555 1212', dob: '12/04/1990' };

test('the guest’s details and the payment are kept through Back, Esc and Staff (to French) until sold; the summary is said in French', async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await openTill(page, stack.host);
  await roomToCheckout(page);
  await fillCustomer(page, { name: guest.name, email: guest.email, phone: guest.phone });
  await page.getByLabel(/Date of birth/).fill(guest.dob);
  await page.getByRole('radiogroup', { name: 'Payment method' }).getByRole('button', { name: 'Bank transfer' }).click();
  await page.getByLabel('Transfer reference').fill('GTB-TRF-44120');
  const kept = async (words: { name: string; email: string; phone: string; dob: string; transfer: string; reference: string }) => {
    await expect(page.getByLabel(words.name)).toHaveValue(guest.name);
    await expect(page.getByLabel(words.email)).toHaveValue(guest.email);
    await expect(page.getByLabel(words.phone)).toHaveValue(guest.phone);
    await expect(page.getByLabel(new RegExp(words.dob))).toHaveValue(guest.dob);
    await expect(page.locator('.tender [aria-pressed="true"]')).toHaveText(words.transfer);
    await expect(page.getByLabel(words.reference)).toHaveValue('GTB-TRF-44120');
  };
  const english = { name: 'Full name', email: 'E-mail', phone: 'Phone', dob: 'Date of birth', transfer: 'Bank transfer', reference: 'Transfer reference' };

  // (a) Back to the room, and on to checkout again.
  await page.getByRole('banner').getByRole('button', { name: /Back/ }).click();
  await expect(page.locator('.room-card[aria-pressed="true"]')).toHaveCount(1);
  await page.getByRole('button', { name: 'Checkout' }).click();
  await kept(english);

  // (b) Esc while typing in a field only leaves the field; the next Esc is Back, and nothing is lost.
  await page.getByLabel('Phone').focus();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
  await expect(page.getByLabel('Phone')).not.toBeFocused();
  await kept(english);
  await page.keyboard.press('Escape');
  await expect(page.locator('.room-card[aria-pressed="true"]')).toHaveCount(1);
  await page.getByRole('button', { name: 'Checkout' }).click();
  await kept(english);

  // (c) Staff, to switch to French, and back to checkout: kept, and the summary in French.
  await chooseFrench(page);
  await page.getByRole('banner').getByRole('button', { name: new RegExp(say('fr', 'common.back')) }).click();
  await expect(page.getByRole('heading', { name: say('fr', 'checkout.title') })).toBeVisible();
  await kept({
    name: say('fr', 'checkout.name'),
    email: say('fr', 'checkout.email'),
    phone: say('fr', 'checkout.phone'),
    dob: say('fr', 'checkout.dob'),
    transfer: say('fr', 'tender.transfer'),
    reference: say('fr', 'tender.transferRef'),
  });
  const stay = page.locator('.order-summary > p.muted');
  await expect(stay).toContainText(say('fr', 'hotel.roomCount', { count: 1 }));
  await expect(stay).toContainText(say('fr', 'hotel.nights', { count: 1 }));
  await expect(stay).not.toContainText(/\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun|Jan|Feb|Apr|May|Jun|Jul|Aug|Oct|Nov|Dec|night|room|guest)s?\b/);
  await expect(page.locator('.order-summary .lines')).toContainText(say('fr', 'hotel.nights', { count: 1 }));
  await shoot(page, 'checkout-kept-fr');

  // Sold: the next sale starts with an empty form and cash.
  await page.getByRole('button', { name: /^Confirmer/ }).click();
  await expect(page.getByRole('heading', { name: say('fr', 'sale.confirmed') })).toBeVisible();
  await page.getByRole('button', { name: say('fr', 'sale.newSale') }).click();
  await page.getByRole('button', { name: new RegExp(say('fr', 'home.hotels')) }).first().click();
  await page.getByRole('button', { name: 'Lagos', exact: true }).click();
  await page.locator('.hotel-card').first().click();
  await page.locator('.room-card:not([disabled])').first().click();
  await page.getByRole('button', { name: say('fr', 'checkout.title') }).click();
  await expect(page.getByLabel(say('fr', 'checkout.name'))).toHaveValue('');
  await expect(page.getByLabel(say('fr', 'tender.cashReceived'))).toHaveValue('');
  expect(stack.journal('SELECT id FROM sales')).toHaveLength(1);
});

test('keyboard: the PIN field takes the digits once a name is chosen; checkout types into Full name; plain Enter moves on and never confirms', async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await openTill(page, stack.host);
  // Signed out, then in again by the keyboard alone after choosing her name.
  await page.getByRole('button', { name: 'Staff', exact: true }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('button', { name: 'Ada Supervisor' }).click();
  await page.keyboard.type('2468');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Signed in: Ada Supervisor')).toBeVisible();
  await page.getByRole('banner').getByRole('button', { name: /Back/ }).click();

  const submits: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/rpc/sale:submit')) submits.push(request.url());
  });
  await chooseShowtime(page);
  const row = page.locator('.ticket-row:not(.ticket-sold-out)').first();
  await row.getByRole('button', { name: /^More:/ }).click();
  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page.getByLabel('Full name')).toBeFocused();
  await page.keyboard.type('Kola Adeyemi');
  await expect(page.getByLabel('Full name')).toHaveValue('Kola Adeyemi');
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('E-mail')).toBeFocused();
  await page.keyboard.type('kola@example.com');
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Phone')).toBeFocused();
  await page.keyboard.type('08031112222');
  await page.keyboard.press('Enter');
  await expect(page.getByLabel(/Date of birth/)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Cash received (₦)')).toBeFocused();
  const total = naira((await page.locator('.lines .total').textContent())!);
  await page.keyboard.type(String(Math.ceil(total / 100)));
  // Enter in the last field: nothing is sent; the cashier confirms with the button (or Ctrl+Enter).
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Cash received (₦)')).toBeFocused();
  await shoot(page, 'checkout-keyboard');
  await page.getByRole('button', { name: /^Confirm/ }).click();
  await expect(page.getByRole('heading', { name: 'Sale confirmed' })).toBeVisible();
  expect(submits).toHaveLength(1);
  expect(stack.journal('SELECT id FROM sales')).toHaveLength(1);
});

test('a sale refunded in part says so under its title; refunded in full, its title says refunded; the follow-up names Back office → Sales', async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await openTill(page, stack.host, { floatNaira: 50000 });
  const bola = await stack.host.rpc('staff:create', { name: 'Bola Adeyemi', role: 'supervisor', pin: '8642' });
  expect(bola.json.ok).toBe(true);

  await chooseShowtime(page);
  const row = page.locator('.ticket-row:not(.ticket-sold-out)').first();
  const unit = naira((await row.locator('.ticket-price').textContent())!);
  const category = (await row.locator('.ticket-title').textContent())!.trim();
  await row.getByRole('button', { name: /^More:/ }).click();
  await row.getByRole('button', { name: /^More:/ }).click();
  await page.getByRole('button', { name: 'Checkout' }).click();
  await fillCustomer(page, { name: 'Chiamaka Obi', email: 'chiamaka@example.com', phone: '0803 123 4567' });
  await page.getByRole('button', { name: /^Exact/ }).click();
  await page.getByRole('button', { name: /^Confirm/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sale confirmed');
  await expect(page.getByTestId('refunded-note')).toHaveCount(0);

  const refundOne = async () => {
    await page.getByRole('button', { name: 'Refund…' }).click();
    const sheet = page.getByTestId('refund-sheet');
    await sheet.getByRole('button', { name: `More: ${category}` }).click();
    await sheet.getByRole('button', { name: 'The customer cancelled' }).click();
    await sheet.getByLabel('What happened, in a few words').fill('A friend cannot come');
    await page.getByRole('button', { name: 'Ask a supervisor to approve' }).click();
    const approval = page.getByTestId('approval');
    await approval.getByRole('button', { name: 'Bola Adeyemi' }).click();
    await approval.getByLabel('PIN of Bola Adeyemi').fill('8642');
    await approval.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByTestId('refund-done')).toBeVisible();
  };

  // One of two tickets back: still confirmed, and "part refunded" is said under the title.
  await refundOne();
  // The cancellation the partner owes is followed up where that list really is.
  await expect(page.getByTestId('refund-done')).toContainText('follow it up in Back office → Sales, under “Cancellations still owed by the partner”');
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sale confirmed');
  await expect(page.getByTestId('refunded-note')).toHaveText(`Part refunded: ${formatNaira(unit)} given back`);
  await shoot(page, 'sale-part-refunded');

  // The other one: the title says the sale was refunded, not confirmed.
  await refundOne();
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sale refunded');
  await expect(page.getByTestId('refunded-note')).toHaveText(`Refunded in full: ${formatNaira(2 * unit)} given back`);
  await expect(page.locator('.outcome-confirmed')).toHaveCount(0);
  await shoot(page, 'sale-refunded');

  // The place the sentence names: Staff (the back office) -> Sales -> the list of cancellations owed.
  await page.getByRole('button', { name: 'Staff', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Back office');
  await page.getByRole('navigation', { name: 'Back office sections' }).getByRole('button', { name: 'Sales', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Cancellations still owed by the partner' })).toBeVisible();
  await expect(page.getByTestId('cancellation')).toHaveCount(2);

  // Every language names its own words for those places.
  for (const { code } of languages) {
    const sentence = say(code, 'refunds.done.owed');
    for (const place of [say(code, 'staff.title'), say(code, 'staff.section.sales'), say(code, 'refunds.panel.owedTitle')]) expect(sentence, code).toContain(place);
  }
});
