import { z } from 'zod';
import { once } from './once';

/** Integer kobo: the only money type inside the app (100 kobo = 1 Naira). */
export const koboSchema = z.number().int().safe();
export type Kobo = number;

/**
 * Naira as the partner sends it (a number, at most two decimals) to kobo. Rounds to the nearest
 * kobo to absorb binary noise (0.1 + 0.2), but refuses amounts with real sub-kobo precision.
 */
export function nairaToKobo(naira: number): Kobo {
  const kobo = Math.round(naira * 100);
  if (!Number.isFinite(naira) || Math.abs(kobo - naira * 100) > 1e-6 * Math.max(1, Math.abs(naira))) {
    throw new RangeError(`not a Naira amount with at most two decimals: ${naira}`);
  }
  return kobo;
}

/** Kobo to the Naira number the partner API expects in request bodies. */
export const koboToNaira = (kobo: Kobo): number => kobo / 100;

/**
 * The most a partner amount may be: ₦10 billion. Far above any ticket or stay, and far below where
 * kobo stop being exact integers (2^53); a larger amount is a broken answer, refused at the door
 * instead of reaching the journal (which could not store it) or the screens.
 */
export const maxPartnerNaira = 10_000_000_000;

/** A partner-side Naira amount, checked and turned into kobo at the boundary. */
export const nairaAsKoboSchema = z
  .number()
  .finite()
  .nonnegative()
  .max(maxPartnerNaira)
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6 * Math.max(1, n), 'at most two decimals')
  // An overwrite, not a transform: it keeps the number type and skips zod's pipe (every price of a list).
  .overwrite((n) => Math.round(n * 100));

/** For screens: "₦12,345.00" (Intl, en-NG). */
export function formatNaira(kobo: Kobo, locale = 'en-NG'): string {
  let format = nairaFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency: 'NGN', currencyDisplay: 'symbol' });
    nairaFormats.set(locale, format);
  }
  // `|| 0` turns -0 (a negated zero total: "Voids 0 · -₦0.00") into 0.
  return format.format((kobo || 0) / 100);
}
// Building an Intl formatter costs far more than using one; lists format many amounts.
const nairaFormats = new Map<string, Intl.NumberFormat>();

/** For a note or a round sum on a screen: "₦1,000" (whole naira; kobo would be rounded away, so only for whole amounts). */
export function formatNairaWhole(kobo: Kobo): string {
  return wholeNaira().format((kobo || 0) / 100);
}
// Made at the first use, not when the module loads: a process's first Intl formatter may load
// ICU's data (20-25 ms of CPU in a bare Node here), and processes that never show an amount on a
// screen load this module too (each life of the refund kill test: about 12 of its 200 ms of JS).
const wholeNaira = once(() => new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN', currencyDisplay: 'symbol', maximumFractionDigits: 0, minimumFractionDigits: 0 }));

/** For receipts and CSV: "NGN 12,345.00", because printer code pages have no Naira sign. */
export function formatNairaPlain(kobo: Kobo): string {
  return `${kobo < 0 ? '-' : ''}NGN ${koboDecimalText(Math.abs(kobo), { grouping: true })}`;
}

/**
 * Exactly two decimals from integer kobo, with no floating point on the way out: "-1234.50", or
 * "1,234.50" with grouping. CSV files, receipts and API bodies all write amounts through this.
 */
export function koboDecimalText(kobo: Kobo, options: { grouping?: boolean } = {}): string {
  const sign = kobo < 0 ? '-' : '';
  const abs = Math.abs(kobo);
  const whole = Math.trunc(abs / 100);
  const naira = options.grouping ? whole.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',') : String(whole);
  return `${sign}${naira}.${String(abs % 100).padStart(2, '0')}`;
}
