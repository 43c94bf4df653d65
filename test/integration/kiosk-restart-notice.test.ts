import { describe, expect, it } from 'vitest';
import { openTill, readyToSell, value } from '../helpers/sales-fixture';
import { sellInto } from '../helpers/corrections-fixture';

/**
 * A kiosk killed while a customer was paying starts again on its Welcome screen: the customer who
 * was paying must be told what becomes of the money. The notice names no sale, amount or person.
 */
describe('a kiosk restarted while a customer was paying', () => {
  it('tells its attract screen for ten minutes after the start; not for an old sale, not on a counter', async () => {
    let now = Date.parse('2026-11-26T10:00:00.000Z');
    const clock = () => new Date(now);
    const url = 'http://127.0.0.1:1';
    const before = openTill({ url, profile: 'kiosk', clock });
    const notice = async (till: typeof before) => value(await till.pos.api['kiosk:restart-notice']({})).restartedAt;
    try {
      await readyToSell(before.pos);
      expect(await notice(before)).toBeNull();
      // A self-service sale waiting for its card payment when the till died.
      sellInto(before.journal, { staffId: null as unknown as number, state: 'pending', tender: 'card' });
    } finally {
      await before.close();
    }

    now += 60_000;
    const after = openTill({ url, dataDir: before.dataDir, profile: 'kiosk', clock });
    try {
      expect(await notice(after)).toBe(new Date(now).toISOString());
      now += 10 * 60_000;
      expect(await notice(after)).toBeNull();
    } finally {
      await after.close();
    }

    // The same journal at a counter (staff see the sale in Needs attention), or a kiosk started long after: nothing to say.
    const counter = openTill({ url, dataDir: before.dataDir, profile: 'counter', clock });
    try {
      expect(await notice(counter)).toBeNull();
    } finally {
      await counter.close();
    }
    now += 60 * 60_000;
    const later = openTill({ url, dataDir: before.dataDir, profile: 'kiosk', clock });
    try {
      expect(await notice(later)).toBeNull();
    } finally {
      await later.close();
    }
  });

  it('at a counter, tells the staff who sign in which sales the stop cut off, until one of them has read it', async () => {
    const url = 'http://127.0.0.1:1';
    const before = openTill({ url });
    let saleId = '';
    try {
      const staff = await readyToSell(before.pos);
      // A cash sale whose partner call was in flight when the till died.
      saleId = sellInto(before.journal, { staffId: staff.id, state: 'sent', tender: 'cash' });
    } finally {
      await before.close();
    }
    const after = openTill({ url, dataDir: before.dataDir });
    try {
      // It names sales: nobody signed in is told nothing.
      expect((await after.pos.api['sale:restart-notice']({})).ok).toBe(false);
      await readyToSell(after.pos);
      const notice = value(await after.pos.api['sale:restart-notice']({})).notice;
      expect(notice?.sales.map((s) => [s.sale.id, s.cut, s.outcome])).toEqual([[saleId, 'inFlight', 'checking']]);
      expect(notice?.sales[0]?.sale.totalKobo).toBeGreaterThan(0);
      // The kiosk's public notice stays silent at a counter.
      expect(value(await after.pos.api['kiosk:restart-notice']({})).restartedAt).toBeNull();
      value(await after.pos.api['sale:restart-notice-seen']({}));
      value(await after.pos.api['staff:sign-out']({}));
      await readyToSell(after.pos);
      expect(value(await after.pos.api['sale:restart-notice']({})).notice).toBeNull();
    } finally {
      await after.close();
    }
  });
});
