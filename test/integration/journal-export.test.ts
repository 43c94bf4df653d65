import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journalFile, openJournal, type CreateSaleInput, type Journal } from '../../electron/journal';
import { parseCsv } from '../helpers/csv-reader';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lobby-journal-export-'));
let journal: Journal;
let now = Date.parse('2025-03-14T08:00:00.000Z');
const clock = () => new Date((now += 60_000));
const tricky = { name: 'Adaeze "Ada" Okeke, Lagos', note: 'Late arrival,\r\nroom "ocean view"' };
const times: Record<string, string> = {};

beforeAll(async () => {
  const opened = openJournal({ file: journalFile(root), terminalId: 'BO1', clock });
  if (!opened.ok) throw new Error(opened.error.message);
  journal = opened.value;
  const cashier = await journal.staff.create({ name: 'Okafor, "Chidi" Jr.', role: 'cashier', pin: '2580' });
  if (!cashier.ok) throw new Error(cashier.error.message);
  journal.shifts.open({ staffId: cashier.value.id, floatKobo: 0 });

  const sell = (id: string, details: CreateSaleInput['details'], tenders: CreateSaleInput['tenders'], quoteKobo: number) => {
    const created = journal.sales.create({ id, staffId: cashier.value.id, kind: 'hotel', quoteKobo, request: {}, details, tenders });
    if (!created.ok) throw new Error(created.error.message);
    times[id] = created.value.sale.createdAt;
  };
  sell('BO1-1', { customer: tricky }, [{ kind: 'cash', amountKobo: 1_250_050, tenderedKobo: 1_300_000 }], 1_250_050);
  journal.sales.transition('BO1-1', 'sent');
  journal.sales.transition('BO1-1', 'confirmed', { partnerReference: 'HTL-20931', invoiceId: '7731', bookingNumber: 'BK-0042', partnerAmountKobo: 1_250_000 });
  sell('BO1-2', { customer: { name: '=cmd|" /C calc"!A0' } }, [
    { kind: 'card', amountKobo: 100_000, approvalCode: 'OK1' },
    { kind: 'card', amountKobo: 50_000, approvalCode: 'OK2' },
    { kind: 'transfer', amountKobo: 50_000, transferReference: '+2348031234567' },
  ], 200_000);
  journal.sales.transition('BO1-2', 'rejected', { failureReason: 'Room no longer available, "sorry"' });
  sell('BO1-3', { customer: { name: 'Third' } }, [], 0);
});
afterAll(() => {
  journal.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const exported = (range: { from?: string; to?: string } = {}) => {
  const result = journal.exportCsv(range);
  if (!result.ok) throw new Error(result.error.message);
  const [header, ...rows] = parseCsv(result.value.csv);
  expect(rows).toHaveLength(result.value.rows);
  return rows.map((row) => Object.fromEntries(header!.map((name, i) => [name, row[i]])));
};

describe('journal export to CSV', () => {
  it('round-trips names and notes with commas, quotes and line breaks', () => {
    const [first, second] = exported();
    expect(first!.cashier).toBe('Okafor, "Chidi" Jr.');
    expect(JSON.parse(first!.details_json!)).toEqual({ customer: tricky });
    expect(second!.failure_reason).toBe('Room no longer available, "sorry"');
  });

  it('carries every reference and amount in Naira, one row per sale', () => {
    const [first, second, third] = exported();
    expect(first).toMatchObject({
      sale_id: 'BO1-1',
      terminal_id: 'BO1',
      shift_number: '1',
      kind: 'hotel',
      state: 'confirmed',
      quote_ngn: '12500.50',
      partner_amount_ngn: '12500.00',
      amount_mismatch: '1',
      cash_ngn: '12500.50',
      card_ngn: '0.00',
      cash_tendered_ngn: '13000.00',
      change_ngn: '499.50',
      partner_reference: 'HTL-20931',
      invoice_id: '7731',
      booking_number: 'BK-0042',
    });
    expect(second).toMatchObject({
      state: 'rejected',
      card_ngn: '1500.00',
      transfer_ngn: '500.00',
      cash_tendered_ngn: '',
      card_approval_codes: 'OK1; OK2',
      // Typed at the till and shaped like a formula: kept readable, defused for spreadsheets.
      transfer_references: "'+2348031234567",
      partner_reference: '',
    });
    expect(JSON.parse(second!.details_json!)).toEqual({ customer: { name: '=cmd|" /C calc"!A0' } });
    expect(third).toMatchObject({ sale_id: 'BO1-3', state: 'pending', quote_ngn: '0.00', cash_ngn: '0.00' });
  });

  it('keeps to the date range: from inclusive, to exclusive, any ISO form', () => {
    expect(exported({ from: times['BO1-2'] }).map((r) => r.sale_id)).toEqual(['BO1-2', 'BO1-3']);
    expect(exported({ to: times['BO1-2'] }).map((r) => r.sale_id)).toEqual(['BO1-1']);
    // The same instant written as Lagos local time without milliseconds.
    const inLagos = new Date(Date.parse(times['BO1-3']!) + 3_600_000).toISOString().replace(/\.\d{3}Z$/, '+01:00');
    expect(exported({ from: inLagos }).map((r) => r.sale_id)).toEqual(['BO1-3']);
    expect(journal.exportCsv({ from: 'yesterday' })).toMatchObject({ ok: false, error: { code: 'VALIDATION', fields: { from: expect.any(Array) } } });
  });
});
