import type { Page } from '@playwright/test';
import { test, expect } from './test';
import { formatNaira } from '../../shared/money';
import { fillCustomer, naira, openTill, startStack, toCinemaCheckout, type Stack } from './support';

let stack: Stack;
test.beforeAll(async () => {
  stack = await startStack();
});
test.afterAll(async () => stack?.stop());

test('a cashier with a queue: F2, type to search, number keys, Ctrl+Enter to confirm cash, N for the next sale, Esc back', async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await openTill(page, stack.host);
  await page.keyboard.press('F2');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Now showing');
  // The search field already has the cursor.
  await page.keyboard.type('Lagos');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('list', { name: 'Films' }).getByRole('button').first()).toBeVisible();
  await page.getByRole('list', { name: 'Films' }).getByRole('button').first().click();
  await page.getByRole('region', { name: 'Cinema' }).getByRole('button').first().click();
  await page.getByRole('region', { name: 'Showtime' }).getByRole('button').first().click();
  const row = page.locator('.ticket-row:not(.ticket-sold-out)').first();
  const price = naira((await row.locator('.ticket-price').textContent())!);
  await page.keyboard.press('3');
  await expect(page.locator('.action-total')).toHaveText(`3 tickets · ${formatNaira(3 * price)}`);
  await page.keyboard.press('2');
  await expect(page.locator('.action-total')).toHaveText(`2 tickets · ${formatNaira(2 * price)}`);
  // Rolled together, as a quick hand does (1, then Enter a few ms later): each acts, in turn, and
  // Enter goes on with the 1 ticket just typed. Keys this close are a scanner's only when as many
  // as a code.
  await page.keyboard.press('1');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Order' }).locator('td.total')).toHaveText(formatNaira(price));
  await page.getByLabel('Full name').fill('Kola Adeyemi');
  await page.getByLabel('E-mail').fill('kola@example.com');
  await page.getByLabel('Phone').fill('08031112222');
  await page.getByLabel('Cash received (₦)').fill(String(Math.ceil(price / 100_000) * 1000));
  await page.keyboard.press('Control+Enter');
  await expect(page.getByRole('heading', { name: 'Sale confirmed' })).toBeVisible({ timeout: 15_000 });
  await page.keyboard.press('n');
  await expect(page.getByRole('heading', { name: 'What would you like to sell?' })).toBeVisible();
  await page.keyboard.press('F3');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find a room');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { name: 'What would you like to sell?' })).toBeVisible();
});

test("a receipt's code read by a barcode scanner on the film screen: nothing counted or held, the journal opens on its sale", async ({ page }) => {
  // A till of its own: this test stands alone, in any order.
  const own = await startStack();
  try {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openTill(page, own.host);
    await scanAtTheFilmScreen(page);
  } finally {
    await own.stop();
  }
});

/**
 * A scanner reads `code` and types it, then Enter, as a keyboard: Shift around each capital, a key
 * every 2 ms by the clock that stamps the keys (the operating system's, for a real scanner). Through
 * the browser's input protocol with those times, so a busy test machine delivering the keys late
 * does not stretch the gaps the app measures (page.keyboard.type stamps each key when it arrives: on
 * a loaded CI machine the first key of a code came 50 ms before the rest and read as a person's).
 * All sent at once, in order, as a scanner's keys reach the browser's input queue: one at a time,
 * each waiting for the last to be handled, a loaded machine let 100 ms pass mid-code and the app
 * took the pause for the end of a scanner set up without Enter (half the code searched).
 */
async function scan(page: Page, code: string, options: { pauseAfter?: number } = {}) {
  if (!/^[A-Za-z0-9]+$/.test(code)) throw new Error(`scan() types letters and digits only, not ${code}`);
  const cdp = await page.context().newCDPSession(page);
  let at = Date.now() / 1000;
  const sent: Promise<unknown>[] = [];
  const send = (type: 'keyDown' | 'keyUp', key: string, props: { code: string; keyCode: number; text?: string; shift?: boolean }) => {
    at += 0.002;
    sent.push(cdp.send('Input.dispatchKeyEvent', {
      type,
      key,
      code: props.code,
      windowsVirtualKeyCode: props.keyCode,
      modifiers: props.shift ? 8 : 0,
      ...(type === 'keyDown' && props.text ? { text: props.text } : {}),
      timestamp: at,
    }));
  };
  const shiftKey = { code: 'ShiftLeft', keyCode: 16 };
  for (const [i, char] of [...code].entries()) {
    // `pauseAfter`: the keys reach the page in two lots, a quarter of a second apart, their stamps
    // still 2 ms apart, as a busy machine handed them over once (the page's quiet fell between).
    if (i === options.pauseAfter) {
      await Promise.all(sent);
      await page.waitForTimeout(250);
    }
    const capital = /[A-Z]/.test(char);
    const props = /\d/.test(char)
      ? { code: `Digit${char}`, keyCode: char.charCodeAt(0), text: char }
      : { code: `Key${char.toUpperCase()}`, keyCode: char.toUpperCase().charCodeAt(0), text: char, shift: capital };
    if (capital) send('keyDown', 'Shift', { ...shiftKey, shift: true });
    send('keyDown', char, props);
    send('keyUp', char, props);
    if (capital) send('keyUp', 'Shift', shiftKey);
  }
  const enter = { code: 'Enter', keyCode: 13, text: '\r' };
  send('keyDown', 'Enter', enter);
  send('keyUp', 'Enter', enter);
  await Promise.all(sent);
  await cdp.detach();
}

async function scanAtTheFilmScreen(page: Page) {
  await toCinemaCheckout(page);
  await fillCustomer(page, { name: 'Tolu Bakare', email: 'tolu@example.com', phone: '08035556666' });
  await page.getByLabel('Cash received (₦)').fill('100000');
  await page.keyboard.press('Control+Enter');
  await expect(page.getByRole('heading', { name: 'Sale confirmed' })).toBeVisible({ timeout: 15_000 });
  const reference = (await page.getByTestId('partner-reference').textContent())!;
  expect(reference).toMatch(/^EX\d{6,}$/);

  // The next customer's showing, its tickets on screen, when a customer comes back with a receipt.
  await page.getByRole('button', { name: /Same showing/ }).click();
  await expect(page.locator('.ticket-row').first()).toBeVisible();
  await expect(page.locator('.action-total')).toHaveText(/^0 tickets/);
  // A scanner types the QR's reference a few ms a key, then Enter: its digits are number keys and
  // its Enter is "on to checkout" on this screen, so read as keys it would hold tickets.
  await scan(page, reference);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Back office');
  await expect(page.getByRole('searchbox', { name: 'Customer, reference or sale id' })).toHaveValue(reference);
  const rows = page.locator('.sale-list .sale-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(reference);
  await expect(rows.first()).toContainText('Tolu Bakare');
  // Back is the film screen as it was: nothing counted, no checkout, no seats held.
  await page.keyboard.press('Escape');
  await expect(page.locator('.ticket-row').first()).toBeVisible();
  await expect(page.locator('.action-total')).toHaveText(/^0 tickets/);

  // The keys handed over in two lots, the page's quiet falling between them (a busy machine did):
  // after three (too few for a code: kept for the rest) and after eight (searched, then the whole
  // code in its place). Either way the journal opens on the whole code, and Back is the film screen.
  for (const pauseAfter of [3, 8]) {
    await scan(page, reference, { pauseAfter });
    await expect(page.getByRole('searchbox', { name: 'Customer, reference or sale id' })).toHaveValue(reference);
    await expect(rows).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(page.locator('.ticket-row').first()).toBeVisible();
    await expect(page.locator('.action-total')).toHaveText(/^0 tickets/);
  }

  // The sale opens from the row, with the copy and the refund in reach.
  await scan(page, reference);
  await rows.first().getByRole('button').first().click();
  await expect(page.getByTestId('partner-reference')).toHaveText(reference);

  // Nobody signed in: the scan asks who is there first, then shows the journal on that code.
  await page.getByRole('button', { name: 'Staff', exact: true }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('button', { name: 'Home' }).click();
  await scan(page, reference);
  await page.getByRole('button', { name: 'Ada Supervisor' }).click();
  await page.keyboard.type('2468');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('searchbox', { name: 'Customer, reference or sale id' })).toHaveValue(reference);
  await expect(rows).toHaveCount(1);

  // Scanned while the film search has the cursor (as it has when F2 opens it): typed there, as
  // any keyboard's text is, and searched. No film has that name; the screen says the journal has
  // it and takes her there.
  await page.keyboard.press('F2');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Now showing');
  await expect(page.getByRole('searchbox', { name: 'Film title, city or state' })).toBeFocused();
  await scan(page, reference);
  await expect(page.getByRole('heading', { name: 'No films found' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: `“${reference}” is not a title or a place, but 1 sale in the journal has it.` })).toBeVisible();
  await page.getByRole('button', { name: 'Show in the journal' }).click();
  await expect(page.getByRole('searchbox', { name: 'Customer, reference or sale id' })).toHaveValue(reference);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Tolu Bakare');
  // The same at the front desk's search, whose city field has the cursor.
  await page.keyboard.press('F3');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find a room');
  await scan(page, reference);
  await expect(page.getByRole('heading', { name: 'No places match' })).toBeVisible();
  await page.getByRole('button', { name: 'Show in the journal' }).click();
  await expect(page.getByRole('searchbox', { name: 'Customer, reference or sale id' })).toHaveValue(reference);
}
