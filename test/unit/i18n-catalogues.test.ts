import { afterEach, describe, expect, it, vi } from 'vitest';
import { translator } from '../helpers/translator';
import { IntlMessageFormat } from 'intl-messageformat';
import { catalogues } from '@renderer/i18n/catalogues';
import { en } from '@renderer/i18n/catalogues/en';
import { languages, intlLocaleOf } from '@renderer/i18n/languages';
import { formatDate, formatMoney, parseTypedDate } from '@renderer/i18n/format';

type Node = { type: number; value?: string; options?: Record<string, { value: Node[] }> };
// intl-messageformat's AST element types (stable in @formatjs/icu-messageformat-parser).
const ARGUMENT = 1, NUMBER = 2, SELECT = 5, PLURAL = 6, POUND = 7, TAG = 8;

/** Argument names and plural blocks of one ICU message. */
function shape(message: string, locale: string) {
  const ast = new IntlMessageFormat(message, locale).getAst() as unknown as Node[];
  const args = new Set<string>();
  const plurals: { name: string; options: string[] }[] = [];
  const walk = (nodes: Node[]) => {
    for (const node of nodes) {
      if (node.type === ARGUMENT || node.type === NUMBER) args.add(node.value!);
      if (node.type === SELECT || node.type === PLURAL) {
        args.add(node.value!);
        if (node.type === PLURAL) plurals.push({ name: node.value!, options: Object.keys(node.options!) });
        for (const option of Object.values(node.options!)) walk(option.value);
      }
      if (node.type === TAG) walk((node as unknown as { children: Node[] }).children);
      void POUND;
    }
  };
  walk(ast);
  return { args: [...args].sort(), plurals };
}


describe('i18n catalogues (CI check)', () => {
  const keys = Object.keys(en).sort();
  for (const { code } of languages) {
    const catalogue = catalogues[code];
    const locale = intlLocaleOf(code);
    const needed = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;

    it(`${code}: has every key of English (Nigeria) and no other`, () => {
      expect(Object.keys(catalogue).sort()).toEqual(keys);
    });

    it(`${code}: every message parses, keeps English's placeholders, and each plural has the categories ${code} needs (${needed.join(', ')})`, () => {
      const problems: string[] = [];
      for (const key of keys) {
        const message = catalogue[key as keyof typeof catalogue];
        if (!message.trim()) problems.push(`${key}: empty`);
        let mine: ReturnType<typeof shape>;
        try {
          mine = shape(message, locale);
        } catch (error) {
          problems.push(`${key}: does not parse (${(error as Error).message})`);
          continue;
        }
        const source = shape(en[key as keyof typeof en], 'en-NG');
        if (mine.args.join() !== source.args.join()) problems.push(`${key}: placeholders ${mine.args.join()} instead of ${source.args.join()}`);
        for (const plural of mine.plurals) {
          const missing = needed.filter((category) => !plural.options.includes(category));
          if (missing.length) problems.push(`${key}: plural {${plural.name}} lacks ${missing.join(', ')}`);
        }
      }
      expect(problems).toEqual([]);
    });
  }

  it('knows the plural rules it checks against (Yoruba and Igbo: other only; French: one, many, other)', () => {
    expect(new Intl.PluralRules('yo').resolvedOptions().pluralCategories).toEqual(['other']);
    expect(new Intl.PluralRules('ig').resolvedOptions().pluralCategories).toEqual(['other']);
    expect(new Intl.PluralRules('fr').resolvedOptions().pluralCategories.sort()).toEqual(['many', 'one', 'other']);
  });

  it('calls a shift one thing in French: "session", as its tab, its buttons and the receipt do', () => {
    // A "service" is also the partner (service de réservation), a fee (frais de service), room
    // service, and the name of the partner's argument (`{service, select, ...}`). What is left after
    // those is a shift said another way: a cashier reading "Ouvrez un service" beside a button
    // "Ouvrir la session" is left wondering whether they differ.
    const otherServices = /\{service,|service (de réservation|de billetterie|partenaire|réel)|services? de (réservation|billetterie)|frais de service|service en chambre|libre-service/gi;
    const shiftSaidAsService = Object.entries(catalogues.fr)
      .filter(([, text]) => /\bservices?\b/i.test(text.replace(otherServices, '')))
      .map(([key, text]) => `${key}: ${text}`);
    expect(shiftSaidAsService).toEqual([]);
    expect(catalogues.fr['shift.open']).toMatch(/session/);
  });
});

describe('dates and money: our en-NG-based formatter, never a silent fallback', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('names months and days from the catalogue, day before month, in every language', () => {
    for (const { code } of languages) {
      const t = translator(code);
      const text = formatDate(t, '1985-04-12', 'dayMonthYear');
      expect(text, code).toContain(catalogues[code]['date.month.4']);
      expect(text, code).toMatch(/^12\b/);
      expect(formatDate(t, '2026-11-21', 'long'), code).toContain(catalogues[code]['date.weekday.6']);
    }
  });

  it('fails on a silent fallback: with an Intl that answers yo, ha, ig and pcm in US English (as Chromium does), the screens still speak them', () => {
    const RealDateTimeFormat = Intl.DateTimeFormat;
    // Chromium's behaviour: languages it lacks data for are formatted as en-US, without an error.
    const chromiumLike = function (locales?: string | string[], options?: Intl.DateTimeFormatOptions) {
      const asked = [locales ?? []].flat()[0] ?? 'en-US';
      return new RealDateTimeFormat(['yo', 'ha', 'ig', 'pcm'].includes(asked.split('-')[0]!) ? 'en-US' : asked, options);
    } as unknown as typeof Intl.DateTimeFormat;
    vi.stubGlobal('Intl', { ...Intl, DateTimeFormat: chromiumLike });
    const usEnglish = new RealDateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' }).format(new Date('1985-04-12T00:00:00Z'));
    for (const code of ['yo', 'ha', 'ig', 'pcm'] as const) {
      const text = formatDate(translator(code), '1985-04-12', 'dayMonthYear');
      expect(text, code).not.toContain(usEnglish);
      expect(text, code).not.toMatch(/\b0?4\/12\/1985\b/);
      expect(text, code).toContain(catalogues[code]['date.month.4']);
    }
  });

  it('writes Naira the en-NG way in every language', () => {
    expect(formatMoney(1_234_550)).toBe('₦12,345.50');
  });

  it('reads a typed date as day/month/year, never month/day', () => {
    expect(parseTypedDate('12/04/1985')).toBe('1985-04-12');
    expect(parseTypedDate('1985-04-12')).toBe('1985-04-12');
    expect(parseTypedDate('31/02/2026')).toBeNull();
    expect(parseTypedDate('04/13/1985')).toBeNull();
  });
});
