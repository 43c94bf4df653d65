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
});
