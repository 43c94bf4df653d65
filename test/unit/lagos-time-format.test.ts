import { afterEach, describe, expect, it } from 'vitest';
import { formatLagosClock, formatLagosDateTime, lagosWallClock } from '@renderer/i18n/format';
import { lagosTime } from '@renderer/screens/fleet/fleet-format';
import { en } from '@renderer/i18n/catalogues/en';
import { lagosDateTimeText } from '@shared/dates';
import { formatDateTime } from '../../electron/printing/layout/receipt-format';
import { IntlMessageFormat } from 'intl-messageformat';
import type { Translate } from '@renderer/i18n/format';

const t: Translate = (key, values) => String(new IntlMessageFormat(en[key], 'en-NG').format(values));

/**
 * Screens show instants in Lagos time, whatever zone the computer's clock is in. The inputs are
 * instants with their own offset (Z, -05:00), so nothing here depends on the test machine's zone;
 * each case is also run with the process set to zones either side of Lagos.
 */
const zones = ['UTC', 'America/New_York', 'Asia/Tokyo', 'Africa/Lagos'];
const originalTz = process.env.TZ;
afterEach(() => {
  if (originalTz === undefined) delete process.env.TZ;
  else process.env.TZ = originalTz;
});

describe.each(zones)('Lagos time on screen, the process in %s', (zone) => {
  it('shows the hour the receipt prints (UTC+1), not the computer\'s', () => {
    process.env.TZ = zone;
    // 04:41:38 UTC is 05:41:38 in Lagos (as on the receipt); New York's 23:41 the day before.
    expect(formatLagosDateTime('2026-11-26T04:41:38.000Z')).toBe('26/11/2026, 05:41:38');
    expect(formatLagosClock('2026-11-26T04:41:38.000Z')).toBe('05:41');
    expect(formatLagosClock('2026-11-26T04:41:38.000Z', { seconds: true })).toBe('05:41:38');
    expect(formatLagosDateTime(new Date('2026-11-25T23:41:38-05:00'))).toBe('26/11/2026, 05:41:38');
  });

  it('dates a sale at 00:30 Lagos on that Lagos day, and 23:59 Lagos on its own', () => {
    process.env.TZ = zone;
    expect(formatLagosDateTime('2026-11-25T23:30:00Z')).toBe('26/11/2026, 00:30:00');
    expect(lagosWallClock('2026-11-25T23:30:00Z')).toEqual({ date: '2026-11-26', hour: 0, minute: 30, second: 0 });
    expect(formatLagosDateTime('2026-11-26T22:59:59.999Z')).toBe('26/11/2026, 23:59:59');
    expect(formatLagosDateTime('2026-12-31T23:00:00Z')).toBe('01/01/2027, 00:00:00');
    // Across New York's daylight-saving change: Lagos keeps UTC+1.
    expect(formatLagosClock('2026-03-08T06:59:00Z')).toBe('07:59');
    expect(formatLagosClock('2026-03-08T07:01:00Z')).toBe('08:01');
  });

  it('agrees with Intl told the Lagos zone, across a year of instants', () => {
    process.env.TZ = zone;
    const intl = new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Lagos', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
    for (let ms = Date.parse('2026-01-01T00:00:00Z'); ms < Date.parse('2027-01-01T00:00:00Z'); ms += 7 * 3600_000 + 13 * 60_000 + 17_000) {
      expect(formatLagosDateTime(new Date(ms))).toBe(intl.format(new Date(ms)));
    }
  });

  it('receipts and the till\'s messages print the Lagos hour Intl gives, across a year of instants', () => {
    process.env.TZ = zone;
    const intl = new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Lagos', year: 'numeric', month: 'numeric', day: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
    const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
    for (let ms = Date.parse('2026-01-01T00:00:00Z'); ms < Date.parse('2027-01-01T00:00:00Z'); ms += 5 * 3600_000 + 11 * 60_000 + 23_000) {
      const parts = Object.fromEntries(intl.formatToParts(new Date(ms)).map((part) => [part.type, part.value]));
      const iso = new Date(ms).toISOString();
      expect(formatDateTime(iso)).toBe(`${Number(parts.day)} ${months[Number(parts.month) - 1]} ${parts.year} ${parts.hour}:${parts.minute}`);
      // The "keeps asking until 05:41:38 (Lagos time)" of a sale the partner has no record of yet.
      expect(formatLagosClock(new Date(ms), { seconds: true })).toBe(`${parts.hour}:${parts.minute}:${parts.second}`);
    }
  });

  it('the fleet screen\'s times go through the same Lagos clock', () => {
    process.env.TZ = zone;
    const now = new Date('2026-11-26T10:00:00Z');
    expect(lagosTime(t, '2026-11-26T04:41:38Z', now)).toBe('05:41');
    expect(lagosTime(t, '2026-11-25T23:30:00Z', now)).toBe('00:30');
    expect(lagosTime(t, '2026-11-25T22:30:00Z', now)).toMatch(/25 Nov.* 23:30$/);
  });
});

describe('Lagos time, not an instant', () => {
  it('shows the text as it came rather than "Invalid Date"', () => {
    expect(formatLagosDateTime('not a time')).toBe('not a time');
    expect(lagosWallClock('not a time')).toBeNull();
  });

  it('a receipt refuses to print a moment that is not one, rather than "NaN"', () => {
    expect(() => formatDateTime('not a time')).toThrow(RangeError);
  });

  it('the test really changes the process zone (so the cases above would catch a local-zone formatter)', () => {
    process.env.TZ = 'America/New_York';
    expect(new Date('2026-11-26T04:41:38Z').getHours()).toBe(23);
    expect(new Date('2026-11-26T04:41:38Z').toLocaleString('en-NG')).not.toContain('05:41');
  });
});

describe('the journal CSV writes instants on the Lagos clock', () => {
  it('puts a sale at 00:30 in Lagos on its Lagos day, and writes nothing for what is not an instant', () => {
    expect(lagosDateTimeText('2026-11-25T23:30:00.000Z')).toBe('2026-11-26 00:30:00');
    expect(lagosDateTimeText('2026-11-26T10:36:26.641Z')).toBe('2026-11-26 11:36:26');
    expect(lagosDateTimeText('2026-11-26T05:36:26-05:00')).toBe('2026-11-26 11:36:26');
    expect(lagosDateTimeText('not a date')).toBe('');
  });
});
