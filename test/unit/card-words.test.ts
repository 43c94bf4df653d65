import { describe, expect, it } from 'vitest';
import { translator } from '../helpers/translator';
import { declineReason } from '../../electron/payments/decline-reasons';
import { cardBrandName } from '../../shared/payments/card-schemes';
import { catalogues } from '@renderer/i18n/catalogues';
import { declineWords } from '@renderer/screens/checkout/decline-words';


describe('a refused card in plain words', () => {
  it('reads the network response code first, then the gateway text, then says the bank declined', () => {
    expect(declineReason('51', 'Declined')).toEqual({ code: '51', reason: 'There is not enough money on this card. Try another card.' });
    expect(declineReason(null, 'Incorrect PIN entered')).toMatchObject({ code: '55' });
    expect(declineReason('Z3', 'Something else')).toEqual({ code: 'Z3', reason: 'The bank declined this card. Try another card.' });
    expect(declineReason(undefined, undefined)).toEqual({ code: '05', reason: 'The bank declined this card. Try another card.' });
  });

  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'])('a code of %s from the terminal is an unknown code, never a function of Object', (code) => {
    const told = declineReason(code, 'Declined');
    expect(told).toEqual({ code: '05', reason: 'The bank declined this card. Try another card.' });
    expect(typeof told.reason).toBe('string');
  });
});

describe('a refused card in the customer’s language', () => {
  it('says a known response code in the screen’s language, and leaves any other reason to the terminal’s words', () => {
    expect(declineWords(translator('yo'), { state: 'declined', declineCode: '51' })).toBe(catalogues.yo['said.decline.51']);
    expect(declineWords(translator('fr'), { state: 'declined', declineCode: '55' })).toMatch(/code PIN était faux/);
    expect(declineWords(translator('en'), { state: 'declined', declineCode: '51' })).toBe(declineReason('51', null).reason);
    expect(declineWords(translator('yo'), { state: 'declined', declineCode: 'Z3' })).toBeNull();
    expect(declineWords(translator('yo'), { state: 'declined', declineCode: 'constructor' })).toBeNull();
    expect(declineWords(translator('yo'), { state: 'cancelled', declineCode: null })).toBeNull();
  });
});

describe('card scheme names', () => {
  it('names the schemes it knows, in any case, and no other', () => {
    expect(['VISA', 'mastercard', 'Verve', 'amex'].map(cardBrandName)).toEqual(['Visa', 'Mastercard', 'Verve', 'American Express']);
    expect(['discover', 'constructor', '__proto__', 'toString', 'hasOwnProperty'].map(cardBrandName)).toEqual([undefined, undefined, undefined, undefined, undefined]);
  });
});
