import { test, expect } from './test';
import { languages, type Language } from '../../renderer/src/i18n/languages';
import { openKioskShift, startStack, type Stack } from './support';
import { say } from './i18n-support';
import { customer, orientations, payOnTerminal } from './kiosk-support';
import { keepScreenshot } from './keep-screenshot';

/**
 * A stranger at the kiosk, from the attract screen to the automatic return, in both orientations
 * and in English and Yoruba: a cinema sale in at most 6 choice taps, and a hotel booking with its
 * touch date of birth. Every screen on the way is scanned by axe (0 findings of any impact) and
 * saved as a screenshot. The other languages, small screens, names and Back: kiosk-words.spec.ts.
 */
const testLanguages: Language[] = ['en', 'yo'];

let stack: Stack;
test.beforeAll(async () => {
  // Idle long enough that only the success screen's own countdown brings the kiosk back.
  stack = await startStack({ args: ['--profile', 'kiosk', '--kiosk-idle-seconds', '600', '--kiosk-warning-seconds', '30'] });
  await openKioskShift(stack);
});
test.afterAll(async () => stack?.stop());

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
      // The stay chosen a step ago stays in sight beside the prices a night.
      await expect(page.getByText('Lagos · ').filter({ hasText: s('hotel.nights', { count: 2 }) })).toBeVisible();
      const hotels = page.getByRole('list', { name: s('hotels.list') }).getByRole('button');
      const hotel = hotels.first();
      await expect(hotel).toBeVisible();
      // Two abreast on the wide landscape screen, one under the other on the portrait one.
      const [first, second] = await Promise.all([hotels.nth(0).boundingBox(), hotels.nth(1).boundingBox()]);
      expect(Math.round(second!.y) === Math.round(first!.y), `hotels side by side at ${size.width} x ${size.height}`).toBe(size.width > size.height);
      await c.screen('hotels');
      await c.tap(hotel);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(s('kiosk.rooms.title'));
      const room = page.getByTestId('kiosk-room').and(page.locator(':not([disabled])')).first();
      await expect(room).toBeVisible();
      await c.screen('rooms');
      // The same screen at 150 % (its CSS width two thirds): each room's price stays inside its card.
      await page.setViewportSize({ width: Math.round(size.width / 1.5), height: Math.round(size.height / 1.5) });
      const overrun = await page.getByTestId('kiosk-room').evaluateAll((rooms) =>
        rooms.flatMap((r) => [...r.querySelectorAll('span')].filter((s) => s.getBoundingClientRect().right > r.getBoundingClientRect().right).map((s) => s.textContent)),
      );
      await keepScreenshot(page, { path: test.info().outputPath(`${label}-hotel-rooms-at-150.png`) });
      expect(overrun, 'words past the right edge of their room at 150 %').toEqual([]);
      await page.setViewportSize(size);
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
      // Changing language on the pay step changes the stay's words too (they stayed as first said),
      // and back again; changing language is not a step of the sale.
      const stay = (say_: typeof s) => page.getByRole('region', { name: say_('checkout.order') });
      await expect(stay(s).getByText(new RegExp(`· ${s('hotel.nights', { count: 2 })} ·`))).toBeVisible();
      const other = language === 'fr' ? 'en' : 'fr';
      const o = (key: Parameters<typeof say>[1], values?: Record<string, string | number>) => say(other, key, values);
      for (const [to, said] of [[other, o], [language, s]] as const) {
        await page.getByTestId('kiosk-language').click();
        await page.getByRole('dialog').getByRole('button', { name: languages.find((l) => l.code === to)!.name }).click();
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(said('kiosk.pay.title'));
        await expect(stay(said).getByText(new RegExp(`· ${said('hotel.nights', { count: 2 })} ·`)), `${to}: the stay`).toBeVisible();
        await expect(stay(said).getByRole('cell', { name: new RegExp(`, ${said('hotel.nights', { count: 2 })}$`) }), `${to}: the room's line`).toBeVisible();
        if (to === other) await c.screen(`pay-${other}`);
      }
      await c.tap(page.getByRole('button', { name: new RegExp(s('kiosk.pay.button', { total: 'XX' }).split('XX')[0]!.trim()) }));
      await payOnTerminal(page, language);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(s('kiosk.done.title'), { timeout: 15_000 });
      await expect(page.getByText(new RegExp(`· ${s('hotel.nights', { count: 2 })} ·`))).toBeVisible();
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
