import { describe, expect, it } from 'vitest';
import { translator } from '../helpers/translator';
import { errorTextIn } from '@renderer/i18n/error-text';
import { languages } from '@renderer/i18n/languages';
import { errorSentences, sentenceInEnglish, sentenceKeys } from '@shared/error-sentences';
import { posError, posErrorSchema, saidBecause, saidError } from '@shared/errors';
import { toPosError } from '../../electron/partner/to-pos-error';
import { stayProblemTexts } from '@renderer/screens/hotels/stay-text';
import { stayProblems } from '@shared/stay';


describe('what main says when something cannot be done, in the reader’s language', () => {
  it('an error names its shared sentence and carries the English words in its message', () => {
    const error = saidError('UNAUTHORIZED', 'said.pinLocked', { name: 'Amaka', seconds: 1 });
    expect(error).toEqual({
      code: 'UNAUTHORIZED',
      message: 'Too many wrong PINs for Amaka. Their PIN is locked for 1 more second.',
      said: { key: 'said.pinLocked', values: { name: 'Amaka', seconds: 1 } },
    });
    expect(sentenceInEnglish('said.pinLocked', { name: 'Amaka', seconds: 30 })).toBe('Too many wrong PINs for Amaka. Their PIN is locked for 30 more seconds.');
    // The contract's schema takes it, and refuses a sentence no catalogue has.
    expect(posErrorSchema.safeParse(error).success).toBe(true);
    expect(posErrorSchema.safeParse({ ...error, said: { key: 'said.noSuchSentence' } }).success).toBe(false);
  });

  it('writes the English as main always did: the service named, an apostrophe kept, the partner’s own words as they came', () => {
    expect(toPosError({ kind: 'rejected', status: 401, message: 'Unauthorized' }, { service: 'hotels' }).message).toBe(
      "The hotel booking service refused this till's API key. Call a supervisor to check the partner settings.",
    );
    const refused = toPosError({ kind: 'rejected', status: 422, message: 'Customer email {is} invalid' }, { service: 'cinema' });
    expect(refused.message).toBe('The ticket service refused this: Customer email {is} invalid.');
    expect(refused.said).toEqual({ key: 'said.partnerRefused', values: { service: 'cinema', reason: 'Customer email {is} invalid.' } });
    // A card sale's own reasons: the journal and the logs keep the words they always had.
    expect(sentenceInEnglish('said.sale.cardInterruptedAfterPayment')).toBe(
      'The till stopped after the card was charged but before the sale was booked. The card payment taken at the terminal is reversed and given back to the card automatically: there is no cash to hand back, and nothing to refund by hand.',
    );
    expect(sentenceInEnglish('said.sale.refusedCardBack', { reason: 'Room {gone}.' })).toMatch(/^Room \{gone\}\. The card payment taken at the terminal is reversed/);
  });

  it('a screen says a named sentence in its language, and main’s own words when none was named', () => {
    const say = errorTextIn(translator('fr'));
    expect(say(saidError('UNAUTHORIZED', 'said.pinWrong'))).toBe('Ce code PIN n’est pas le bon. Réessayez.');
    expect(say(saidError('VALIDATION', 'said.cashShort', { total: '₦11,000.00' }))).toBe('Les espèces reçues ne couvrent pas le total de ₦11,000.00.');
    expect(say(toPosError({ kind: 'no-answer', message: 'timeout' }, { service: 'hotels' }))).toBe(
      'Le service de réservation d’hôtels ne répond pas. Vérifiez le réseau et réessayez.',
    );
    expect(say(posError('PRINTER_OFFLINE', 'The printer at 10.0.0.9:9100 is out of paper.'))).toBe('The printer at 10.0.0.9:9100 is out of paper.');
    expect(errorTextIn(translator('en'))(saidError('FORBIDDEN', 'said.supervisorOnlyTo', { action: 'closeShift' }))).toBe(
      'Only a supervisor can close a shift. Ask a supervisor to sign in.',
    );
    // A cashier refused a no sale may have a supervisor approve it on her own screen: the refusal says so.
    expect(errorTextIn(translator('en'))(saidError('FORBIDDEN', 'said.supervisorOnlyTo', { action: 'noSale' }))).toBe(
      'Only a supervisor can open the drawer without a sale. Ask a supervisor to approve it with their PIN on this screen, or to sign in.',
    );
    expect(say(saidError('FORBIDDEN', 'said.supervisorOnlyTo', { action: 'noSale' }))).toBe(
      'Seul un superviseur peut ouvrir le tiroir sans vente. Demandez à un superviseur de l’approuver avec son code PIN sur cet écran, ou de se connecter.',
    );
  });

  it('an answer the journal could not record, and why: both sentences in the reader’s language, or all in English when the why is not a shared sentence', () => {
    const why = saidError('JOURNAL_UNAVAILABLE', 'said.journal.diskFull');
    const error = saidBecause(saidError('JOURNAL_UNAVAILABLE', 'said.answerNotRecorded', { confirmed: 'yes', reference: 'EX123' }), why);
    expect(error.message).toBe(
      'The partner confirmed this sale (reference EX123), but the journal could not record it. Do not sell it again: the till will check with the partner. ' +
        'The sale journal cannot be written, so selling is paused. The disk is full. Free some space on this computer (or ask a supervisor to), then try again.',
    );
    expect(posErrorSchema.safeParse(error).success).toBe(true);
    const say = errorTextIn(translator('fr'));
    expect(say(error)).toBe(
      'Le partenaire a confirmé cette vente (référence EX123), mais le journal n’a pas pu l’enregistrer. Ne la vendez pas de nouveau : la caisse vérifiera auprès du partenaire. ' +
        'Le journal des ventes ne peut pas être écrit : la vente est suspendue. Le disque est plein. Libérez de la place sur cet ordinateur (ou demandez à un superviseur de le faire), puis réessayez.',
    );
    const unnamed = saidBecause(saidError('HOLD_EXPIRED', 'said.holdRanOutNotRenewed'), posError('PARTNER_REJECTED', 'Ticket type is closed.'));
    expect(unnamed.said).toBeUndefined();
    expect(say(unnamed)).toBe('The seats held for this sale ran out and could not be held again. Ticket type is closed.');
  });

  it('a stay the room cannot take: the desk and the sale name the same sentence, each screen says it in its language', () => {
    const stay = { checkIn: '2026-03-12', checkOut: '2026-03-14', guests: 2, rooms: 3 };
    const room = { maxOccupancy: 2, roomsLeft: 2, isAvailable: true };
    expect(stayProblems(stay, '2026-03-10', room)).toEqual({ rooms: { key: 'said.stay.roomsLeft', values: { count: 2 } } });
    expect(stayProblemTexts(translator('fr'), stay, '2026-03-10', room)).toEqual({ rooms: 'Il ne reste que 2 chambres de ce type.' });
    expect(stayProblemTexts(translator('en'), { ...stay, guests: 5, rooms: 1 }, '2026-03-13', { ...room, roomsLeft: 1 })).toEqual({
      checkIn: 'Check-in cannot be in the past.',
      guests: '5 guests need more space: this room takes 2 per room, so book 3 rooms or choose a bigger room.',
    });
  });

  it('every language says every sentence with the values main sends, in words of its own', () => {
    const values = { name: 'Amaka', seconds: 2, action: 'addStaff', number: 3, amount: '₦5,000.00', total: '₦11,000.00', sale: 'S-1', service: 'hotels', reason: 'No.', count: 2, guests: 5, perRoom: 2, rooms: 3, reference: 'FLK-1', terminal: 'T02', kind: 'void', tender: 'transfer', env: 'POS_PAYSTACK_SECRET_KEY', file: 'paystack.key', confirmed: 'yes', where: '10.0.0.9:9100', wait: 2.5, why: 'refused', detail: 'ECONNRESET', type: 'EPSON', setting: 'tcp://printer', exists: 'yes', target: '/dev/usb/lp0', folder: '/data/receipts', command: 'lp', stopped: 'paperOut', bytes: '1a2b', state: 'confirmed', job: '42', correction: 'C-1', part: 'lines.0.name', origin: 'https://partner.example', bound: 'https://old.example', problem: 'HTTP 503', time: '17:38:12', minutes: 30, id: 'T02', from: 'T01', to: 'T02' };
    for (const { code } of languages) {
      const t = translator(code);
      for (const key of sentenceKeys) {
        const said = t(key, values);
        expect(said, `${code} ${key}`).not.toMatch(/[{}]|undefined/);
        if (code !== 'en') expect(said, `${code} ${key} is still English`).not.toBe(sentenceInEnglish(key, values));
      }
    }
    expect(Object.keys(errorSentences).length).toBe(sentenceKeys.length);
  });
});
