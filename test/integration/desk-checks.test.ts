import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, lagosDate } from '../../shared/dates';
import { dobProblem } from '../../shared/stay';
import { startFakePrinter, type FakePrinter } from '../helpers/fake-printer';
import { customer, failure, findStay, newSaleId, readyToSell, startSalesPartner, value, type SalesPartner } from '../helpers/sales-fixture';
import { openPrintTill, sellTickets, waitFor, type PrintTill } from '../helpers/print-queue-till';

/**
 * What a first-time night desk clerk tripped over, through createPos(...).api on a real journal
 * file against the sandbox over HTTP (and the fake TCP printer, which gives sales their receipts):
 * a hotel room booked for someone under 18 on the check-in date, and a sale looked up by the
 * receipt number printed on it.
 */

let partner: SalesPartner;
let printer: FakePrinter;
let till: PrintTill;

beforeAll(async () => {
  partner = await startSalesPartner();
  printer = await startFakePrinter({ mode: 'ready' });
  till = openPrintTill({ partnerUrl: partner.url, printer });
  await readyToSell(till.pos);
});

afterAll(async () => {
  await till.close();
  await printer.close();
  await partner.close();
});

/** The date `years` years before `date` (YYYY-MM-DD), same month and day. */
const yearsBefore = (date: string, years: number) => `${Number(date.slice(0, 4)) - years}${date.slice(4)}`;

describe('the person booking a hotel room is 18 or older on the check-in date', () => {
  it('main refuses someone under 18 with the shared sentence, and books nothing', async () => {
    const stay = await findStay(till.pos);
    const checkIn = stay.selection.checkIn;
    const attemptsBefore = partner.purchaseAttempts();
    for (const dob of [yearsBefore(lagosDate(new Date()), 11), addDays(yearsBefore(checkIn, 18), 1)]) {
      const saleId = newSaleId('UNDER18');
      const refused = failure(await till.pos.api['sale:submit']({ saleId, kind: 'hotel', hotel: stay.selection, customer: { ...customer, dob }, tender: { kind: 'card', approvalCode: 'A1B2C3' } }));
      expect(refused).toMatchObject({ code: 'VALIDATION', said: { key: 'said.dobUnder18' }, fields: { 'customer.dob': [expect.stringContaining('18 or older')] } });
      expect(refused.message).toBe('The person booking a hotel room must be 18 or older on the check-in date.');
      expect(failure(await till.pos.api['sale:get']({ saleId })).code).toBe('NOT_FOUND');
    }
    expect(partner.purchaseAttempts()).toBe(attemptsBefore);

    // 18 on the check-in date itself is old enough.
    const sale = value(
      await till.pos.api['sale:submit']({ saleId: newSaleId('EIGHTEEN'), kind: 'hotel', hotel: stay.selection, customer: { ...customer, dob: yearsBefore(checkIn, 18) }, tender: { kind: 'card', approvalCode: 'A1B2C3' } }),
    );
    expect(sale.state).toBe('confirmed');
  });

  it('the one rule: in the past; for a hotel needed and 18 on the check-in date (born 29 February: 18 on 1 March)', () => {
    expect(dobProblem(undefined, '2026-11-26')).toBeNull();
    expect(dobProblem('2030-01-01', '2026-11-26')).toEqual({ key: 'said.dobPast' });
    expect(dobProblem('2015-01-01', '2026-11-26')).toBeNull();
    expect(dobProblem(undefined, '2026-11-26', '2026-11-27')).toEqual({ key: 'said.dobNeeded' });
    expect(dobProblem('2015-01-01', '2026-11-26', '2026-11-27')).toEqual({ key: 'said.dobUnder18' });
    expect(dobProblem('2008-11-27', '2026-11-26', '2026-11-27')).toBeNull();
    expect(dobProblem('2008-11-28', '2026-11-26', '2026-11-27')).toEqual({ key: 'said.dobUnder18' });
    expect(dobProblem('2008-02-29', '2026-02-01', '2026-02-28')).toEqual({ key: 'said.dobUnder18' });
    expect(dobProblem('2008-02-29', '2026-02-01', '2026-03-01')).toBeNull();
  });
});

describe('a sale is found by the receipt number printed on it', () => {
  it('T01-000002 as printed, in lower case, without the dash or with a space; never another sale', async () => {
    const sold = [];
    for (let i = 0; i < 2; i++) {
      const { sale } = await sellTickets(till);
      const [job] = await waitFor('the receipt', async () => {
        const jobs = value(await till.pos.api['print:jobs']({ saleId: sale.id, limit: 5 })).jobs.filter((j) => j.kind === 'receipt');
        return jobs.length === 1 && jobs;
      });
      sold.push({ sale, receiptNumber: job!.receiptNumber! });
    }
    for (const { sale, receiptNumber } of sold) {
      expect(receiptNumber).toMatch(/^T01-\d{6}$/);
      const digits = receiptNumber.slice(4);
      for (const text of [receiptNumber, receiptNumber.toLowerCase(), `T01${digits}`, `t01 ${digits}`]) {
        expect(value(await till.pos.api['sale:search']({ text })).sales.map((s) => s.id), text).toEqual([sale.id]);
      }
    }
    // A receipt number no sale has finds nothing.
    expect(value(await till.pos.api['sale:search']({ text: 'T01-999999' })).sales).toEqual([]);
  });
});

describe('a city typed as people say it finds the partner’s city', () => {
  const cities = async (city: string) => value(await till.pos.api['hotels:list']({ city, perPage: 100 })).hotels.map((h) => `${h.id}:${h.city}`);

  it('Èkó (Yoruba, the City box’s own example), Legas (Hausa), Ìbàdàn, Enugwu (Igbo), Fatakwal (Hausa) find the hotels filed under the English names', async () => {
    const names: Array<[typed: string, partner: string]> = [
      ['Èkó', 'Lagos'],
      ['  èkó ', 'Lagos'],
      ['Ìlú Èkó', 'Lagos'],
      ['Legas', 'Lagos'],
      ['Ìbàdàn', 'Ibadan'],
      ['Enugwu', 'Enugu'],
      ['Fatakwal', 'Port Harcourt'],
    ];
    for (const [typed, partner] of names) {
      const found = await cities(typed);
      expect(found.length, typed).toBeGreaterThan(0);
      expect(found, typed).toEqual(await cities(partner));
    }
    // Anything else is sent as typed.
    expect(await cities('Atlantis')).toEqual([]);
  });

  it('the cinema search too: Èkó finds what Lagos finds', async () => {
    const films = async (search: string) => value(await till.pos.api['cinema:films']({ search, perPage: 100 })).films.map((f) => f.id);
    const lagos = await films('Lagos');
    expect(lagos.length).toBeGreaterThan(0);
    expect(await films('Èkó')).toEqual(lagos);
  });
});
