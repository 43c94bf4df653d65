import type { Page } from '@playwright/test';
import { test, expect } from './test';
import { axeViolations } from './axe';
import { formatNaira, formatNairaPlain } from '../../shared/money';
import { createSandbox, SANDBOX_DEFAULT_API_KEY, startSandboxServer } from '../../electron/sandbox';
import { addDays, lagosDate } from '../../shared/dates';
import { startFakePrinter, type FakePrinter } from '../helpers/fake-printer';
import { decodeEscPos, textLines } from '../helpers/escpos-decoder';
import { startPreviewHost, type PreviewHost } from '../helpers/preview-host';
import { expectInView, fillCustomer, naira, openKioskShift, openTill, startStack } from './support';
import Database from 'better-sqlite3';
import path from 'node:path';
import { keepScreenshot } from './keep-screenshot';

/**
 * Voids and refunds as staff do them, in Chromium against the preview host: at a box-office
 * counter (a cinema sale refunded in part, from the sale screen) and at a hotel front desk (a
 * guest's booking found by phone and refunded by bank transfer, a refused booking voided, the
 * cancellation followed up). The cashier stays signed in; a supervisor's PIN approves each one on
 * her screen. Checked on screen, in the journal, on the (fake, TCP) printer and in the X report.
 */

interface RefundStack {
  host: PreviewHost;
  printer: FakePrinter;
  /** The partner refuses the next purchase (422), as it refuses a room no longer available. */
  refuseNext(): void;
  journal<T>(sql: string, ...params: unknown[]): T[];
  stop(): Promise<void>;
}

async function startRefundStack(profile: 'counter' | 'front-desk'): Promise<RefundStack> {
  const sandbox = createSandbox();
  let refuse = false;
  const handle = async (request: Request) => {
    if (refuse && request.method === 'POST' && /\/(buy|book)(\/tickets)?$/.test(new URL(request.url).pathname)) {
      refuse = false;
      return Response.json({ success: false, status: 422, message: 'The given data was invalid.', errors: { room_id: ['The room is no longer available.'] } }, { status: 422 });
    }
    return sandbox.handle(request);
  };
  const server = await startSandboxServer({ sandbox: { ...sandbox, handle }, port: 0 });
  const printer = await startFakePrinter();
  const host = await startPreviewHost({
    args: ['--partner-url', server.url, '--partner-timeout-ms', '3000', '--profile', profile, '--printer', printer.url],
    env: { POS_API_KEY: SANDBOX_DEFAULT_API_KEY },
  });
  return {
    host,
    printer,
    refuseNext: () => void (refuse = true),
    journal(sql, ...params) {
      const db = new Database(path.join(host.dataDir, 'journal.sqlite'), { readonly: true, fileMustExist: true });
      try {
        return db.prepare(sql).all(...params) as never;
      } finally {
        db.close();
      }
    },
    async stop() {
      await host.stop();
      await server.close();
      await printer.close();
    },
  };
}

let stack: RefundStack;
test.afterEach(async () => {
  await stack?.stop();
});

const rpc = async (channel: string, body: unknown) => {
  const { json } = await stack.host.rpc(channel, body);
  if (!json.ok) throw new Error(`${channel}: ${JSON.stringify(json.error)}`);
  return json.value;
};

/** Ada (supervisor) set the till up; Bola is a second supervisor and Tunde the cashier, who signs in. */
async function staffTheTill(page: Page) {
  await openTill(page, stack.host, { name: 'Ada Supervisor', pin: '2468', floatNaira: 50000 });
  const bola = await rpc('staff:create', { name: 'Bola Adeyemi', role: 'supervisor', pin: '8642' });
  const tunde = await rpc('staff:create', { name: 'Tunde Bakare', role: 'cashier', pin: '1357' });
  await rpc('staff:sign-in', { staffId: tunde.id, pin: '1357' });
  await page.reload();
  return { bola, tunde };
}

/** Whole refund and void slips the fake printer received (not receipts or reports), as text. */
const slips = () =>
  stack.printer
    .connections()
    .map((c) => textLines(decodeEscPos(c.bytes, 'epson')).join('\n'))
    .filter((text) => /^(REFUND|VOID)$/m.test(text));

async function approve(page: Page, supervisor: string, pin: string) {
  const approval = page.getByTestId('approval');
  await expect(approval).toBeVisible();
  await approval.getByRole('button', { name: supervisor }).click();
  await approval.getByLabel(`PIN of ${supervisor}`).fill(pin);
  await approval.getByRole('button', { name: 'OK' }).click();
}

/** From Home: the first film, its first cinema and first showtime, by what the cashier sees (roles, not styling). */
async function chooseShowtime(page: Page) {
  await page.getByRole('button', { name: /Cinema/ }).first().click();
  await page.locator('.film-card').first().click();
  await page.getByRole('region', { name: 'Cinema' }).getByRole('button').first().click();
  await page.getByRole('region', { name: 'Showtime' }).getByRole('button').first().click();
  await expect(page.locator('.ticket-row').first()).toBeVisible();
}

/** axe on one part of the screen (ours): 0 findings of any impact. */
async function accessible(page: Page, selector: string) {
  const violations = await axeViolations(page, { include: selector });
  expect(violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`), selector).toEqual([]);
}

/** Staff -> the refunds panel (in the back office's Sales section, where the back office has sections). */
async function openRefunds(page: Page) {
  // The top bar offers Staff everywhere but on the back office itself.
  const staff = page.getByRole('button', { name: 'Staff', exact: true });
  if (await staff.isVisible()) await staff.click();
  const sales = page.getByRole('navigation', { name: 'Back office sections' }).getByRole('button', { name: 'Sales', exact: true });
  if (await sales.count()) await sales.click();
  const panel = page.getByTestId('refunds-panel');
  await expect(panel).toBeVisible();
  return panel;
}

const expectedCash = async () => (await rpc('shift:current', {})).report.cash.expectedKobo as number;

test('counter: a cashier refunds 2 of 3 tickets from the sale screen, a supervisor approves on her screen, the drawer and the X report follow', async ({ page }) => {
  stack = await startRefundStack('counter');
  await page.setViewportSize({ width: 1920, height: 1080 });
  await staffTheTill(page);

  // A cash sale of three tickets of one category.
  await chooseShowtime(page);
  const row = page.locator('.ticket-row:not(.ticket-sold-out)').first();
  const unit = naira((await row.locator('.ticket-price').textContent())!);
  const category = (await row.locator('.ticket-title').textContent())!.trim();
  for (let i = 0; i < 3; i++) await row.getByRole('button', { name: /^More:/ }).click();
  await page.getByRole('button', { name: 'Checkout' }).click();
  await fillCustomer(page, { name: 'Chiamaka Obi', email: 'chiamaka@example.com', phone: '0803 123 4567' });
  await page.getByRole('button', { name: /^Exact/ }).click();
  await page.getByRole('button', { name: /^Confirm/ }).click();
  await expect(page.getByRole('heading', { name: 'Sale confirmed' })).toBeVisible();
  const reference = (await page.getByTestId('partner-reference').textContent())!;
  const drawerBefore = await expectedCash();

  // The refund sheet: 2 of the 3 tickets, back in cash, with a reason.
  await page.getByRole('button', { name: 'Refund…' }).click();
  const sheet = page.getByTestId('refund-sheet');
  await expect(sheet).toBeVisible();
  await sheet.getByRole('button', { name: `More: ${category}` }).click();
  await sheet.getByRole('button', { name: `More: ${category}` }).click();
  await expect(page.getByTestId('refund-total')).toHaveText(formatNaira(2 * unit));
  await sheet.getByRole('button', { name: 'The customer cancelled' }).click();
  await sheet.getByLabel('What happened, in a few words').fill('Two friends cannot come');
  await keepScreenshot(page, { path: test.info().outputPath('refund-sheet-1920x1080.png') });
  await accessible(page, 'dialog');
  await page.setViewportSize({ width: 1080, height: 1920 });
  await keepScreenshot(page, { path: test.info().outputPath('refund-sheet-1080x1920.png') });
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.getByRole('button', { name: 'Ask a supervisor to approve' }).click();

  // The cashier is not offered as an approver; a wrong PIN is refused and nothing is given back.
  const approval = page.getByTestId('approval');
  await expect(approval.getByRole('button', { name: 'Tunde Bakare' })).toHaveCount(0);
  await approval.getByRole('button', { name: 'Bola Adeyemi' }).click();
  await approval.getByLabel('PIN of Bola Adeyemi').fill('1111');
  await approval.getByRole('button', { name: 'OK' }).click();
  await expect(approval.getByRole('alert')).toContainText('not Bola Adeyemi');
  expect(stack.journal('SELECT id FROM corrections')).toHaveLength(0);
  await keepScreenshot(page, { path: test.info().outputPath('refund-approval-1920x1080.png') });
  await accessible(page, 'dialog');
  // A counter screen on its side: the keypad beside who approves, OK and Back in view without scrolling the sheet.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectInView(approval.getByRole('button', { name: 'OK' }), 'OK on the refund approval, 1280x800');
  await expectInView(approval.getByRole('button', { name: 'Back' }), 'Back on the refund approval, 1280x800');
  await keepScreenshot(page, { path: test.info().outputPath('refund-approval-1280x800.png') });
  await page.setViewportSize({ width: 1920, height: 1080 });
  await approve(page, 'Bola Adeyemi', '8642');

  await expect(page.getByTestId('refund-done')).toContainText(`Give the customer ${formatNaira(2 * unit)} from the drawer.`);
  await keepScreenshot(page, { path: test.info().outputPath('refund-done-1920x1080.png') });
  await accessible(page, 'dialog');
  await page.getByRole('button', { name: 'Done' }).click();

  // The sale screen shows what was refunded, when, and who approved; the cashier is still signed in.
  const corrections = page.getByTestId('corrections');
  await expect(corrections).toContainText(`2 × ${category}`);
  await expect(corrections).toContainText('Asked by Tunde Bakare · approved by Bola Adeyemi');
  await expect(corrections).toContainText('Cancellation owed by the partner');
  await keepScreenshot(page.getByTestId('sale-corrections'), { path: test.info().outputPath('sale-refunded-1920x1080.png') });
  await accessible(page, '[data-testid="sale-corrections"]');
  await page.setViewportSize({ width: 1080, height: 1920 });
  await keepScreenshot(page, { path: test.info().outputPath('sale-refunded-1080x1920.png') });
  await page.setViewportSize({ width: 1920, height: 1080 });
  expect((await rpc('staff:status', {})).signedIn.name).toBe('Tunde Bakare');

  // The journal, the drawer and the paper.
  expect(stack.journal('SELECT kind, tender, amount_kobo, asked_by, approved_by FROM corrections')).toEqual([
    { kind: 'refund', tender: 'cash', amount_kobo: 2 * unit, asked_by: 3, approved_by: 2 },
  ]);
  expect(await expectedCash()).toBe(drawerBefore - 2 * unit);
  await expect.poll(() => slips().length, { timeout: 10_000 }).toBe(2);
  for (const slip of slips()) {
    expect(slip).toContain(reference);
    expect(slip).toContain(formatNairaPlain(2 * unit));
    expect(slip).toMatch(/Approved by\s+Bola Adeyemi/);
  }
  // The sale screen shows each slip as it printed (a till on the preview printer has no paper):
  // the customer's copy, the drawer's, and back to the receipt.
  const papers = page.getByRole('radiogroup', { name: 'Papers of this sale' });
  await papers.getByRole('button', { name: 'Slip 1' }).click({ timeout: 15_000 });
  await expect(page.getByTestId('receipt-preview')).toContainText('Customer copy');
  await papers.getByRole('button', { name: 'Slip 2' }).click();
  await expect(page.getByTestId('receipt-preview')).toContainText('Drawer copy');
  await keepScreenshot(page, { path: test.info().outputPath('sale-slip-1920x1080.png') });
  await papers.getByRole('button', { name: 'Receipt' }).click();
  await expect(page.getByTestId('receipt-preview')).not.toContainText('Drawer copy');
  await expect(page.getByTestId('receipt-preview')).toContainText(reference);

  // The X report on screen has the refund on its own lines.
  await page.getByRole('button', { name: 'Staff', exact: true }).click();
  await expect(page.getByTestId('report-refunds')).toContainText(`1 · ${formatNaira(-2 * unit)}`);
  await expect(page.getByTestId('expected-cash')).toHaveText(formatNaira(drawerBefore - 2 * unit));
  await expect((await openRefunds(page)).getByTestId('cancellation')).toContainText(reference);
});

test('front desk: a guest found by phone is refunded by bank transfer less a fee, a refused booking is voided, the cancellation is agreed and closed', async ({ page }) => {
  stack = await startRefundStack('front-desk');
  await page.setViewportSize({ width: 1920, height: 1080 });
  await staffTheTill(page);

  // Two bookings made earlier at this desk: one confirmed (paid by transfer), one the partner refused (paid in cash).
  const hotels = await rpc('hotels:list', { availableRoomsOnly: true, perPage: 20 });
  let stay: { hotelId: number; roomId: number; price: number } | null = null;
  for (const hotel of hotels.hotels) {
    const { rooms } = await rpc('hotels:rooms', { hotelId: hotel.id, perPage: 50 });
    const room = rooms.find((r: { isAvailable: boolean; roomsLeft: number }) => r.isAvailable && r.roomsLeft >= 3);
    if (room) {
      stay = { hotelId: hotel.id, roomId: room.id, price: room.priceKobo };
      break;
    }
  }
  const checkIn = addDays(lagosDate(new Date()), 1);
  const hotel = { hotelId: stay!.hotelId, roomId: stay!.roomId, checkIn, checkOut: addDays(checkIn, 2), guests: 1, rooms: 1 };
  const guest = { name: 'Adaeze Nwosu', email: 'adaeze@example.com', phone: '0809 555 1212', dob: '1990-04-12' };
  const booked = await rpc('sale:submit', { saleId: `FD-${Date.now()}-a`, kind: 'hotel', hotel, customer: guest, tender: { kind: 'transfer', reference: 'GTB-TRF-44120' } });
  expect(booked.state).toBe('confirmed');
  stack.refuseNext();
  const refused = await rpc('sale:submit', { saleId: `FD-${Date.now()}-b`, kind: 'hotel', hotel, customer: { ...guest, name: 'Musa Bello', phone: '0703 222 3344' }, tender: { kind: 'cash', tenderedKobo: 2 * stay!.price } });
  expect(refused.state).toBe('rejected');
  const drawerBefore = await expectedCash();

  // Staff -> Refunds: the guest gives her phone number as she says it.
  const panel = await openRefunds(page);
  await panel.getByLabel('Find the sale: reference, receipt number, phone or name').fill('08095551212');
  await panel.getByRole('button', { name: 'Search' }).click();
  await panel.getByRole('button', { name: new RegExp(booked.partnerReference) }).click();

  // Refund both nights by transfer, keeping a ₦2,000 fee.
  await page.getByRole('button', { name: 'Refund…' }).click();
  const sheet = page.getByTestId('refund-sheet');
  const label = booked.lines[0].label as string;
  await sheet.getByRole('button', { name: `More: ${label}` }).click();
  await sheet.getByRole('button', { name: `More: ${label}` }).click();
  await sheet.getByLabel('Refund less than the price (₦)').fill(String((booked.totalKobo - 200_000) / 100));
  await sheet.getByRole('button', { name: 'Cancelled by the cinema or hotel' }).click();
  await sheet.getByLabel('What happened, in a few words').fill('Water outage at the hotel');
  // No bank reference yet: the till says what is missing before anyone's PIN is asked.
  await page.getByRole('button', { name: 'Ask a supervisor to approve' }).click();
  await expect(sheet.getByRole('alert')).toHaveText('Send the transfer to the customer first, then type its reference.');
  await expect(page.getByTestId('approval')).toHaveCount(0);
  expect(stack.journal('SELECT id FROM corrections')).toHaveLength(0);
  await sheet.getByLabel('Bank transfer reference').fill('GTB-RFD-99001');
  await page.getByRole('button', { name: 'Ask a supervisor to approve' }).click();
  await approve(page, 'Bola Adeyemi', '8642');
  await expect(page.getByTestId('refund-done')).toContainText(`${formatNaira(booked.totalKobo - 200_000)} was sent by bank transfer.`);
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('corrections')).toContainText('Bank transfer, reference GTB-RFD-99001');

  // The refused booking: Needs attention says its cash is still the guest's (after a restart it may
  // have been refused while nobody watched its screen) and leads to its void.
  await openRefunds(page);
  const attention = page.getByRole('region', { name: 'Needs attention' });
  await expect(attention.locator('.sale-row')).toHaveCount(1);
  await expect(attention.locator('.sale-row')).toContainText('Musa Bello');
  await attention.getByRole('button', { name: 'Give the money back (void)…' }).click();
  await expect(page.getByRole('heading', { name: 'Sale not completed' })).toBeVisible();
  await expect(page.getByTestId('rejected-note')).toHaveText('Nothing was charged by the partner. Give back any payment taken for this sale.');
  await page.getByRole('button', { name: 'Give the money back (void)…' }).click();
  await expect(page.getByTestId('refund-sheet')).toContainText(formatNaira(refused.totalKobo));
  await page.getByTestId('refund-sheet').getByLabel('What happened, in a few words').fill('Room no longer available');
  await page.getByRole('button', { name: 'Ask a supervisor to approve' }).click();
  await page.setViewportSize({ width: 1080, height: 1920 });
  await keepScreenshot(page, { path: test.info().outputPath('void-approval-1080x1920.png') });
  await page.setViewportSize({ width: 1920, height: 1080 });
  await approve(page, 'Ada Supervisor', '2468');
  await expect(page.getByTestId('refund-done')).toContainText(`Give the customer ${formatNaira(refused.totalKobo)} from the drawer.`);
  await page.getByRole('button', { name: 'Done' }).click();
  expect(await expectedCash()).toBe(drawerBefore - refused.totalKobo);

  // The cancellation the partner owes: who agreed, how, the fee they keep; then closed.
  await openRefunds(page);
  await expect(attention).toContainText('Every sale is settled.');
  const owed = panel.getByTestId('cancellation');
  await expect(owed).toHaveCount(1);
  await expect(owed).toContainText(booked.partnerReference);
  await keepScreenshot(panel, { path: test.info().outputPath('staff-refunds-1920x1080.png') });
  await accessible(page, '[data-testid="refunds-panel"]');
  await page.setViewportSize({ width: 1080, height: 1920 });
  await keepScreenshot(panel, { path: test.info().outputPath('staff-refunds-1080x1920.png') });
  await page.setViewportSize({ width: 1920, height: 1080 });
  await owed.getByRole('button', { name: 'Record who agreed…' }).click();
  await page.getByLabel('Name at the cinema, hotel or partner').fill('Funke Ade, reservations');
  await page.getByRole('button', { name: 'E-mail' }).click();
  await page.getByLabel('Fee they withhold (₦)').fill('1500');
  await keepScreenshot(page, { path: test.info().outputPath('cancellation-agree-1920x1080.png') });
  await accessible(page, 'dialog');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(owed).toHaveAttribute('data-state', 'agreed');
  await expect(owed).toContainText('Agreed by Funke Ade, reservations (E-mail) · fee withheld ₦1,500.00');
  await owed.getByRole('button', { name: 'Close it' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Close it' }).click();
  await expect(panel.getByTestId('cancellation')).toHaveCount(0);
  expect(stack.journal('SELECT to_state, agreed_by_name, agreed_channel, fee_withheld_kobo FROM cancellation_moves ORDER BY id')).toEqual([
    { to_state: 'agreed', agreed_by_name: 'Funke Ade, reservations', agreed_channel: 'email', fee_withheld_kobo: 150_000 },
    { to_state: 'closed', agreed_by_name: null, agreed_channel: null, fee_withheld_kobo: null },
  ]);
  await expect.poll(() => slips().length, { timeout: 10_000 }).toBe(4);
});

test('kiosk: a customer who wants money back is sent to the front desk with the sale reference', async ({ page }) => {
  const kiosk = await startStack({ args: ['--profile', 'kiosk', '--kiosk-idle-seconds', '600', '--kiosk-warning-seconds', '30'] });
  try {
    await openKioskShift(kiosk);
    await page.setViewportSize({ width: 1080, height: 1920 });
    await page.goto(kiosk.host.url);
    await page.getByRole('region', { name: 'Showing now' }).getByRole('button').first().click();
    await page.locator('main section[aria-label] button').first().click();
    const ticket = page.getByTestId('kiosk-ticket').filter({ has: page.getByRole('button', { name: /\+|More/ }) }).first();
    await ticket.getByRole('group').getByRole('button').last().click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Full name').fill('Adaeze Nwosu');
    await page.getByLabel('E-mail').fill('adaeze@example.com');
    await page.getByLabel('Phone').fill('08095551212');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: /^Pay/ }).click();
    const code = (await page.getByTestId('booking-code').textContent({ timeout: 15_000 }))!;
    await page.getByRole('button', { name: 'Need a refund?' }).click();
    await expect(page.getByTestId('kiosk-refund-note')).toHaveText(`Refunds are not given at this kiosk. Please see the front desk with your sale reference ${code}.`);
    await keepScreenshot(page, { path: test.info().outputPath('kiosk-refund-note-1080x1920.png') });
    await accessible(page, 'dialog');
    // And nothing at the kiosk can give money back, whatever asks.
    const [sale] = kiosk.journal<{ id: string }>('SELECT id FROM sales');
    const { json } = await kiosk.host.rpc('correction:options', { saleId: sale!.id });
    expect(json).toMatchObject({ ok: false, error: { code: 'UNAUTHORIZED' } });
  } finally {
    await kiosk.stop();
  }
});
