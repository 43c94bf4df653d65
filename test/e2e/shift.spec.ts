import { test, expect } from './test';
import { axeViolations } from './axe';
import { formatNaira, formatNairaPlain, formatNairaWhole } from '../../shared/money';
import { say } from './i18n-support';
import { chooseShowtime, expectInView, fillCustomer, naira, openTill, startStack, type Stack } from './support';
import { keepScreenshot } from './keep-screenshot';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

let stack: Stack;
test.beforeAll(async () => {
  stack = await startStack();
});
test.afterAll(async () => stack?.stop());

async function sellOneTicketForCash(page: import('@playwright/test').Page, customer: string): Promise<number> {
  await chooseShowtime(page);
  const row = page.locator('.ticket-row:not(.ticket-sold-out)').first();
  const price = naira((await row.locator('.ticket-price').textContent())!);
  await row.getByRole('button', { name: /^More:/ }).click();
  await page.getByRole('button', { name: 'Checkout' }).click();
  await fillCustomer(page, { name: customer, email: 'x@example.com', phone: '08030000001' });
  await page.getByRole('button', { name: /^Exact/ }).click();
  await page.getByRole('button', { name: /^Confirm/ }).click();
  await expect(page.getByRole('heading', { name: 'Sale confirmed' })).toBeVisible();
  await page.getByRole('button', { name: 'New sale' }).click();
  return price;
}

test('shift: open, two cash sales, close with a counted difference, the Z report shows it', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openTill(page, stack.host, { floatNaira: 5000 });
  const first = await sellOneTicketForCash(page, 'First Customer');
  const second = await sellOneTicketForCash(page, 'Second Customer');
  const expected = 500_000 + first + second;

  await page.getByRole('button', { name: 'Staff', exact: true }).click();
  await expect(page.getByTestId('expected-cash')).toHaveText(formatNaira(expected));
  // What sold, film by film: both tickets were for the first film.
  const byTitle = page.getByTestId('x-report').getByTestId('report-by-title');
  await expect(byTitle.getByRole('caption')).toHaveText('Sold by film and hotel');
  await expect(byTitle.getByRole('row')).toHaveCount(2);
  await expect(byTitle.getByRole('row').nth(1).getByRole('cell')).toHaveText(['2 tickets', formatNaira(first + second)]);
  const film = (await byTitle.getByRole('row').nth(1).getByRole('rowheader').textContent())!;
  // On a landscape screen the drawer's count sits beside the report: no scrolling to close the shift.
  await page.setViewportSize({ width: 1920, height: 1080 });
  await expectInView(page.getByLabel('Cash counted in the drawer (₦)'), 'the count, landscape 1920x1080');
  await expectInView(page.getByRole('button', { name: 'Close the shift…' }), 'Close the shift, landscape 1920x1080');
  await keepScreenshot(page, { path: test.info().outputPath('shift-1920x1080.png') });
  await page.setViewportSize({ width: 1280, height: 800 });
  // The X report's paper on screen, before (or without) printing it: the printer's own layout.
  await page.getByRole('button', { name: 'See the paper' }).click();
  let paper = page.getByRole('dialog', { name: 'X report: the paper' });
  await expect(paper.getByTestId('report-paper')).toContainText(/X +R E P O R T/);
  await expect(paper.getByTestId('report-paper')).toContainText(new RegExp(`Expected in drawer +${escape(formatNairaPlain(expected))}\\n`));
  await expect(paper.getByTestId('report-paper')).toContainText(new RegExp(`Confirmed \\(2\\) +${escape(formatNairaPlain(first + second))}\\n`));
  await expect(paper.getByTestId('report-paper')).toContainText(new RegExp(`SOLD BY FILM AND HOTEL\\n +${escape(film)} \\(2 tickets\\) +${escape(formatNairaPlain(first + second))}\\n`));
  // The paper scrolls inside the sheet: printing it or closing it needs no scrolling, either way up.
  await expectInView(paper.getByRole('button', { name: 'Print X report' }), 'Print X report on the paper sheet, landscape');
  await keepScreenshot(page, { path: test.info().outputPath('x-paper-1280x800.png') });
  const violations = await axeViolations(page, { include: 'dialog' });
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  await page.setViewportSize({ width: 1080, height: 1920 });
  await expectInView(paper.getByRole('button', { name: 'Print X report' }), 'Print X report on the paper sheet, portrait');
  await keepScreenshot(page, { path: test.info().outputPath('x-paper-1080x1920.png') });
  await page.setViewportSize({ width: 1280, height: 800 });
  await paper.getByRole('button', { name: 'Close' }).click();
  await expect(paper).toHaveCount(0);
  expect(stack.journal("SELECT id FROM print_jobs WHERE kind = 'report'")).toHaveLength(0);
  // The drawer is ₦200 short. The count has its own field, apart from cash in / out.
  const counted = expected - 20_000;
  await expect(page.getByRole('button', { name: 'Close the shift…' })).toBeDisabled();
  await page.getByLabel('Cash counted in the drawer (₦)').fill(String(counted / 100));
  await expect(page.getByLabel('Amount (₦)')).toHaveValue('');
  await page.getByRole('button', { name: 'Close the shift…' }).click();
  // A confirm step first: what the drawer should hold, what was counted, the difference.
  let confirm = page.getByRole('alertdialog', { name: 'Close shift 1?' });
  await expect(confirm.getByTestId('confirm-expected')).toHaveText(formatNaira(expected));
  await expect(confirm.getByTestId('confirm-counted')).toHaveText(formatNaira(counted));
  await expect(confirm.getByTestId('confirm-difference')).toHaveText(`${formatNaira(-20_000)} (short)`);
  await expect(confirm).toContainText('cannot be opened again');
  await keepScreenshot(page, { path: test.info().outputPath('close-confirm-1280x800.png') });
  await page.setViewportSize({ width: 800, height: 1280 });
  await keepScreenshot(page, { path: test.info().outputPath('close-confirm-800x1280.png') });
  await page.setViewportSize({ width: 1280, height: 800 });
  // Count again: nothing is closed.
  await confirm.getByRole('button', { name: 'Count again' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(page.getByTestId('x-report')).toBeVisible();
  expect(stack.journal('SELECT id FROM shifts WHERE z_number IS NOT NULL')).toHaveLength(0);
  await page.getByRole('button', { name: 'Close the shift…' }).click();
  confirm = page.getByRole('alertdialog', { name: 'Close shift 1?' });
  // The till's answer to "which shift is open" is held back a moment after the close (as on a busy
  // till): the Z report shows at once, and the shift it closed is not shown open beside it.
  const slowShiftAnswer = '**/rpc/shift:current';
  await page.route(slowShiftAnswer, async (route) => (await new Promise((resolve) => setTimeout(resolve, 3000)), route.continue()));
  await confirm.getByRole('button', { name: 'Close the shift and make the Z report' }).click();
  const z = page.getByTestId('z-report');
  await expect(z).toContainText('Z report #1');
  // Counted at once, not retried: the held-back answer would make a retrying check pass anyway.
  expect(await page.getByTestId('x-report').count()).toBe(0);
  expect(await page.getByRole('button', { name: 'See the paper' }).count()).toBe(1);
  // Answers still held back are let through before the route goes (unrouting under them fails them).
  await page.unrouteAll({ behavior: 'wait' });
  await expect(page.getByLabel('Opening float (₦)')).toBeVisible();
  await expect(z.getByTestId('difference')).toContainText(`${formatNaira(-20_000)}`);
  await expect(z.getByTestId('difference')).toContainText('short');
  // Reports are tables: item, count, amount.
  const confirmed = z.getByTestId('report-row-confirmed');
  await expect(confirmed.getByRole('rowheader')).toHaveText('Sales confirmed');
  await expect(confirmed.getByRole('cell')).toHaveText(['2', formatNaira(first + second)]);
  // The Z report keeps what sold, as the X report showed it.
  await expect(z.getByTestId('report-by-title').getByRole('row').nth(1).getByRole('rowheader')).toHaveText(film);

  const [shift] = stack.journal<{ z_number: number; counted_kobo: number; expected_kobo: number }>('SELECT z_number, counted_kobo, expected_kobo FROM shifts');
  expect(shift).toEqual({ z_number: 1, counted_kobo: counted, expected_kobo: expected });

  // The Z report's paper: the count and the shortage as printed; printed from the sheet.
  await page.getByRole('button', { name: 'See the paper' }).click();
  paper = page.getByRole('dialog', { name: 'Z report #1: the paper' });
  await expect(paper.getByTestId('report-paper')).toContainText(/Z +R E P O R T +1/);
  await expect(paper.getByTestId('report-paper')).toContainText(new RegExp(`Counted +${escape(formatNairaPlain(counted))}\\nShort +${escape(formatNairaPlain(-20_000))}\\n`));
  const zPaper = await paper.getByTestId('report-paper').textContent();
  await page.setViewportSize({ width: 1080, height: 1920 });
  await keepScreenshot(page, { path: test.info().outputPath('z-paper-1080x1920.png') });
  await page.setViewportSize({ width: 1280, height: 800 });
  await paper.getByRole('button', { name: 'Print Z report #1' }).click();
  await expect(paper).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'Z report #1: printed.' })).toBeVisible();
  // Later, from the past Z reports under the shift: the same paper.
  const past = page.getByRole('region', { name: 'Past Z reports' });
  await past.getByRole('button', { name: 'Open Z report #1' }).click();
  await past.getByRole('button', { name: 'See the paper' }).click();
  // The same paper, marked as a copy now that the original is printed (so two papers of one close
  // are never taken for two closes), and printed when it would print.
  const timeless = (text: string) => text.replace(/^Printed .*$/m, 'Printed');
  const withoutCopyMark = (text: string) => text.replace(/^ *C O P Y +1 *\n *Printed .*\n *Not the original *\n=+\n/m, '');
  const again = page.getByRole('dialog', { name: 'Z report #1: the paper' }).getByTestId('report-paper');
  await expect(again).toContainText('Closed by');
  await expect(again).toContainText(/C O P Y +1\s+Printed .* by Ada Supervisor\s+Not the original/);
  expect(timeless(withoutCopyMark((await again.textContent())!))).toBe(timeless(zPaper!));

  // In French, what became of the print is said in French (it said "Z report 1 : imprimé.").
  await page.getByRole('dialog', { name: 'Z report #1: the paper' }).getByRole('button', { name: 'Close' }).click();
  await page.getByRole('navigation', { name: 'Back office sections' }).getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('group', { name: say('en', 'settings.myLanguage') }).getByRole('button', { name: 'Français' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', /^fr/);
  await page.getByRole('navigation').getByRole('button', { name: say('fr', 'staff.section.shift'), exact: true }).click();
  const passés = page.getByRole('region', { name: say('fr', 'zlist.title') });
  await passés.getByRole('button', { name: say('fr', 'zlist.openNumber', { number: 1 }) }).click();
  await passés.getByRole('button', { name: say('fr', 'shift.printZ', { number: 1 }) }).click();
  await expect(passés.getByRole('status')).toHaveText(say('fr', 'shift.printedJob', { title: say('fr', 'shift.jobZ', { number: 1 }) }));
});

/** Two taps on one button before the screen can redraw it (what a double tap on a touch screen does). */
const doubleTap = (button: import('@playwright/test').Locator) => button.evaluate((b: HTMLElement) => (b.click(), b.click()));

test('double taps on Open shift and on closing send once: no refusal contradicts what just worked', async ({ page }) => {
  const own = await startStack();
  try {
    expect((await own.host.rpc('staff:setup', { name: 'Ada Supervisor', pin: '2468' })).json.ok).toBe(true);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(own.host.url);
    await page.getByRole('button', { name: 'Staff', exact: true }).click();
    await page.getByLabel('Opening float (₦)').fill('5000');
    await doubleTap(page.getByRole('button', { name: 'Open shift' }));
    await expect(page.getByTestId('x-report')).toBeVisible();
    // One more round trip after both taps' answers: any refusal of a second tap is on screen by now.
    await page.getByRole('button', { name: 'Print X report' }).click();
    await expect(page.getByText(/^X report, shift 1: /)).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    expect(own.journal('SELECT id FROM shifts')).toHaveLength(1);

    await page.getByLabel('Cash counted in the drawer (₦)').fill('5000');
    await page.getByRole('button', { name: 'Close the shift…' }).click();
    await doubleTap(page.getByRole('alertdialog').getByRole('button', { name: 'Close the shift and make the Z report' }));
    await expect(page.getByTestId('z-report')).toContainText('Z report #1');
    await page.getByRole('button', { name: 'Print Z report #1' }).click();
    await expect(page.getByText(/^Z report #1: /)).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    expect(own.journal('SELECT z_number FROM shifts')).toEqual([{ z_number: 1 }]);
    await keepScreenshot(page, { path: test.info().outputPath('shift-closed-1280x800.png'), fullPage: true });
  } finally {
    await own.stop();
  }
});

test("a cashier is told that a supervisor closes the shift, and has no way to close it; on a till where only supervisors may, she opens the drawer without a sale with a supervisor's PIN on her screen", async ({ page }) => {
  const own = await cashierOnTillOfItsOwn(page, ['--printer-no-sale-by', 'supervisor']);
  try {
    const closing = page.getByRole('region', { name: 'Close the shift' });
    await expect(closing).toContainText('A supervisor closes the shift: they count the cash in the drawer and make the Z report.');
    await expect(page.getByLabel('Cash counted in the drawer (₦)')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Close the shift/ })).toHaveCount(0);
    // Cash in and out stay the cashier's; No sale is a supervisor's on this till, and the screen says so before she tries.
    const drawer = page.getByRole('region', { name: 'Cash in and out of the drawer' });
    await expect(drawer.getByRole('button', { name: 'Cash in' })).toBeVisible();
    await expect(drawer.getByRole('button', { name: 'No sale: open drawer' })).toHaveCount(0);
    const ask = drawer.getByRole('button', { name: 'No sale: ask a supervisor' });
    await expect(ask).toBeDisabled();
    await drawer.getByLabel('Reason (for cash in / out or no sale)').fill('Change for a customer');
    await expect(ask).toHaveAccessibleDescription('On this till only a supervisor opens the drawer without a sale: a supervisor other than you approves it with their PIN on this screen.');
    await closing.scrollIntoViewIfNeeded();
    await keepScreenshot(page, { path: test.info().outputPath('shift-cashier-1280x800.png') });
    await page.setViewportSize({ width: 800, height: 1280 });
    await closing.scrollIntoViewIfNeeded();
    await keepScreenshot(page, { path: test.info().outputPath('shift-cashier-800x1280.png') });

    // The supervisor comes over and types her PIN on the cashier's screen; the cashier stays signed in.
    await ask.click();
    const approval = page.getByRole('dialog', { name: 'Supervisor approval: no sale' });
    await expect(approval).toContainText('Open the drawer without a sale (Change for a customer).');
    await expect(approval.getByRole('button', { name: 'Tunde Bakare' })).toHaveCount(0);
    await approval.getByLabel('PIN of Ada Supervisor').fill('1111');
    await approval.getByRole('button', { name: 'OK' }).click();
    await expect(approval.getByRole('alert')).toHaveText("That is not Ada Supervisor's PIN. The drawer was not opened; try again.");
    expect(own.journal('SELECT id FROM drawer_openings')).toEqual([]);
    expect((await axeViolations(page, { include: 'dialog' })).map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    await keepScreenshot(page, { path: test.info().outputPath('shift-no-sale-approval-800x1280.png') });
    await expectInView(approval.getByRole('button', { name: 'Back' }), 'Back on the approval sheet, portrait');
    await page.setViewportSize({ width: 1280, height: 800 });
    // On its side the keypad stands beside who approves: the whole step in view, Back too, without scrolling the sheet.
    await expectInView(approval.getByRole('button', { name: 'OK' }), 'OK on the approval sheet, landscape');
    await expectInView(approval.getByRole('button', { name: 'Back' }), 'Back on the approval sheet, landscape');
    await keepScreenshot(page, { path: test.info().outputPath('shift-no-sale-approval-1280x800.png') });
    // Back: the refused PIN goes with the sheet; asking again starts afresh.
    await approval.getByRole('button', { name: 'Back' }).click();
    await expect(approval).toHaveCount(0);
    const shiftPanel = page.getByRole('region', { name: 'Shift', exact: true });
    await expect(shiftPanel).toBeVisible();
    await expect(shiftPanel.getByRole('alert')).toHaveCount(0);
    await ask.click();
    await expect(approval.getByRole('alert')).toHaveCount(0);
    await approval.getByLabel('PIN of Ada Supervisor').fill('2468');
    await approval.getByRole('button', { name: 'OK' }).click();
    await expect(approval).toHaveCount(0);
    await expect(drawer.getByRole('status')).toHaveText('No sale written down on the shift report. The drawer opens as its slip prints: keep the slip in the drawer.');
    await expect(page.getByText('Signed in: Tunde Bakare')).toBeVisible();
    expect(own.journal('SELECT o.reason, s.name AS openedBy, a.name AS approvedBy FROM drawer_openings o JOIN staff s ON s.id = o.staff_id JOIN drawer_opening_approvals d ON d.id = o.id JOIN staff a ON a.id = d.approved_by')).toEqual([
      { reason: 'Change for a customer', openedBy: 'Tunde Bakare', approvedBy: 'Ada Supervisor' },
    ]);
  } finally {
    await own.stop();
  }
});

test("on a till where only supervisors take cash out, a cashier takes it out with a supervisor's PIN on her screen; cash in stays hers", async ({ page }) => {
  const own = await cashierOnTillOfItsOwn(page, ['--printer-cash-out-by', 'supervisor']);
  try {
    const drawer = page.getByRole('region', { name: 'Cash in and out of the drawer' });
    // No sale stays anyone's on this till; Cash out asks, and says so before she tries.
    await expect(drawer.getByRole('button', { name: 'No sale: open drawer' })).toBeVisible();
    await expect(drawer.getByRole('button', { name: 'Cash out', exact: true })).toHaveCount(0);
    const ask = drawer.getByRole('button', { name: 'Cash out: ask a supervisor' });
    await drawer.getByLabel('Amount (₦)').fill('1500');
    // The supervisor is asked to approve a reason, so there must be one first.
    await expect(ask).toBeDisabled();
    await drawer.getByLabel('Reason (for cash in / out or no sale)').fill('Generator diesel');
    await expect(ask).toBeEnabled();
    await expect(ask).toHaveAccessibleDescription('On this till only a supervisor takes cash out: a supervisor other than you approves it with their PIN on this screen.');
    await keepScreenshot(page, { path: test.info().outputPath('shift-cash-out-cashier-1280x800.png') });

    await ask.click();
    const approval = page.getByRole('dialog', { name: 'Supervisor approval: cash out' });
    await expect(approval).toContainText(`Take ${formatNaira(150_000)} out of the drawer (Generator diesel).`);
    await approval.getByLabel('PIN of Ada Supervisor').fill('1111');
    await approval.getByRole('button', { name: 'OK' }).click();
    await expect(approval.getByRole('alert')).toHaveText("That is not Ada Supervisor's PIN. No cash was taken out; try again.");
    expect(own.journal('SELECT id FROM cash_movements')).toEqual([]);
    await expect(page.getByTestId('expected-cash')).toHaveText(formatNaira(500_000));
    expect((await axeViolations(page, { include: 'dialog' })).map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    await expectInView(approval.getByRole('button', { name: 'OK' }), 'OK on the cash out approval, landscape');
    await keepScreenshot(page, { path: test.info().outputPath('shift-cash-out-approval-1280x800.png') });
    await page.setViewportSize({ width: 800, height: 1280 });
    await expectInView(approval.getByRole('button', { name: 'OK' }), 'OK on the cash out approval, portrait');
    await keepScreenshot(page, { path: test.info().outputPath('shift-cash-out-approval-800x1280.png') });
    await approval.getByLabel('PIN of Ada Supervisor').fill('2468');
    await approval.getByRole('button', { name: 'OK' }).click();
    await expect(approval).toHaveCount(0);
    await expect(drawer.getByRole('status')).toHaveText(`Cash out of ${formatNaira(150_000)} written down. Its voucher is printing: keep it in the drawer, signed.`);
    await expect(page.getByTestId('expected-cash')).toHaveText(formatNaira(350_000));
    await expect(page.getByText('Signed in: Tunde Bakare')).toBeVisible();
    expect(own.journal('SELECT m.kind, m.amount_kobo AS amountKobo, s.name AS takenBy, a.name AS approvedBy FROM cash_movements m JOIN staff s ON s.id = m.staff_id JOIN cash_movement_approvals c ON c.id = m.id JOIN staff a ON a.id = c.approved_by')).toEqual([
      { kind: 'out', amountKobo: 150_000, takenBy: 'Tunde Bakare', approvedBy: 'Ada Supervisor' },
    ]);

    // Cash in needs nobody.
    await cashInFromTheSafe(drawer);
  } finally {
    await own.stop();
  }
});

/**
 * A till of its own started with `args`, whose supervisor (Ada, PIN 2468) opened a shift with
 * ₦5,000 in the drawer, and a cashier (Tunde) signed in on its Shift screen (1280x800).
 */
async function cashierOnTillOfItsOwn(page: import('@playwright/test').Page, args: string[]): Promise<Stack> {
  const own = await startStack({ args });
  try {
    const rpc = async (channel: string, body: unknown) => {
      const { json } = await own.host.rpc(channel, body);
      expect(json.ok, `${channel}: ${JSON.stringify(json.error)}`).toBe(true);
      return json.value;
    };
    await rpc('staff:setup', { name: 'Ada Supervisor', pin: '2468' });
    await rpc('shift:open', { floatKobo: 500_000 });
    const tunde = await rpc('staff:create', { name: 'Tunde Bakare', role: 'cashier', pin: '1357' });
    await rpc('staff:sign-in', { staffId: tunde.id, pin: '1357' });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(own.host.url);
    await page.getByRole('button', { name: 'Staff', exact: true }).click();
    await expect(page.getByText('Signed in: Tunde Bakare')).toBeVisible();
    return own;
  } catch (error) {
    await own.stop();
    throw error;
  }
}

/** ₦200 of change from the safe put into the drawer, and the screen saying so. */
async function cashInFromTheSafe(drawer: import('@playwright/test').Locator) {
  await drawer.getByLabel('Amount (₦)').fill('200');
  await drawer.getByLabel('Reason (for cash in / out or no sale)').fill('Change from the safe');
  await drawer.getByRole('button', { name: 'Cash in' }).click();
  await expect(drawer.getByRole('status')).toHaveText(`Cash in of ${formatNaira(20_000)} written down. Its voucher is printing: keep it in the drawer.`);
}

/** A till of its own whose supervisor opened a shift with ₦5,000 in the drawer, on its Shift screen (1280x800). */
async function shiftOfItsOwn(page: import('@playwright/test').Page): Promise<Stack> {
  const own = await startStack();
  try {
    expect((await own.host.rpc('staff:setup', { name: 'Ada Supervisor', pin: '2468' })).json.ok).toBe(true);
    expect((await own.host.rpc('shift:open', { floatKobo: 500_000 })).json.ok).toBe(true);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(own.host.url);
    await page.getByRole('button', { name: 'Staff', exact: true }).click();
    return own;
  } catch (error) {
    await own.stop();
    throw error;
  }
}

test('cash out: the drawer figure drops, a voucher prints for the drawer, and the screen says so until the next entry', async ({ page }) => {
  const own = await shiftOfItsOwn(page);
  try {
    await expect(page.getByTestId('expected-cash')).toHaveText(formatNaira(500_000));
    const drawer = page.getByRole('region', { name: 'Cash in and out of the drawer' });
    await drawer.getByLabel('Amount (₦)').fill('1500');
    await drawer.getByLabel('Reason (for cash in / out or no sale)').fill('Generator diesel');
    await drawer.getByRole('button', { name: 'Cash out' }).click();
    await expect(drawer.getByRole('status')).toHaveText(`Cash out of ${formatNaira(150_000)} written down. Its voucher is printing: keep it in the drawer, signed.`);
    await expect(page.getByTestId('expected-cash')).toHaveText(formatNaira(350_000));
    await expect(drawer.getByLabel('Amount (₦)')).toHaveValue('');
    await expect
      .poll(() => own.journal("SELECT kind, state, json_extract(payload_json, '$.slip.title') AS title, json_extract(payload_json, '$.slip.cashMoves') AS cash FROM print_jobs"))
      .toEqual([{ kind: 'slip', state: 'printed', title: 'CASH OUT', cash: 1 }]);
    await keepScreenshot(page, { path: test.info().outputPath('shift-cash-out-1280x800.png'), fullPage: true });
    await page.setViewportSize({ width: 800, height: 1280 });
    await drawer.scrollIntoViewIfNeeded();
    await keepScreenshot(page, { path: test.info().outputPath('shift-cash-out-800x1280.png') });
    // Typing the next entry's amount does not clear it; the next cash in replaces it.
    await cashInFromTheSafe(drawer);
  } finally {
    await own.stop();
  }
});

test('close by counting notes: each line and the total worked out, a bad count marked, the total used for the close', async ({ page }) => {
  const own = await shiftOfItsOwn(page);
  try {
    await expect(page.getByTestId('expected-cash')).toHaveText(formatNaira(500_000));
    const closing = page.getByRole('region', { name: 'Close the shift' });
    await closing.scrollIntoViewIfNeeded();
    await keepScreenshot(page, { path: test.info().outputPath('close-with-count-1280x800.png') });
    await closing.getByRole('button', { name: 'Count by notes' }).click();
    const sheet = page.getByRole('dialog', { name: 'Count the drawer by notes' });
    await sheet.getByLabel(`${formatNairaWhole(100_000)} notes`).fill('4');
    await sheet.getByLabel(`${formatNairaWhole(50_000)} notes`).fill('1');
    await sheet.getByLabel('Coins and anything else (₦)').fill('450');
    // Each line says what it adds up to, read with its field.
    await expect(sheet.getByLabel(`${formatNairaWhole(100_000)} notes`)).toHaveAccessibleDescription(`= ${formatNaira(400_000)}`);
    await expect(sheet.getByTestId('count-total')).toHaveText(formatNaira(495_000));
    // Half a note is no count: marked, and the total is not offered.
    await sheet.getByLabel(`${formatNairaWhole(20_000)} notes`).fill('2.5');
    await expect(sheet.getByLabel(`${formatNairaWhole(20_000)} notes`)).toHaveAttribute('aria-invalid', 'true');
    await expect(sheet.getByLabel(`${formatNairaWhole(20_000)} notes`)).toHaveAccessibleDescription('Whole notes only');
    await expect(sheet.getByRole('button', { name: 'Fix the marked count' })).toBeDisabled();
    await expect(sheet.getByTestId('count-total')).toHaveText('');
    await sheet.getByLabel(`${formatNairaWhole(20_000)} notes`).fill('');
    expect((await axeViolations(page, { include: 'dialog' })).map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    await expectInView(sheet.getByRole('button', { name: `Use ${formatNaira(495_000)}` }), 'Use on the count, landscape');
    await keepScreenshot(page, { path: test.info().outputPath('count-by-notes-1280x800.png') });
    await page.setViewportSize({ width: 800, height: 1280 });
    await expectInView(sheet.getByRole('button', { name: `Use ${formatNaira(495_000)}` }), 'Use on the count, portrait');
    await keepScreenshot(page, { path: test.info().outputPath('count-by-notes-800x1280.png') });
    await sheet.getByRole('button', { name: `Use ${formatNaira(495_000)}` }).click();
    await expect(sheet).toHaveCount(0);
    await expect(page.getByLabel('Cash counted in the drawer (₦)')).toHaveValue('4950.00');
    // Nothing is closed until the close is confirmed, as when the count is typed.
    expect(own.journal('SELECT id FROM shifts WHERE z_number IS NOT NULL')).toEqual([]);
    await page.getByRole('button', { name: 'Close the shift…' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Close shift 1?' });
    await expect(confirm.getByTestId('confirm-counted')).toHaveText(formatNaira(495_000));
    await expect(confirm.getByTestId('confirm-difference')).toHaveText(`${formatNaira(-5_000)} (short)`);
    await confirm.getByRole('button', { name: 'Close the shift and make the Z report' }).click();
    await expect(page.getByTestId('z-report')).toContainText('Z report #1');
    // The screen's Z report shows how the drawer was counted, under Cash counted.
    const shown = page.getByTestId('z-report');
    await expect(shown.getByTestId('count-line-100000')).toHaveText(`${formatNairaWhole(100_000)} notes × 4`);
    await expect(shown.getByTestId('count-line-100000').locator('xpath=following-sibling::dd[1]')).toHaveText(formatNaira(400_000));
    await expect(shown.getByTestId('count-line-50000')).toHaveText(`${formatNairaWhole(50_000)} notes × 1`);
    await expect(shown.getByText('Coins and anything else').locator('xpath=following-sibling::dd[1]')).toHaveText(formatNaira(45_000));
    await expect(shown.getByTestId(/^count-line-/)).toHaveCount(2);
    expect((await axeViolations(page, { include: '[data-testid="z-report"]' })).map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    await shown.getByTestId('count-line-100000').scrollIntoViewIfNeeded();
    await keepScreenshot(page, { path: test.info().outputPath('z-report-count-800x1280.png') });
    // The count is kept in the Z report, and its paper lists it under Counted.
    expect(own.journal("SELECT counted_kobo, json_extract(z_report_json, '$.countSheet') AS sheet FROM shifts")).toEqual([
      { counted_kobo: 495_000, sheet: JSON.stringify({ notes: [{ noteKobo: 100_000, count: 4 }, { noteKobo: 50_000, count: 1 }], otherKobo: 45_000 }) },
    ]);
    await page.getByRole('button', { name: 'See the paper' }).click();
    const paper = page.getByRole('dialog', { name: /Z report/ });
    await expect(paper).toContainText(/NGN 1,000 x 4 +NGN 4,000\.00/);
    await expect(paper).toContainText(/Coins and other +NGN 450\.00/);
    await paper.getByRole('button', { name: 'Close' }).click();

    // A count changed by hand after Use is the figure closed, and no count by notes is kept for it.
    await page.getByLabel('Opening float (₦)').fill('5000');
    await page.getByRole('button', { name: 'Open shift' }).click();
    await page.getByRole('region', { name: 'Close the shift' }).getByRole('button', { name: 'Count by notes' }).click();
    await sheet.getByLabel(`${formatNairaWhole(100_000)} notes`).fill('5');
    await sheet.getByRole('button', { name: `Use ${formatNaira(500_000)}` }).click();
    await page.getByLabel('Cash counted in the drawer (₦)').fill('4990');
    await page.getByRole('button', { name: 'Close the shift…' }).click();
    await page.getByRole('alertdialog', { name: 'Close shift 2?' }).getByRole('button', { name: 'Close the shift and make the Z report' }).click();
    await expect(page.getByTestId('z-report')).toContainText('Z report #2');
    await expect(page.getByTestId('z-report').getByTestId(/^count-line-/)).toHaveCount(0);
    await expect(page.getByTestId('z-report').getByText('Coins and anything else')).toHaveCount(0);
    expect(own.journal("SELECT counted_kobo, json_extract(z_report_json, '$.countSheet') AS sheet FROM shifts WHERE z_number = 2")).toEqual([{ counted_kobo: 499_000, sheet: null }]);
  } finally {
    await own.stop();
  }
});

test('no sale: the drawer opens for change on the record, with its reason, and the X report counts it', async ({ page }) => {
  const own = await shiftOfItsOwn(page);
  try {
    await expect(page.getByTestId('report-row-no-sale')).toContainText('0');
    const drawer = page.getByRole('region', { name: 'Cash in and out of the drawer' });
    const noSale = drawer.getByRole('button', { name: 'No sale: open drawer' });
    // Without a reason there is nothing to write down.
    await expect(noSale).toBeDisabled();
    await drawer.getByLabel('Reason (for cash in / out or no sale)').fill('Change for a customer');
    await noSale.click();
    // The preview's printer has the default drawer (pin 2): the slip opens it.
    await expect(drawer.getByRole('status')).toHaveText('No sale written down on the shift report. The drawer opens as its slip prints: keep the slip in the drawer.');
    await expect(drawer.getByLabel('Reason (for cash in / out or no sale)')).toHaveValue('');
    await expect(page.getByTestId('report-row-no-sale')).toHaveText(/No sale \(drawer opened\)\s*1/);
    await expect(page.getByTestId('expected-cash')).toHaveText(formatNaira(500_000));
    await expect
      .poll(() => own.journal("SELECT kind, state, json_extract(payload_json, '$.slip.title') AS title, json_extract(payload_json, '$.slip.cashMoves') AS cash FROM print_jobs"))
      .toEqual([{ kind: 'slip', state: 'printed', title: 'NO SALE', cash: 1 }]);
    expect(await own.journal('SELECT reason FROM drawer_openings')).toEqual([{ reason: 'Change for a customer' }]);
    await keepScreenshot(page, { path: test.info().outputPath('shift-no-sale-1280x800.png'), fullPage: true });
    await page.setViewportSize({ width: 800, height: 1280 });
    await drawer.scrollIntoViewIfNeeded();
    await keepScreenshot(page, { path: test.info().outputPath('shift-no-sale-800x1280.png') });
  } finally {
    await own.stop();
  }
});
