import { describe, expect, it } from 'vitest';
import { notThisSale, transactionStanding } from '../../electron/sales/answer-owner';

describe('whether an answer can be this sale’s', () => {
  const cinema = { id: 'S-1', kind: 'cinema' as const };
  const hotel = { id: 'S-2', kind: 'hotel' as const };

  it('believes an answer that names this sale, or names none', () => {
    expect(notThisSale({ reference: 'EX100', merchant_reference: 'S-1' }, cinema, null)).toBeNull();
    expect(notThisSale({ reference: 'EX100', merchant_reference: null }, cinema, null)).toBeNull();
    expect(notThisSale({ reference: 'HTL100', merchant_reference: ' S-2 ', type: 'hotel' }, hotel, 'S-2')).toBeNull();
    // A reference of a shape the notes do not name is not held against it.
    expect(notThisSale({ reference: 'TX-9', merchant_reference: null }, hotel, null)).toBeNull();
  });

  it('says why when the answer is another sale’s: its merchant reference, its service, its reference already used, another reference', () => {
    expect(notThisSale({ reference: 'EX100', merchant_reference: 'S-9' }, cinema, null)).toBe('it names another sale (S-9)');
    expect(notThisSale({ reference: 'HTL100', merchant_reference: null, type: 'hotel' }, cinema, null)).toBe('it is a hotel booking');
    expect(notThisSale({ reference: 'EX100', merchant_reference: null, type: 'experience' }, hotel, null)).toBe('it is a ticket purchase');
    expect(notThisSale({ reference: 'htl100', merchant_reference: null }, cinema, null)).toMatch(/belongs to the other service/);
    expect(notThisSale({ reference: 'EX100', merchant_reference: null }, hotel, null)).toMatch(/belongs to the other service/);
    expect(notThisSale({ reference: 'EX100', merchant_reference: null }, cinema, 'S-7')).toBe('its reference EX100 already confirms sale S-7');
    expect(notThisSale({ reference: 'EX100', merchant_reference: null }, cinema, null, 'EX200')).toBe('it is transaction EX100, not EX200');
  });

  it('reads a transaction’s status: done unless it plainly says failed or still in progress', () => {
    for (const done of ['successful', 'Success', 'completed', 'paid', '', null, undefined, 'fulfilled']) expect(transactionStanding(done), String(done)).toBe('done');
    for (const failed of ['failed', 'FAILED', 'declined', 'cancelled', 'canceled', 'reversed', 'refunded', 'expired']) expect(transactionStanding(failed), failed).toBe('not-done');
    for (const open of ['pending', 'processing', 'in_progress', 'initiated']) expect(transactionStanding(open), open).toBe('in-progress');
  });
});
