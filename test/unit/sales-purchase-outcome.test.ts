import { describe, expect, it } from 'vitest';
import type { PartnerError } from '../../electron/partner/partner-error';
import { purchaseOutcome } from '../../electron/sales/purchase-outcome';

/** What a purchase's answer means for the sale: the rule that decides between charging twice and losing a sale. */

const refused = (error: PartnerError) => purchaseOutcome({ ok: false, error }, 'cinema');

describe('purchaseOutcome', () => {
  it('an answer confirms, with references, invoice, booking number and the charged amount', () => {
    const outcome = purchaseOutcome(
      {
        ok: true,
        value: {
          reference: 'HTL0000000042', invoice_id: 100_007, booking_number: 'BK-7Q2M9XZA', name: null, email: null, phone_number: null, merchant_reference: 'S-1',
          hotel: null, room: null, checkin_date: null, checkout_date: null, number_of_nights: 2, number_of_rooms: 1, number_of_guests: 2, amount: 39_500_000,
        },
      },
      'hotels',
    );
    expect(outcome).toMatchObject({ to: 'confirmed', detail: { partnerReference: 'HTL0000000042', invoiceId: '100007', bookingNumber: 'BK-7Q2M9XZA', partnerAmountKobo: 39_500_000 } });
  });

  it('an answer without an amount confirms without claiming one', () => {
    const outcome = purchaseOutcome({ ok: true, value: { reference: 'EX0000000001', invoice_id: null, name: null, email: null, phone_number: null, merchant_reference: null, amount: null, tickets: [] } }, 'cinema');
    expect(outcome.to).toBe('confirmed');
    expect(outcome.detail).not.toHaveProperty('partnerAmountKobo');
    expect(outcome.detail).not.toHaveProperty('invoiceId');
  });

  it.each<[string, PartnerError]>([
    ['a timeout', { kind: 'no-answer', cause: 'timeout', message: 'no answer' }],
    ['a dropped connection', { kind: 'no-answer', cause: 'ECONNRESET', message: 'reset' }],
    ['an unreadable 201', { kind: 'malformed', status: 201, message: 'not JSON' }],
    ['a gateway timeout', { kind: 'unavailable', status: 504, message: 'Gateway Timeout' }],
    ['a bad gateway', { kind: 'unavailable', status: 502, message: 'Bad Gateway' }],
    ['a server error', { kind: 'unavailable', status: 500, message: 'Server Error' }],
    ['a 503 from a busy partner', { kind: 'unavailable', status: 503, message: 'busy', envelope: true }],
    ['a 429 rate limit', { kind: 'unavailable', status: 429, message: 'slow down' }],
    ['a 5xx in the partner\'s own envelope', { kind: 'unavailable', status: 500, message: 'SQLSTATE[22007]', envelope: true }],
    ['a 4xx page from a gateway (no envelope)', { kind: 'rejected', status: 403, message: 'Forbidden' }],
    ['a 4xx without the partner\'s envelope', { kind: 'rejected', status: 422, message: 'The given data was invalid.', fields: { x: ['y'] } }],
    ['a 2xx saying success false without a 4xx status', { kind: 'malformed', status: 200, message: 'success false' }],
  ])('%s leaves the outcome unknown (settled by lookup, never by buying again)', (_, error) => {
    const outcome = refused(error);
    expect(outcome.to).toBe('unknown');
    expect(outcome.detail.failureReason).toMatch(/Do not sell it again/);
  });

  it.each<[string, PartnerError, string, RegExp]>([
    ['nothing sent', { kind: 'not-sent', cause: 'ECONNREFUSED', message: 'refused' }, 'PARTNER_UNAVAILABLE', /nothing was sent\. .*Nothing was charged\./],
    ['no API key', { kind: 'not-sent', cause: 'no-api-key', message: 'no key' }, 'PARTNER_UNAVAILABLE', /Nothing was charged/],
    ['sold out', { kind: 'rejected', status: 422, message: 'Sold out: no tickets left in the chosen category.', envelope: true }, 'SOLD_OUT', /Not enough tickets/],
    ['sold out as 409', { kind: 'rejected', status: 409, message: 'No rooms of this type are left.', envelope: true }, 'SOLD_OUT', /Not enough/],
    ['hold expired', { kind: 'rejected', status: 422, message: 'Reservation expired', fields: { reservation_ids: ['reservation expired'] }, envelope: true }, 'HOLD_EXPIRED', /Hold the seats again/],
    ['a field', { kind: 'rejected', status: 422, message: 'The given data was invalid.', fields: { 'customer_info.email': ['must be a valid e-mail address'] }, envelope: true }, 'PARTNER_REJECTED', /customer_info\.email: must be a valid e-mail address/],
    ['a live validation error as 400', { kind: 'rejected', status: 400, message: 'The month is not valid.', envelope: true }, 'PARTNER_REJECTED', /Nothing was charged/],
    ['a bad key', { kind: 'rejected', status: 401, message: 'Unauthenticated.', envelope: true }, 'PARTNER_REJECTED', /API key/],
    ['not allowed', { kind: 'rejected', status: 403, message: 'This merchant may not sell this experience.', envelope: true }, 'PARTNER_REJECTED', /Nothing was charged/],
  ])('a refusal (%s) rejects the sale and says nothing was charged', (_, error, code, reason) => {
    const outcome = refused(error);
    expect(outcome.to).toBe('rejected');
    expect(outcome.detail.failureReason).toMatch(reason);
    expect(outcome.detail.note).toMatchObject({ code });
  });

  it('keeps a reason within what the journal stores', () => {
    const outcome = refused({ kind: 'rejected', status: 422, message: 'x'.repeat(2_000), envelope: true });
    expect(outcome.detail.failureReason!.length).toBeLessThanOrEqual(500);
  });
});
