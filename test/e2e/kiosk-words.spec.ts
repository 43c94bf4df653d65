import type { Page } from '@playwright/test';
import { test, expect } from './test';
import { axeViolations } from './axe';
import { languages } from '../../renderer/src/i18n/languages';
import { expectInView, openKioskShift, startStack, type Stack } from './support';
import { say } from './i18n-support';
import { customer, orientations, payOnTerminal } from './kiosk-support';
import { startFakePrinter, type FakePrinter } from '../helpers/fake-printer';
import { decodeEscPos, textLines } from '../helpers/escpos-decoder';
import { keepScreenshot } from './keep-screenshot';

/**
 * The kiosk in its other languages (every screen up to payment, scanned by axe), on the small
 * screens the audit found wanting, with names in their own letters, and Back. The sale from
 * attract to automatic return in English and Yoruba is kiosk-flow.spec.ts (its own file, so the
 * two run side by side).
 */
let stack: Stack;
test.beforeAll(async () => {
  // Idle long enough that only the success screen's own countdown brings the kiosk back.
  stack = await startStack({ args: ['--profile', 'kiosk', '--kiosk-idle-seconds', '600', '--kiosk-warning-seconds', '30'] });
  await openKioskShift(stack);
});
test.afterAll(async () => stack?.stop());


for (const language of ['fr', 'ha', 'ig', 'pcm'] as const) {
  test(`kiosk in ${language}: every screen of a sale up to payment speaks it and scans clean (both orientations)`, async ({ page }) => {
    const s = (key: Parameters<typeof say>[1], values?: Record<string, string | number>) => say(language, key, values);
    for (const size of orientations) {
      await page.setViewportSize(size);
      await page.goto(stack.host.url);
      const c = customer(page, `kiosk-${size.name}-${language}`);
      await page.getByRole('button', { name: languages.find((l) => l.code === language)!.name }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(s('kiosk.welcome'));
      await c.screen('attract');
      await page.getByRole('button', { name: new RegExp(s('kiosk.cinemaTile')) }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(s('kiosk.films.title'));
      await expect(page.getByRole('list', { name: s('films.list') }).getByRole('button').first()).toBeVisible();
      await c.screen('films');
      if (size.name === 'portrait') {
        // At 150 % (two thirds of the CSS width) Back, the language and Start over stay one row,
        // each on one line ("← Retour" broke in two beside the language).
        await page.setViewportSize({ width: 720, height: 1280 });
        const header = page.getByRole('button', { name: `← ${s('common.back')}` }).locator('..');
        const shape = await header.locator(':scope > button').evaluateAll((buttons) =>
          buttons.map((b) => {
            const lines = new Set<number>();
            const walker = document.createTreeWalker(b, NodeFilter.SHOW_TEXT);
            for (let n = walker.nextNode(); n; n = walker.nextNode()) {
              const range = document.createRange();
              range.selectNodeContents(n);
              for (const rect of range.getClientRects()) if (rect.width > 0) lines.add(Math.round(rect.top / 10));
            }
            return { text: b.textContent, top: Math.round(b.getBoundingClientRect().top), lines: lines.size };
          }),
        );
        await keepScreenshot(page, { path: test.info().outputPath(`kiosk-header-720-${language}.png`) });
        expect(shape, 'the header at 720 px').toEqual(shape.map((b) => ({ ...b, top: shape[0]!.top, lines: 1 })));
        await page.setViewportSize(size);
      }
      await page.getByRole('list', { name: s('films.list') }).getByRole('button').first().click();
      await expect(page.locator('main section[aria-label] button').first()).toBeVisible();
      await c.screen('show');
      await page.locator('main section[aria-label] button').first().click();
      const more = new RegExp(`^${s('stepper.more', { label: 'XX' }).split('XX')[0]}`);
      await page.getByTestId('kiosk-ticket').getByRole('button', { name: more }).first().click();
      await c.screen('tickets');
      await page.getByRole('button', { name: s('common.continue') }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(s('kiosk.details.title'));
      await page.getByRole('button', { name: s('common.continue') }).click();
      // Every field's problem in the customer's language.
      await expect(page.getByText(s('validation.email'))).toBeVisible();
      await c.screen('details-errors');
      await page.getByRole('button', { name: s('common.startOver') }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(say('en', 'kiosk.welcome'));
    }
  });
}

/** The kiosk sizes the audit found wanting: a 1280×800 landscape screen and its 800×1280 portrait. */
const smallScreens = [
  { name: 'landscape', width: 1280, height: 800 },
  { name: 'portrait', width: 800, height: 1280 },
];

/** From the attract screen (French, as in the audit): the first film's first showtime, one ticket, to Details. */
async function toDetails(page: Page, s: (key: Parameters<typeof say>[1]) => string) {
  await page.getByRole('button', { name: 'Français' }).click();
  await page.getByRole('region', { name: s('kiosk.showing') }).getByRole('button').first().click();
  await page.locator('main section[aria-label] button').first().click();
  const more = new RegExp(`^${say('fr', 'stepper.more', { label: 'XX' }).split('XX')[0]}`);
  await page.getByTestId('kiosk-ticket').getByRole('button', { name: more }).first().click();
  await page.getByRole('button', { name: s('common.continue') }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(s('kiosk.details.title'));
}

/** On Details (French): a customer's name, e-mail and phone, then on to Pay. */
async function detailsToPay(page: Page, s: (key: Parameters<typeof say>[1]) => string) {
  await page.getByLabel(s('checkout.name')).fill('Ngozi Eze');
  await page.getByLabel(s('checkout.email')).fill('ngozi@example.com');
  await page.getByLabel(s('checkout.phone')).fill('08031234567');
  // Off the field, so the keyboard closes before Continue.
  await page.getByRole('heading', { level: 1 }).click();
  await page.getByRole('button', { name: s('common.continue') }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(s('kiosk.pay.title'));
}

for (const size of smallScreens) {
  const s = (key: Parameters<typeof say>[1], values?: Record<string, string | number>) => say('fr', key, values);

  test(`${size.name} ${size.width}x${size.height}: the field being typed into and its label stay clear of the keyboard and the Continue bar`, async ({ page }) => {
    await page.setViewportSize(size);
    await page.goto(stack.host.url);
    await toDetails(page, s);
    const keyboard = page.getByRole('group', { name: s('osk.label') });
    const fields = [
      { label: s('checkout.name'), keys: ['n', 'g'] },
      { label: s('checkout.email'), keys: ['n', '@'] },
      { label: s('checkout.phone'), keys: ['0', '8'] },
    ];
    for (const [i, field] of fields.entries()) {
      const input = page.getByLabel(field.label);
      await input.click();
      await expect(keyboard).toBeVisible();
      await expectInView(input, `${field.label} on focus`);
      await expectInView(page.locator('label').filter({ hasText: field.label }), `${field.label}'s label on focus`);
      for (const key of field.keys) await keyboard.locator(`[data-skbtn="${key}"]`).click();
      await expect(input).toHaveValue(field.keys.join(''));
      await expectInView(input, `${field.label} while typing`);
      await expectInView(page.locator('label').filter({ hasText: field.label }), `${field.label}'s label while typing`);
      await keepScreenshot(page, { path: test.info().outputPath(`details-osk-${size.name}-${i + 1}.png`) });
    }
    // Done closes the keyboard; Continue is in view again, pinned at the bottom.
    await keyboard.locator('[data-skbtn="{done}"]').click();
    await expect(keyboard).toHaveCount(0);
    await expectInView(page.getByRole('button', { name: s('common.continue') }), 'Continue once the keyboard is closed');
  });

  test(`${size.name} ${size.width}x${size.height}: the booking code, "take your receipt" and the countdown are in view when booked`, async ({ page }) => {
    await page.setViewportSize(size);
    await page.goto(stack.host.url);
    await toDetails(page, s);
    await detailsToPay(page, s);
    await page.getByRole('button', { name: new RegExp(s('kiosk.pay.button', { total: 'XX' }).split('XX')[0]!.trim()) }).click();
    await payOnTerminal(page, 'fr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(s('kiosk.done.title'), { timeout: 15_000 });
    await expect(page.getByTestId('kiosk-receipt-state')).toHaveText(s('kiosk.done.takeReceipt'), { timeout: 15_000 });
    await keepScreenshot(page, { path: test.info().outputPath(`done-${size.name}.png`) });
    await expectInView(page.getByTestId('booking-code'), 'the booking code');
    await expectInView(page.getByTestId('booking-qr'), 'the booking QR');
    await expectInView(page.getByTestId('kiosk-receipt-state'), 'Take your receipt');
    await expectInView(page.getByRole('timer'), 'the countdown');
  });
}

test('the stay step on a 720p screen, 1280x800 and 800x1280: the check-in days, Nights, Guests and Rooms are above the Continue bar; at 150 % text nothing is covered', async ({ page }) => {
  const s = (key: Parameters<typeof say>[1], values?: Record<string, string | number>) => say('en', key, values);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(stack.host.url);
  await page.getByRole('button', { name: new RegExp(s('kiosk.hotelTile')) }).click();
  await page.getByRole('button', { name: 'Lagos', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(s('kiosk.when.title'));
  for (const size of [{ width: 1280, height: 720 }, ...smallScreens]) {
    await page.setViewportSize(size);
    await keepScreenshot(page, { path: test.info().outputPath(`when-${size.width}x${size.height}.png`) });
    const at = `${size.width}x${size.height}`;
    await expectInView(page.getByRole('button', { name: s('date.today'), exact: true }), `${at}: Today`);
    for (const what of ['kiosk.when.nights', 'kiosk.when.guests', 'kiosk.when.rooms'] as const) {
      await expectInView(page.getByRole('button', { name: s('stepper.more', { label: s(what) }) }), `${at}: ${s(what)} +`);
      await expectInView(page.getByRole('button', { name: s('stepper.fewer', { label: s(what) }) }), `${at}: ${s(what)} −`);
    }
  }
  // The same 720p screen with its text at 150 % (853x480 CSS px): the total bar no longer pins
  // itself over half the screen; scrolled to, each control stands uncovered.
  await page.setViewportSize({ width: 853, height: 480 });
  for (const name of [s('stepper.more', { label: s('kiosk.when.nights') }), s('stepper.more', { label: s('kiosk.when.rooms') }), s('common.continue')]) {
    const control = page.getByRole('button', { name, exact: true });
    await control.scrollIntoViewIfNeeded();
    await expectInView(control, `853x480: ${name}`);
  }
  await keepScreenshot(page, { path: test.info().outputPath('when-853x480.png') });
  // The later days are one swipe away on the short screen, not gone.
  await page.setViewportSize({ width: 1280, height: 720 });
  const last = page.getByRole('group', { name: s('kiosk.when.checkIn') }).getByRole('button').last();
  await last.scrollIntoViewIfNeeded();
  await last.click();
  await expect(last).toHaveAttribute('aria-pressed', 'true');
});

/** The kiosk keyboard's letters beyond a-z: the six languages' (French, Yoruba with tones, Hausa, Igbo). */
const otherLetters = 'é è ê ë à â ç ô û ù î ï á í ì ó ò ú ẹ ọ ṣ ẹ́ ẹ̀ ọ́ ọ̀ ń ɓ ɗ ƙ ƴ ị ụ ṅ'.normalize('NFC').split(' ');

test.describe('names in their own letters', () => {
  let printer: FakePrinter;
  let own: Stack;
  test.beforeAll(async () => {
    printer = await startFakePrinter();
    own = await startStack({ args: ['--profile', 'kiosk', '--kiosk-idle-seconds', '600', '--kiosk-warning-seconds', '30', '--printer', printer.url] });
    await openKioskShift(own);
  });
  test.afterAll(async () => {
    await own?.stop();
    await printer?.close();
  });

  test(`a Yoruba customer types Adé-Bọ́lá D'Souza on the kiosk keyboard (' and - on the letters, the rest behind its àé key), changes to Hausa on the pay step; the name reaches the sale, the partner and the receipt, printed in Hausa`, async ({ page }) => {
    const s = (key: Parameters<typeof say>[1], values?: Record<string, string | number>) => say('yo', key, values);
    const name = "Adé-Bọ́lá D'Souza".normalize('NFC');
    await page.setViewportSize({ width: 800, height: 1280 });
    await page.goto(own.host.url);
    await page.getByRole('button', { name: languages.find((l) => l.code === 'yo')!.name }).click();
    await page.getByRole('region', { name: s('kiosk.showing') }).getByRole('button').first().click();
    await page.locator('main section[aria-label] button').first().click();
    const more = new RegExp(`^${s('stepper.more', { label: 'XX' }).split('XX')[0]}`);
    await page.getByTestId('kiosk-ticket').getByRole('button', { name: more }).first().click();
    await page.getByRole('button', { name: s('common.continue') }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(s('kiosk.details.title'));

    const field = page.getByLabel(s('checkout.name'));
    await field.click();
    const keyboard = page.getByRole('group', { name: s('osk.label') });
    const key = (k: string) => keyboard.locator(`[data-skbtn="${k.normalize('NFC')}"]`);
    const press = async (...keys: string[]) => {
      for (const k of keys) await key(k).click();
    };
    // The apostrophe and the hyphen are on the letters themselves.
    await expect(key("'")).toHaveCount(1);
    await expect(key('-')).toHaveCount(1);
    await expect(key('é')).toHaveCount(0);
    // The layer key, named in the customer's language; on it every letter of the six languages.
    const layerKey = keyboard.getByRole('button', { name: s('osk.accentsName', { keys: s('osk.accents') }) });
    await expect(layerKey).toHaveText(s('osk.accents'));
    await layerKey.click();
    for (const letter of otherLetters) await expect(key(letter), letter).toHaveCount(1);
    await keepScreenshot(page, { path: test.info().outputPath('osk-accents-portrait.png') });
    const violations = await axeViolations(page, { include: '.osk' });
    expect(violations.map((v) => `${v.id}: ${v.help}`), 'the keyboard with its accented letters').toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });
    await expectInView(key('ƴ'), 'the last letter of the layer at 1280x800');
    await keepScreenshot(page, { path: test.info().outputPath('osk-accents-landscape.png') });
    // Capitals too, with Shift.
    await press('{shift}');
    for (const capital of ['Ẹ', 'Ọ́', 'Ṣ', 'Ɓ', 'Ɗ', 'Ƙ', 'Ƴ', 'Ị', 'Ụ', 'Ṅ', 'É', 'Ç']) await expect(key(capital), capital).toHaveCount(1);
    await press('{shift}', '{abc}');
    await expect(key('q')).toHaveCount(1);

    // One accented letter and the keyboard is back on a-z (as after a long-press on a phone).
    await press('{shift}', 'A', 'd', '{accents}', 'é', '-', '{shift}', 'B', '{accents}', 'ọ́', 'l', '{accents}', 'á');
    await expect(field).toHaveValue('Adé-Bọ́lá'.normalize('NFC'));
    // Delete takes a whole letter, its marks too.
    await press('{accents}', 'ẹ́', '{bksp}');
    await expect(field).toHaveValue('Adé-Bọ́lá'.normalize('NFC'));
    await press('{space}', '{shift}', 'D', "'", '{shift}', 'S', 'o', 'u', 'z', 'a');
    await expect(field).toHaveValue(name);
    await keepScreenshot(page, { path: test.info().outputPath('osk-typed-landscape.png') });
    await page.setViewportSize({ width: 800, height: 1280 });
    await keepScreenshot(page, { path: test.info().outputPath('osk-typed-portrait.png') });
    await press('{done}');

    await page.getByLabel(s('checkout.email')).fill('adebola@example.com');
    await page.getByLabel(s('checkout.phone')).fill('08031234567');
    await page.getByRole('heading', { level: 1 }).click();
    await page.getByRole('button', { name: s('common.continue') }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(s('kiosk.pay.title'));
    await expect(page.getByText(s('kiosk.pay.forWhom', { name }))).toBeVisible();
    // The showing's day as each language says it: today, tomorrow, or its weekday first.
    const dayWords = (say_: typeof s) => new RegExp(` · (${[say_('date.today'), say_('date.tomorrow'), ...[0, 1, 2, 3, 4, 5, 6].map((d) => say_(`date.weekdayShort.${d}` as Parameters<typeof say>[1]))].join('|')})`);
    const summary = page.getByRole('region', { name: s('checkout.order') });
    await expect(summary.locator('p').first()).toHaveText(dayWords(s));

    // Her friend reads Hausa: the language changes on the pay step, and everything follows, the
    // summary made three steps back too (it stayed in Yoruba), the done screen and the receipt.
    const h = (key: Parameters<typeof say>[1], values?: Record<string, string | number>) => say('ha', key, values);
    await page.getByRole('button', { name: `${s('kiosk.chooseLanguage')}: Yorùbá` }).click();
    await page.getByRole('dialog', { name: s('kiosk.chooseLanguage') }).getByRole('button', { name: 'Hausa' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ha');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(h('kiosk.pay.title'));
    const hausaSummary = page.getByRole('region', { name: h('checkout.order') });
    await expect(hausaSummary.locator('p').first()).toHaveText(dayWords(h));
    await expect(hausaSummary.getByText(h('kiosk.pay.forWhom', { name }))).toBeVisible();
    await keepScreenshot(page, { path: test.info().outputPath('pay-switched-to-hausa-portrait.png') });
    const show = (await hausaSummary.locator('p').first().textContent())!;
    // The roll has just run out: the done screen sends her to the desk instead of "printing…".
    await printer.setMode('paper-out');
    await page.getByRole('button', { name: new RegExp(h('kiosk.pay.button', { total: 'XX' }).split('XX')[0]!.trim()) }).click();
    await payOnTerminal(page, 'ha');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(h('kiosk.done.title'), { timeout: 15_000 });
    await expect(page.getByText(show, { exact: true })).toBeVisible();
    await expect(page.getByTestId('kiosk-receipt-state')).toHaveText(h('kiosk.done.receiptNeedsStaff'), { timeout: 15_000 });
    await keepScreenshot(page, { path: test.info().outputPath('done-paper-out-in-hausa-portrait.png') });
    await page.setViewportSize({ width: 1280, height: 800 });
    await keepScreenshot(page, { path: test.info().outputPath('done-paper-out-in-hausa-landscape.png') });
    await page.setViewportSize({ width: 800, height: 1280 });
    const code = (await page.getByTestId('booking-code').textContent())!;
    // She goes to the desk and the kiosk starts over: the paper put back afterwards prints nothing
    // here, with nobody to take it (a cinema receipt is the admission): it is held for staff.
    await page.getByRole('button', { name: h('kiosk.done.finish') }).click();
    // The roll goes back in once she has gone (her Finish reaches main first: held, not printed).
    const receiptState = () => own.journal<{ state: string }>("SELECT state FROM print_jobs WHERE kind = 'receipt' ORDER BY id DESC LIMIT 1")[0]?.state;
    await expect.poll(receiptState).toBe('held');
    await printer.setMode('ready');
    await expect.poll(async () => (await own.host.rpc('printer:status', { refresh: true })).json.value?.state).toBe('ready');
    const e = (key: Parameters<typeof say>[1], values?: Record<string, string | number>) => say('en', key, values);
    await page.getByRole('button', { name: e('common.staff'), exact: true }).click();
    await page.getByRole('button', { name: 'Kiosk Supervisor' }).click();
    await page.keyboard.type('2468');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: e('staff.section.printer'), exact: true }).click();
    const held = page.getByTestId('held-receipts');
    await expect(held.getByRole('heading', { name: e('printer.held') })).toBeVisible();
    await expect(held.getByText(new RegExp(`T01-\\d+ · .+ · .*${code}`))).toBeVisible();
    await keepScreenshot(page, { path: test.info().outputPath('printer-held-portrait.png') });
    await page.setViewportSize({ width: 1280, height: 800 });
    await keepScreenshot(page, { path: test.info().outputPath('printer-held-landscape.png') });
    const cuts = () => printer.connections().filter((c) => decodeEscPos(c.bytes, 'epson').some((item) => item.kind === 'cut')).length;
    expect(cuts(), 'nothing printed at the kiosk after she left').toBe(0);
    // At the desk staff look the code up: the held receipt is there, and prints once.
    await page.getByRole('button', { name: e('staff.section.journal'), exact: true }).click();
    await page.getByLabel(e('journal.search')).fill(code);
    await page.getByRole('button', { name: e('common.search'), exact: true }).click();
    await held.getByRole('button', { name: e('printer.printNow') }).click();
    await expect(held).toHaveCount(0);
    await expect.poll(cuts).toBe(1);
    expect(receiptState()).toBe('printed');
    // The sale itself opens from the journal at the kiosk too (it was a blank screen).
    await page.locator('.sale-row-main').first().click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(e('sale.confirmed'));
    await keepScreenshot(page, { path: test.info().outputPath('kiosk-staff-sale-landscape.png') });
    // New sale from a sale screen goes back to the customers signed out: Staff asks for the PIN again.
    await page.getByRole('button', { name: e('sale.newSale') }).click();
    await page.getByRole('button', { name: e('common.staff'), exact: true }).click();
    await expect(page.getByRole('button', { name: 'Kiosk Supervisor', exact: true })).toBeVisible();
    await page.getByRole('button', { name: `← ${e('common.back')}` }).click();

    const [sale] = own.journal<{ details_json: string; state: string }>('SELECT details_json, state FROM sales ORDER BY rowid DESC LIMIT 1');
    expect(sale!.state).toBe('confirmed');
    expect(JSON.parse(sale!.details_json).customer.name).toBe(name);
    expect(own.sandbox.transactions().at(-1)).toMatchObject({ details: { name } });
    // The receipt is in the language she paid in, Hausa, in plain letters (printable-text.ts: the
    // code page has no ɓ ɗ ƙ, nor ọ or ₦): the name with its marks left off, NGN for the naira.
    const receipt = printer
      .connections()
      .map((c) => decodeEscPos(c.bytes, 'epson'))
      .filter((items) => items.some((item) => item.kind === 'cut'))
      .map((items) => textLines(items).join('\n'))
      .at(-1);
    expect(receipt).toContain("Ade-Bola D'Souza");
    expect(receipt).toMatch(/^Lambar rasit +T01-/m);
    expect(receipt).toContain('TIKITIN SINIMA');
    expect(receipt).toContain('JIMILLA');
    expect(receipt).toMatch(/NGN [\d,]+\.\d\d/);
    expect(receipt).not.toMatch(/[₦ɓɗƙƴẹọṣ]/i);
  });
});

test(`kiosk Back: from the details step the tickets come back as counted and the name as typed, from payment the details as typed; the next customer an empty form`, async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 1280 });
  await page.goto(stack.host.url);
  const s = (key: Parameters<typeof say>[1], values?: Record<string, string | number>) => say('en', key, values);
  await page.getByRole('region', { name: s('kiosk.showing') }).getByRole('button').first().click();
  await page.locator('main section[aria-label] button').first().click();
  const row = page.getByTestId('kiosk-ticket').first();
  await row.getByRole('button', { name: /^More:/ }).click();
  await row.getByRole('button', { name: /^More:/ }).click();
  await page.getByRole('button', { name: s('common.continue') }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(s('kiosk.details.title'));
  // She types her name, then goes back for another ticket.
  await page.getByLabel(s('checkout.name')).fill('Ngozi Eze');
  await page.getByRole('button', { name: `← ${s('common.back')}` }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(s('kiosk.tickets.title'));
  await expect(row.locator('output')).toHaveText('2');
  await expect(page.getByRole('status').filter({ hasText: '2 tickets' })).toBeVisible();
  // Make it three, and on: held afresh, and her name not to be typed again (it was an empty form).
  await row.getByRole('button', { name: /^More:/ }).click();
  await page.getByRole('button', { name: s('common.continue') }).click();
  await expect(page.getByLabel(s('checkout.name'))).toHaveValue('Ngozi Eze');
  await detailsToPay(page, s);
  await expect(page.getByRole('cell', { name: /^3 ×/ })).toBeVisible();
  await page.getByRole('button', { name: `← ${s('common.back')}` }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(s('kiosk.details.title'));
  await expect(page.getByLabel(s('checkout.name'))).toHaveValue('Ngozi Eze');
  await expect(page.getByLabel(s('checkout.email'))).toHaveValue('ngozi@example.com');
  await expect(page.getByLabel(s('checkout.phone'))).toHaveValue('08031234567');
  await page.getByRole('button', { name: s('common.startOver') }).click();
  // The next customer finds an empty form.
  await page.getByRole('region', { name: s('kiosk.showing') }).getByRole('button').first().click();
  await page.locator('main section[aria-label] button').first().click();
  await row.getByRole('button', { name: /^More:/ }).click();
  await page.getByRole('button', { name: s('common.continue') }).click();
  await expect(page.getByLabel(s('checkout.name'))).toHaveValue('');
  await page.getByRole('button', { name: s('common.startOver') }).click();
});
