import { describe, expect, it } from 'vitest';
import { errorCodes } from '../../shared/errors';
import { fetchFailure, type PartnerError } from '../../electron/partner/partner-error';
import { toPosError } from '../../electron/partner/to-pos-error';

/** The shape undici rejects with: TypeError('fetch failed') whose cause is the socket error. */
const fetchFailed = (cause: object) => Object.assign(new TypeError('fetch failed'), { cause });
const socketError = (code: string, syscall?: string) => Object.assign(new Error(`${syscall ?? 'read'} ${code}`), { code, syscall });

describe('fetchFailure', () => {
  it('calls failures before the request was written not-sent', () => {
    expect(fetchFailure(fetchFailed(socketError('ECONNREFUSED', 'connect')), 1000)).toMatchObject({ kind: 'not-sent', cause: 'ECONNREFUSED' });
    expect(fetchFailure(fetchFailed(socketError('ENOTFOUND', 'getaddrinfo')), 1000)).toMatchObject({ kind: 'not-sent' });
    expect(fetchFailure(fetchFailed(socketError('EAI_AGAIN', 'getaddrinfo')), 1000)).toMatchObject({ kind: 'not-sent' });
    expect(fetchFailure(fetchFailed(socketError('EHOSTUNREACH', 'connect')), 1000)).toMatchObject({ kind: 'not-sent' });
    expect(fetchFailure(fetchFailed(socketError('UND_ERR_CONNECT_TIMEOUT')), 1000)).toMatchObject({ kind: 'not-sent' });
    const everyAddressRefused = Object.assign(new AggregateError([socketError('ECONNREFUSED', 'connect'), socketError('ECONNREFUSED', 'connect')]), {
      code: 'ECONNREFUSED',
    });
    expect(fetchFailure(fetchFailed(everyAddressRefused), 1000)).toMatchObject({ kind: 'not-sent', cause: 'ECONNREFUSED' });
  });

  it('calls everything that may have reached the partner no-answer', () => {
    expect(fetchFailure(fetchFailed(socketError('ECONNRESET', 'read')), 1000)).toMatchObject({ kind: 'no-answer', cause: 'ECONNRESET' });
    expect(fetchFailure(fetchFailed(socketError('EHOSTUNREACH', 'write')), 1000)).toMatchObject({ kind: 'no-answer' });
    expect(fetchFailure(fetchFailed(Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' })), 1000)).toMatchObject({ kind: 'no-answer' });
    expect(fetchFailure(new DOMException('The operation was aborted due to timeout', 'TimeoutError'), 2500)).toMatchObject({
      kind: 'no-answer',
      cause: 'timeout',
      message: 'The partner did not answer within 2.5 s.',
    });
    expect(fetchFailure(new TypeError('fetch failed'), 1000)).toMatchObject({ kind: 'no-answer' });
    expect(fetchFailure('something odd', 1000)).toMatchObject({ kind: 'no-answer' });
    const oneAddressMaybeReached = new AggregateError([socketError('ECONNREFUSED', 'connect'), socketError('ECONNRESET', 'read')]);
    expect(fetchFailure(fetchFailed(oneAddressMaybeReached), 1000)).toMatchObject({ kind: 'no-answer' });
  });
});

describe('toPosError', () => {
  const rejected = (status: number, message: string, fields?: Record<string, string[]>): PartnerError => ({ kind: 'rejected', status, message, fields, envelope: true });

  it('maps each kind to a contract code, reads differing by whether a sale may have happened', () => {
    const notSent: PartnerError = { kind: 'not-sent', cause: 'ECONNREFUSED', message: 'Could not connect.' };
    const noAnswer: PartnerError = { kind: 'no-answer', cause: 'timeout', message: 'No answer.' };
    const unavailable: PartnerError = { kind: 'unavailable', status: 503, message: 'Down.' };
    const gateway: PartnerError = { kind: 'unavailable', status: 504, message: 'Gateway timeout.' };
    const malformed: PartnerError = { kind: 'malformed', status: 201, message: 'Bad shape.' };

    expect(toPosError(notSent, { service: 'cinema', purchase: true }).code).toBe('PARTNER_UNAVAILABLE');
    expect(toPosError(noAnswer, { service: 'cinema' })).toEqual({
      code: 'PARTNER_UNAVAILABLE',
      message: 'The ticket service is not answering. Check the network and try again.',
      said: { key: 'said.partnerNotAnswering', values: { service: 'cinema' } },
    });
    expect(toPosError(noAnswer, { service: 'cinema', purchase: true }).code).toBe('OUTCOME_UNKNOWN');
    // A busy partner may say 503 after it committed: for a purchase only a lookup can tell.
    expect(toPosError(unavailable, { service: 'hotels', purchase: true }).code).toBe('OUTCOME_UNKNOWN');
    expect(toPosError(unavailable, { service: 'hotels' }).code).toBe('PARTNER_UNAVAILABLE');
    // A 4xx without the partner's envelope is someone else's page (a gateway, a firewall).
    expect(toPosError({ kind: 'rejected', status: 403, message: 'Forbidden' }, { service: 'hotels', purchase: true }).code).toBe('OUTCOME_UNKNOWN');
    expect(toPosError({ kind: 'rejected', status: 403, message: 'Forbidden' }, { service: 'hotels' }).code).toBe('PARTNER_REJECTED');
    expect(toPosError(gateway, { service: 'hotels', purchase: true }).code).toBe('OUTCOME_UNKNOWN');
    expect(toPosError(gateway, { service: 'hotels' }).code).toBe('PARTNER_UNAVAILABLE');
    expect(toPosError(malformed, { service: 'hotels' }).code).toBe('PARTNER_MALFORMED');
    expect(toPosError(malformed, { service: 'hotels', purchase: true }).code).toBe('OUTCOME_UNKNOWN');
  });

  it('reads refusals: key, hold expired, sold out, not found, and field errors passed on', () => {
    expect(toPosError(rejected(401, 'Unauthenticated.'), { service: 'hotels' })).toMatchObject({ code: 'PARTNER_REJECTED' });
    expect(toPosError(rejected(422, 'Reservation expired', { reservation_ids: ['reservation expired'] }), { service: 'cinema', purchase: true }).code).toBe(
      'HOLD_EXPIRED',
    );
    expect(toPosError(rejected(422, 'Tickets sold out'), { service: 'cinema', purchase: true }).code).toBe('SOLD_OUT');
    expect(toPosError(rejected(422, 'The given data was invalid.', { 'tickets.0.quantity': ['Not enough slots remaining'] }), { service: 'cinema' }).code).toBe(
      'SOLD_OUT',
    );
    expect(toPosError(rejected(404, 'Hotel not found'), { service: 'hotels' }).code).toBe('NOT_FOUND');
    const invalid = toPosError(rejected(400, 'The checkout date must be after the checkin date', { checkout_date: ['must be after checkin date'] }), {
      service: 'hotels',
      purchase: true,
    });
    expect(invalid).toEqual({
      code: 'PARTNER_REJECTED',
      message: 'The hotel booking service refused this: The checkout date must be after the checkin date.',
      fields: { checkout_date: ['must be after checkin date'] },
      said: { key: 'said.partnerRefused', values: { service: 'hotels', reason: 'The checkout date must be after the checkin date.' } },
    });
  });

  it('only ever answers codes of the contract', () => {
    const kinds: PartnerError[] = [
      { kind: 'not-sent', message: 'x', cause: 'no-api-key' },
      { kind: 'no-answer', message: 'x' },
      { kind: 'unavailable', status: 429, message: 'x' },
      { kind: 'malformed', status: 200, message: 'x' },
      rejected(409, 'x'),
    ];
    for (const error of kinds) {
      for (const purchase of [true, false]) {
        const mapped = toPosError(error, { service: 'partner', purchase });
        expect(errorCodes).toContain(mapped.code);
        expect(mapped.message.length).toBeGreaterThan(10);
      }
    }
  });
});
