import { test, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { languages, type Language } from '../../renderer/src/i18n/languages';
import { expectInView, openKioskShift, startStack, type Stack } from './support';
import { say } from './i18n-support';
import { startFakePrinter, type FakePrinter } from '../helpers/fake-printer';
import { decodeEscPos, textLines } from '../helpers/escpos-decoder';

/**
 * A stranger at the kiosk, from the attract screen to the automatic return, in both orientations
 * and in English and Yoruba: a cinema sale in at most 6 choice taps, and a hotel booking with its
 * touch date of birth. Every screen on the way is scanned by axe (0 findings of any impact) and
 * saved as a screenshot.
 */
const orientations = [
  { name: 'portrait', width: 1080, height: 1920 },
  { name: 'landscape', width: 1920, height: 1080 },
];
const testLanguages: Language[] = ['en', 'yo'];

let stack: Stack;
test.beforeAll(async () => {
  // Idle long enough that only the success screen's own countdown brings the kiosk back.
  stack = await startStack({ args: ['--profile', 'kiosk', '--kiosk-idle-seconds', '600', '--kiosk-warning-seconds', '30'] });
  await openKioskShift(stack);
});
test.afterAll(async () => stack?.stop());

/** Counts the customer's choice taps (typing into fields is not counted), scans and screenshots each screen. */
function customer(page: Page, label: string) {
  let taps = 0;
  let shot = 0;
  return {
    get taps() {
      return taps;
    },
    async tap(locator: ReturnType<Page['locator']>) {
      taps += 1;
      await locator.click();
    },
    async screen(name: string) {
      await page.waitForTimeout(200);
      await page.screenshot({ path: test.info().outputPath(`${label}-${String(++shot).padStart(2, '0')}-${name}.png`), fullPage: false });
      const results = await new AxeBuilder({ page }).analyze();
      expect(results.violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`), `${label} ${name}`).toEqual([]);
    },
  };
}


/**
 * With the card terminal in (payments), paying hands over to it: in training the simulated
 * terminal stands in for the customer's card. Presenting a card is not a tap on this screen.
 */
async function payOnTerminal(page: Page, language: Language) {
  const training = page.getByTestId('training-terminal');
  const done = page.getByRole('heading', { level: 1, name: say(language, 'kiosk.done.title') });
  await expect(training.or(done).first()).toBeVisible({ timeout: 15_000 });
  if (await done.isVisible()) return;
  await training.getByLabel(say(language, 'card.training.test')).selectOption({ label: say(language, 'card.training.test.approved') });
  await training.getByRole('button', { name: say(language, 'card.training.present') }).click();
}

for (const size of orientations) {
  for (const language of testLanguages) {
    const s = (key: Parameters<typeof say>[1], values?: Record<string, string | number>) => say(language, key, values);
    const label = `kiosk-${size.name}-${language}`;

    test(`${label}: cinema sale from attract to automatic return in at most 6 choice taps`, async ({ page }) => {
      await page.clock.install();
      await page.setViewportSize(size);
      await page.goto(stack.host.url);
      const c = customer(page, `${label}-cinema`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(say('en', 'kiosk.welcome'));
      await c.screen('attract');
      if (language !== 'en') {
        // Choosing the language is not buying: it is not counted as a step of the sale.
        await page.getByRole('button', { name: languages.find((l) => l.code === language)!.name }).click();
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(s('kiosk.welcome'));
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        await c.screen('attract-language');
      }
      await c.tap(page.getByRole('region', { name: s('kiosk.showing') }).getByRole('button').first());
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(s('kiosk.show.title'));
      const time = page.locator('main section[aria-label] button').first();
      await expect(time).toBeVisible();
      await c.screen('show');
      await c.tap(time);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(s('kiosk.tickets.title'));
      const more = new RegExp(`^${s('stepper.more', { label: 'XX' }).split('XX')[0]}`);
      await c.tap(page.getByTestId('kiosk-ticket').getByRole('button', { name: more }).first());
      await c.screen('tickets');
      await c.tap(page.getByRole('button', { name: s('common.continue') }));

      await expect(page.getByRole('heading', { level: 1 })).toHaveText(s('kiosk.details.title'));
      await page.getByLabel(s('checkout.name')).fill('Adébáyọ̀ Ọlọ́pàdé');
      await page.getByLabel(s('checkout.email')).fill('adebayo@example.com');
      await page.getByLabel(s('checkout.phone')).click();
      // The phone gets a number pad, not a typewriter.
      const keyboard = page.getByRole('group', { name: s('osk.label') });
      await expect(keyboard).toBeVisible();
      await expect(keyboard.locator('[data-skbtn="q"]')).toHaveCount(0);
      for (const digit of '08031234567') await keyboard.locator(`[data-skbtn="${digit}"]`).click();
      await expect(page.getByLabel(s('checkout.phone'))).toHaveValue('08031234567');
      await c.screen('details');
      await c.tap(page.getByRole('button', { name: s('common.continue') }));

      await expect(page.getByRole('heading', { level: 1 })).toHaveText(s('kiosk.pay.title'));
      await expect(page.getByTestId('kiosk-total')).toContainText('₦');
      await c.screen('pay');
      await c.tap(page.getByRole('button', { name: new RegExp(s('kiosk.pay.button', { total: 'XX' }).split('XX')[0]!.trim()) }));
      await payOnTerminal(page, language);

      await expect(page.getByRole('heading', { level: 1 })).toHaveText(s('kiosk.done.title'), { timeout: 15_000 });
      expect(c.taps, 'choice taps from the attract screen').toBeLessThanOrEqual(6);
      const code = (await page.getByTestId('booking-code').textContent())!;
      expect(code).toMatch(/^EX\d+$/);
      await expect(page.getByTestId('booking-qr')).toBeVisible();
      const qr = (await page.getByTestId('booking-qr').boundingBox())!;
      expect(qr.width).toBeGreaterThanOrEqual(300);
      await expect(page.getByTestId('kiosk-receipt-state')).toHaveText(s('kiosk.done.takeReceipt'), { timeout: 15_000 });
      // No staff words on the customer's screen.
      const text = await page.locator('main').innerText();
      for (const staffWord of [/sale id/i, /\bshift\b/i, /approval code/i, /New sale/]) expect(text).not.toMatch(staffWord);
      const [sale] = stack.journal<{ id: string; state: string }>('SELECT id, state FROM sales ORDER BY rowid DESC LIMIT 1');
      expect(sale!.state).toBe('confirmed');
      expect(text).not.toContain(sale!.id);
      await c.screen('done');

      // Nobody touches it: the countdown returns to the attract screen, in English again.
      await page.clock.fastForward('00:31');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(say('en', 'kiosk.welcome'), { timeout: 10_000 });
      await expect(page.locator('html')).toHaveAttribute('lang', 'en-NG');
    });

    test(`${label}: hotel booking with a touch date of birth, from attract to automatic return`, async ({ page }) => {
      await page.clock.install();
      await page.setViewportSize(size);
      await page.goto(stack.host.url);
      const c = customer(page, `${label}-hotel`);
      if (language !== 'en') await page.getByRole('button', { name: languages.find((l) => l.code === language)!.name }).click();
      await c.tap(page.getByRole('button', { name: new RegExp(s('kiosk.hotelTile')) }));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(s('kiosk.where.title'));
      await c.screen('where');
      await c.tap(page.getByRole('button', { name: 'Lagos', exact: true }));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(s('kiosk.when.title'));
      await c.tap(page.getByRole('button', { name: s('stepper.more', { label: s('kiosk.when.nights') }) }));
      await expect(page.getByRole('status').filter({ hasText: s('hotel.nights', { count: 2 }) })).toBeVisible();
      await c.screen('when');
      await c.tap(page.getByRole('button', { name: s('common.continue') }));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(s('kiosk.hotels.title'));
      const hotel = page.getByRole('list', { name: s('hotels.list') }).getByRole('button').first();
      await expect(hotel).toBeVisible();
      await c.screen('hotels');
      await c.tap(hotel);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(s('kiosk.rooms.title'));
      const room = page.getByTestId('kiosk-room').and(page.locator(':not([disabled])')).first();
      await expect(room).toBeVisible();
      await c.screen('rooms');
      await c.tap(room);

      await expect(page.getByRole('heading', { level: 1 })).toHaveText(s('kiosk.details.title'));
      await page.getByLabel(s('checkout.name')).fill('Tunde Bakare');
      await page.getByLabel(s('checkout.email')).fill('tunde@example.com');
      await page.getByLabel(s('checkout.phone')).fill('0805 555 0101');
      // Continue without a date of birth: the hotel rule is said beside the field.
      await page.getByRole('button', { name: s('common.continue') }).click();
      await expect(page.getByText(s('validation.dobRequired'))).toBeVisible();
      await page.getByRole('button', { name: new RegExp(s('checkout.dob')) }).click();
      const picker = page.getByRole('dialog', { name: s('dob.title') });
      await expect(picker).toBeVisible();
      await picker.getByRole('button', { name: s('dob.decade', { decade: '1980' }) }).click();
      await picker.getByRole('button', { name: '1985', exact: true }).click();
      await picker.getByRole('button', { name: s('date.month.4'), exact: true }).click();
      await picker.getByRole('button', { name: '12', exact: true }).click();
      await c.screen('dob-picker');
      await picker.getByRole('button', { name: s('date.pattern.dayMonthYear', { day: 12, month: s('date.month.4'), year: '1985' }) }).click();
      // Day, month by name, year: never 04/12/1985.
      await expect(page.getByRole('button', { name: new RegExp(s('checkout.dob')) })).toContainText(s('date.pattern.dayMonthYear', { day: 12, month: s('date.month.4'), year: '1985' }));
      await c.screen('details');
      await c.tap(page.getByRole('button', { name: s('common.continue') }));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(s('kiosk.pay.title'));
      await c.screen('pay');
      await c.tap(page.getByRole('button', { name: new RegExp(s('kiosk.pay.button', { total: 'XX' }).split('XX')[0]!.trim()) }));
      await payOnTerminal(page, language);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(s('kiosk.done.title'), { timeout: 15_000 });
      await expect(page.getByTestId('booking-code')).toHaveText(/\S+/);
      await expect(page.getByTestId('kiosk-receipt-state')).toHaveText(s('kiosk.done.takeReceipt'), { timeout: 15_000 });
      await c.screen('done');
      const [sale] = stack.journal<{ state: string; kind: string }>('SELECT state, kind FROM sales ORDER BY rowid DESC LIMIT 1');
      expect(sale).toEqual({ state: 'confirmed', kind: 'hotel' });

      await page.clock.fastForward('00:31');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(say('en', 'kiosk.welcome'), { timeout: 10_000 });
    });
  }
}

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
      await page.screenshot({ path: test.info().outputPath(`details-osk-${size.name}-${i + 1}.png`) });
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
    await page.getByLabel(s('checkout.name')).fill('Ngozi Eze');
    await page.getByLabel(s('checkout.email')).fill('ngozi@example.com');
    await page.getByLabel(s('checkout.phone')).fill('08031234567');
    await page.getByRole('heading', { level: 1 }).click();
    await page.getByRole('button', { name: s('common.continue') }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(s('kiosk.pay.title'));
    await page.getByRole('button', { name: new RegExp(s('kiosk.pay.button', { total: 'XX' }).split('XX')[0]!.trim()) }).click();
    await payOnTerminal(page, 'fr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(s('kiosk.done.title'), { timeout: 15_000 });
    await expect(page.getByTestId('kiosk-receipt-state')).toHaveText(s('kiosk.done.takeReceipt'), { timeout: 15_000 });
    await page.screenshot({ path: test.info().outputPath(`done-${size.name}.png`) });
    await expectInView(page.getByTestId('booking-code'), 'the booking code');
    await expectInView(page.getByTestId('booking-qr'), 'the booking QR');
    await expectInView(page.getByTestId('kiosk-receipt-state'), 'Take your receipt');
    await expectInView(page.getByRole('timer'), 'the countdown');
  });
}

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

  test(`a Yoruba customer types Adé-Bọ́lá D'Souza on the kiosk keyboard (' and - on the letters, the rest behind its àé key); the name reaches the sale, the partner and the receipt`, async ({ page }) => {
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
    await page.screenshot({ path: test.info().outputPath('osk-accents-portrait.png') });
    const axe = await new AxeBuilder({ page }).include('.osk').analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.help}`), 'the keyboard with its accented letters').toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });
    await expectInView(key('ƴ'), 'the last letter of the layer at 1280x800');
    await page.screenshot({ path: test.info().outputPath('osk-accents-landscape.png') });
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
    await page.screenshot({ path: test.info().outputPath('osk-typed-landscape.png') });
    await page.setViewportSize({ width: 800, height: 1280 });
    await page.screenshot({ path: test.info().outputPath('osk-typed-portrait.png') });
    await press('{done}');

    await page.getByLabel(s('checkout.email')).fill('adebola@example.com');
    await page.getByLabel(s('checkout.phone')).fill('08031234567');
    await page.getByRole('heading', { level: 1 }).click();
    await page.getByRole('button', { name: s('common.continue') }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(s('kiosk.pay.title'));
    await expect(page.getByText(s('kiosk.pay.forWhom', { name }))).toBeVisible();
    await page.getByRole('button', { name: new RegExp(s('kiosk.pay.button', { total: 'XX' }).split('XX')[0]!.trim()) }).click();
    await payOnTerminal(page, 'yo');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(s('kiosk.done.title'), { timeout: 15_000 });
    await expect(page.getByTestId('kiosk-receipt-state')).toHaveText(s('kiosk.done.takeReceipt'), { timeout: 15_000 });

    const [sale] = own.journal<{ details_json: string; state: string }>('SELECT details_json, state FROM sales ORDER BY rowid DESC LIMIT 1');
    expect(sale!.state).toBe('confirmed');
    expect(JSON.parse(sale!.details_json).customer.name).toBe(name);
    expect(own.sandbox.transactions().at(-1)).toMatchObject({ details: { name } });
    // A Yoruba receipt is printed in plain letters (printable-text.ts): the name, marks left off.
    const receipt = printer
      .connections()
      .map((c) => decodeEscPos(c.bytes, 'epson'))
      .filter((items) => items.some((item) => item.kind === 'cut'))
      .map((items) => textLines(items).join('\n'))
      .at(-1);
    expect(receipt).toContain("Ade-Bola D'Souza");
  });
});

test(`kiosk Back: from the details step the tickets come back as counted, from payment the details as typed`, async ({ page }) => {
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
  await page.getByRole('button', { name: `← ${s('common.back')}` }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(s('kiosk.tickets.title'));
  await expect(row.locator('output')).toHaveText('2');
  await expect(page.getByRole('status').filter({ hasText: '2 tickets' })).toBeVisible();
  // Make it three, and on: held afresh.
  await row.getByRole('button', { name: /^More:/ }).click();
  await page.getByRole('button', { name: s('common.continue') }).click();
  await page.getByLabel(s('checkout.name')).fill('Ngozi Eze');
  await page.getByLabel(s('checkout.email')).fill('ngozi@example.com');
  await page.getByLabel(s('checkout.phone')).fill('08031234567');
  await page.getByRole('heading', { level: 1 }).click();
  await page.getByRole('button', { name: s('common.continue') }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(s('kiosk.pay.title'));
  await expect(page.getByRole('cell', { name: /^3 ×/ })).toBeVisible();
  await page.getByRole('button', { name: `← ${s('common.back')}` }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(s('kiosk.details.title'));
  await expect(page.getByLabel(s('checkout.name'))).toHaveValue('Ngozi Eze');
  await expect(page.getByLabel(s('checkout.email'))).toHaveValue('ngozi@example.com');
  await expect(page.getByLabel(s('checkout.phone'))).toHaveValue('08031234567');
  await page.getByRole('button', { name: s('common.startOver') }).click();
});
