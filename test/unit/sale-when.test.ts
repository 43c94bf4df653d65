import { describe, expect, it } from 'vitest';
import { translator } from '../helpers/translator';
import { formatShowtime } from '@renderer/i18n/format';
import { saleWhenText } from '@renderer/screens/checkout/sale-when';


describe('when a sale is for, in the reader’s language', () => {
  it('writes a showtime on the 24-hour clock in French, and as Nigerians write it in the other languages', () => {
    expect(formatShowtime('7:30PM', 'fr')).toBe('19:30');
    expect(formatShowtime('11:05am', 'fr')).toBe('11:05');
    expect(formatShowtime('12:00PM', 'fr')).toBe('12:00');
    expect(formatShowtime('12:15 AM', 'fr')).toBe('00:15');
    for (const language of ['en', 'yo', 'ha', 'ig', 'pcm']) expect(formatShowtime('7:30PM', language)).toBe('7:30PM');
    // Not such a time: shown as it came.
    expect(formatShowtime('19:30', 'fr')).toBe('19:30');
    expect(formatShowtime('13:30PM', 'fr')).toBe('13:30PM');
  });

  it('says a showing and a stay from the sale’s facts, not main’s English line', () => {
    const fr = translator('fr');
    const showing = saleWhenText(fr, 'fr', { subtitle: 'Thu, 26 Nov, 7:30PM', when: { kind: 'showing', date: '2026-11-26', start: '7:30PM' } });
    expect(showing).toContain('19:30');
    expect(showing).not.toMatch(/Thu|PM/);
    const stay = saleWhenText(fr, 'fr', { subtitle: '26 Nov → 28 Nov, 2 nights, 1 room, 1 guest', when: { kind: 'stay', checkIn: '2026-11-26', checkOut: '2026-11-28', nights: 2, rooms: 1, guests: 1 } });
    expect(stay).toMatch(/2 nuits/);
    expect(stay).not.toMatch(/night|room|guest/);
    // A sale whose details could not be read: main's words.
    expect(saleWhenText(fr, 'fr', { subtitle: 'as main wrote it' })).toBe('as main wrote it');
  });
});
