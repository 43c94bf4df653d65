import { describe, expect, it } from 'vitest';
import type { Sale } from '../../electron/journal';
import type { PrintJob } from '../../electron/journal';
import { documentForJob, jobTitle, reprintNumber } from '../../electron/printing/queue/print-job-payload';
import { printerPlace, printerStatusView } from '../../electron/printing/queue/printer-health';
import { receiptInputFromSale } from '../../electron/printing/receipts/receipt-from-sale';
import { reportInputFromShift } from '../../electron/printing/receipts/report-from-shift';
import { reportReceiptInputSchema } from '../../electron/printing/receipts/report-input';
import type { CinemaDetails, HotelDetails } from '../../electron/sales';
import type { ShiftReport, ZReport } from '../../shared/sales/reports';
import { includedTaxes } from '../../electron/printing/receipts/included-taxes';
import type { ReceiptSettings } from '../../electron/printing/receipts/receipt-settings';

/** The receipt model built from journal records, and the small pure pieces of the print queue. */

const settings: ReceiptSettings = {
  merchant: { name: 'Lobby Cinemas', addressLines: ['1 Admiralty Way', 'Lagos'], phone: '+2348031234567', tin: '12345678-0001' },
  terminal: { id: 'T01', name: 'Box office 1' },
  vat: { label: 'VAT', ratePercent: 7.5 },
  hotelTaxes: [{ label: 'Consumption tax', ratePercent: 5 }],
  hotelPolicy: 'No refunds after check-in.',
  footerLines: ['Thank you!'],
  builtInFooter: null,
  ticketStubs: true,
};
const customer = { name: 'Chiamaka Eze', email: 'chiamaka@example.com', phone: '+2348031234567', dob: null };

const cinemaDetails: CinemaDetails = {
  kind: 'cinema',
  title: 'Harmattan Heart · Marina Screens Lekki',
  subtitle: 'Sat 22 Nov, 6:30PM',
  lines: [],
  customer,
  film: { id: 'f-1', title: 'Harmattan Heart' },
  location: { id: 3, name: 'Marina Screens Lekki', address: '1 Admiralty Way' },
  date: '2025-11-22',
  showtime: { id: 9, start: '6:30PM', end: '8:45PM' },
  tickets: [
    { categoryId: 'c-1', title: 'Regular', count: 2, unitKobo: 350_000, breakdown: { ticketKobo: 300_000, convenienceFeeKobo: 30_000, merchantCommissionKobo: 20_000 } },
    { categoryId: 'c-2', title: 'VIP', count: 0, unitKobo: 900_000, breakdown: { ticketKobo: 800_000, convenienceFeeKobo: 60_000, merchantCommissionKobo: 40_000 } },
  ],
};

const hotelDetails: HotelDetails = {
  kind: 'hotel',
  title: 'Lagoon Crest Hotel · Club Room',
  subtitle: '28 Nov → 30 Nov, 2 nights, 1 room, 2 guests',
  lines: [],
  customer: { ...customer, dob: '1990-04-12' },
  hotel: { id: 7, name: 'Lagoon Crest Hotel' },
  room: { id: 70, name: 'Club Room', maxOccupancy: 2 },
  checkIn: '2025-11-28',
  checkOut: '2025-11-30',
  nights: 2,
  rooms: 1,
  guests: 2,
  pricePerNightKobo: 4_500_000,
  breakdown: { roomKobo: null, convenienceFeeKobo: null },
};

function sale(overrides: Partial<Sale>): Sale {
  return {
    id: 'S-20251121-0042',
    terminalId: 'T01',
    shiftId: 1,
    staffId: 4,
    kind: 'cinema',
    state: 'confirmed',
    quoteKobo: 700_000,
    partnerAmountKobo: 700_000,
    amountMismatch: false,
    request: {},
    details: cinemaDetails,
    partnerReference: 'EX1732201445123',
    invoiceId: '880123',
    bookingNumber: null,
    failureReason: null,
    createdAt: '2025-11-21T15:04:00.000Z',
    updatedAt: '2025-11-21T15:04:05.000Z',
    tenders: [{ kind: 'cash', amountKobo: 700_000, tenderedKobo: 1_000_000, changeKobo: 300_000, approvalCode: null, transferReference: null }],
    ...overrides,
  };
}

const context = { settings, staffName: 'Adaeze Okafor', shiftNumber: 12, trainingMode: false };

describe('receiptInputFromSale', () => {
  it('takes a cinema sale from its details, references, quote and tenders', () => {
    const result = receiptInputFromSale(sale({}), context);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value).toMatchObject({
      merchant: { name: 'Lobby Cinemas', addressLines: ['1 Admiralty Way', 'Lagos'], phone: '+2348031234567', tin: '12345678-0001' },
      terminal: { id: 'T01', name: 'Box office 1' },
      training: false,
      issuedAt: '2025-11-21T15:04:05.000Z',
      cashier: 'Adaeze Okafor',
      shiftNumber: 12,
      saleId: 'S-20251121-0042',
      partnerReference: 'EX1732201445123',
      invoiceId: '880123',
      totalKobo: 700_000,
      tenders: [{ method: 'cash', amountKobo: 700_000, tenderedKobo: 1_000_000, changeKobo: 300_000 }],
      customerName: 'Chiamaka Eze',
      taxes: [{ label: 'VAT', ratePercent: 7.5, amountKobo: 48_837 }],
      footerLines: ['Tickets are valid for the date and showtime above only.', 'Thank you!'],
      ticketStubs: true,
      receiptNumber: null,
      copy: null,
      sale: { kind: 'cinema', filmTitle: 'Harmattan Heart', cinemaName: 'Marina Screens Lekki', cinemaAddress: '1 Admiralty Way', attendanceDate: '2025-11-22', showtime: '6:30PM', endsAt: '8:45PM', seats: [] },
    });
    // Categories nobody bought are not printed.
    expect(result.value.sale.kind === 'cinema' && result.value.sale.tickets).toEqual([
      { category: 'Regular', count: 2, unitPriceKobo: 350_000, breakdown: { ticketKobo: 300_000, convenienceFeeKobo: 30_000, merchantCommissionKobo: 20_000 } },
    ]);
  });

  it('takes a hotel booking, with the address from the partner answer and the booking number', () => {
    const result = receiptInputFromSale(
      sale({ kind: 'hotel', details: hotelDetails, quoteKobo: 9_000_000, bookingNumber: 'BK-4471902', invoiceId: null, staffId: null, tenders: [{ kind: 'card', amountKobo: 9_000_000, tenderedKobo: null, changeKobo: null, approvalCode: null, transferReference: null }] }),
      { ...context, staffName: null, trainingMode: true, partnerAnswer: { reference: 'HTL1', hotel: { id: 7, name: 'Lagoon Crest Hotel', location: ' 12 Ozumba Mbadiwe Ave, VI ' } } },
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value).toMatchObject({ cashier: 'Self-service', training: true, invoiceId: null, ticketStubs: false, footerLines: ['Thank you!'], tenders: [{ method: 'card', amountKobo: 9_000_000, approvalCode: null, last4: null }] });
    // VAT and the hotel's own tax, both included in the price.
    expect(result.value.taxes).toEqual(includedTaxes(9_000_000, [settings.vat, ...settings.hotelTaxes]));
    expect(result.value.taxes.map((tax) => tax.amountKobo)).toEqual([600_000, 400_000]);
    // What neither the journal nor the partner knows (phone, check-in times) is left out, not guessed.
    expect(result.value.sale).toEqual({
      kind: 'hotel',
      hotelName: 'Lagoon Crest Hotel',
      hotelAddress: '12 Ozumba Mbadiwe Ave, VI',
      hotelPhone: null,
      roomName: 'Club Room',
      checkIn: '2025-11-28',
      checkOut: '2025-11-30',
      checkInTime: null,
      checkOutTime: null,
      policy: 'No refunds after check-in.',
      nights: 2,
      rooms: 1,
      guests: 2,
      bookingNumber: 'BK-4471902',
      pricePerNightKobo: 4_500_000,
    });
  });

  it("is in the sale's language: self-service cashier, the cinema footer and a built-in footer; English without one", () => {
    const yoruba = receiptInputFromSale(sale({ staffId: null, details: { ...cinemaDetails, language: 'yo' } }), { ...context, staffName: null });
    expect(yoruba).toMatchObject({ ok: true, value: { language: 'yo', cashier: 'Ìtajà ara-ẹni', footerLines: ['Tíkẹ́ẹ̀tì wúlò fún ọjọ́ àti àkókò ìfihàn tó wà lókè nìkan.', 'Thank you!'] } });
    // The kiosk's footer as shipped is printed in the sale's language; a footer the venue wrote is its own.
    const builtIn = { ...context, settings: { ...settings, builtInFooter: 'kiosk' as const } };
    expect(receiptInputFromSale(sale({ details: { ...cinemaDetails, language: 'fr' } }), builtIn)).toMatchObject({
      ok: true,
      value: { language: 'fr', footerLines: ['Billets valables uniquement pour la date et la séance ci-dessus.', 'Gardez ce reçu : c’est votre preuve d’achat.', 'Merci !'] },
    });
    expect(receiptInputFromSale(sale({ staffId: null }), { ...builtIn, staffName: null })).toMatchObject({
      ok: true,
      value: { language: 'en', cashier: 'Self-service', footerLines: ['Tickets are valid for the date and showtime above only.', 'Keep this receipt: it is your proof of purchase.', 'Thank you!'] },
    });
  });

  it("prints the hotel's check-in/out times kept in the details, the partner's answer first", () => {
    const kept = { ...hotelDetails, hotel: { ...hotelDetails.hotel, checkInTime: '14:00', checkOutTime: '12:00' } };
    const hotelSale = sale({ kind: 'hotel', details: kept, quoteKobo: 9_000_000, tenders: [{ kind: 'transfer', amountKobo: 9_000_000, tenderedKobo: null, changeKobo: null, approvalCode: null, transferReference: 'TRF-1' }] });
    expect(receiptInputFromSale(hotelSale, context)).toMatchObject({ ok: true, value: { sale: { checkInTime: '14:00', checkOutTime: '12:00' } } });
    expect(receiptInputFromSale(hotelSale, { ...context, partnerAnswer: { hotel: { check_in_time: '15:00' } } })).toMatchObject({ ok: true, value: { sale: { checkInTime: '15:00', checkOutTime: '12:00' } } });
  });

  it('prints a sale that cost nothing without a tender, but not a paid sale without one', () => {
    expect(receiptInputFromSale(sale({ quoteKobo: 0, tenders: [] }), context).ok).toBe(true);
    expect(receiptInputFromSale(sale({ tenders: [] }), context)).toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
  });

  it('refuses sales that are not confirmed, have no reference, or whose details are unreadable', () => {
    for (const state of ['pending', 'sent', 'rejected', 'unknown'] as const) {
      expect(receiptInputFromSale(sale({ state }), context)).toMatchObject({ ok: false, error: { code: 'CONFLICT' } });
    }
    expect(receiptInputFromSale(sale({ partnerReference: null }), context)).toMatchObject({ ok: false, error: { code: 'CONFLICT' } });
    const broken = receiptInputFromSale(sale({ details: { kind: 'cinema', title: 'x' } }), context);
    expect(broken).toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
    expect(!broken.ok && broken.error.message).toContain('S-20251121-0042');
  });
});

const xReport: ShiftReport = {
  terminalId: 'T01',
  shiftId: 3,
  shiftNumber: 3,
  openedAt: '2025-11-21T07:00:00.000Z',
  openedBy: { id: 1, name: 'Bola Adeyemi' },
  generatedAt: '2025-11-21T12:00:00.000Z',
  sales: { confirmedCount: 2, confirmedKobo: 1_400_000, rejectedCount: 1, unsettledCount: 1, amountMismatchCount: 0 },
  byKind: [{ kind: 'cinema', count: 2, totalKobo: 1_400_000 }],
  byTender: [{ kind: 'cash', count: 1, totalKobo: 700_000 }, { kind: 'transfer', count: 1, totalKobo: 700_000 }],
  byCashier: [{ staffId: null, name: 'Self-service', count: 2, totalKobo: 1_400_000 }],
  cash: { floatKobo: 1_000_000, cashInKobo: 0, cashOutKobo: 200_000, tenderedKobo: 1_000_000, changeKobo: 300_000, cashSalesKobo: 700_000, unsettledCashKobo: 350_000, expectedKobo: 1_500_000 },
  cashMovements: [{ kind: 'out', amountKobo: 200_000, reason: 'Banked', staffName: 'Bola Adeyemi', at: '2025-11-21T10:00:00.000Z' }],
  unsettled: [{ id: 'S-20251121-0050', state: 'unknown', kind: 'hotel', quoteKobo: 350_000, createdAt: '2025-11-21T11:00:00.000Z', staffName: 'Bola Adeyemi' }],
};

describe('reportInputFromShift', () => {
  const reportContext = { merchant: settings.merchant, terminal: { id: 'T01', name: 'Box office 1' }, trainingMode: false };

  it('lays out an X report with product and tender names', () => {
    const input = reportInputFromShift(xReport, reportContext);
    expect(reportReceiptInputSchema.safeParse(input).success).toBe(true);
    expect(input).toMatchObject({ kind: 'X', zNumber: null, closedAt: null, closedBy: null, openedBy: 'Bola Adeyemi', shiftNumber: 3 });
    expect(input.byProduct).toEqual([{ label: 'Cinema tickets', count: 2, totalKobo: 1_400_000 }]);
    expect(input.byTender.map((line) => line.label)).toEqual(['Cash', 'Transfer']);
    expect(input.cash).toMatchObject({ cashOutKobo: 200_000, unsettledCashKobo: 350_000, expectedKobo: 1_500_000, countedKobo: null, differenceKobo: null });
    expect(input.unsettled).toEqual([{ saleId: 'S-20251121-0050', state: 'unknown', product: 'Hotel rooms', amountKobo: 350_000, createdAt: '2025-11-21T11:00:00.000Z', staffName: 'Bola Adeyemi' }]);
  });

  it('lays out a Z report with its number, who closed it and the count', () => {
    const z: ZReport = { ...xReport, zNumber: 14, closedAt: '2025-11-21T19:00:00.000Z', closedBy: { id: 1, name: 'Bola Adeyemi' }, countedKobo: 1_450_000, differenceKobo: -50_000 };
    const input = reportInputFromShift(z, { ...reportContext, trainingMode: true });
    expect(reportReceiptInputSchema.safeParse(input).success).toBe(true);
    expect(input).toMatchObject({ kind: 'Z', zNumber: 14, training: true, closedBy: 'Bola Adeyemi', cash: { countedKobo: 1_450_000, differenceKobo: -50_000 } });
  });
});

describe('print jobs', () => {
  const receipt = receiptInputFromSale(sale({}), context);
  const job = (overrides: Partial<PrintJob>): PrintJob => ({
    id: 5,
    terminalId: 'T01',
    shiftId: 1,
    saleId: 'S-20251121-0042',
    kind: 'receipt',
    copyNumber: 1,
    receiptNumber: 42,
    mayHavePrinted: false,
    printedAt: null,
    supersededBy: null,
    state: 'queued',
    attempts: 0,
    nextAttemptAt: '2025-11-21T15:04:05.000Z',
    deadlineAt: '2025-11-21T15:19:05.000Z',
    heldAt: null,
    lastError: null,
    lastErrorSaid: null,
    payload: { receipt: receipt.ok ? receipt.value : null, requestedBy: null },
    createdAt: '2025-11-21T15:04:05.000Z',
    updatedAt: '2025-11-21T15:04:05.000Z',
    ...overrides,
  });
  const layout = { type: 'epson', columns: 32 } as const;

  it("print the journal's copy number, whatever the payload says", () => {
    expect(reprintNumber(job({}))).toBe(0);
    expect(reprintNumber(job({ kind: 'reprint', copyNumber: 4 }))).toBe(3);
    const original = documentForJob(job({}), layout);
    const copy = documentForJob(job({ kind: 'reprint', copyNumber: 3, createdAt: '2025-11-21T16:00:00.000Z', payload: { receipt: receipt.ok ? receipt.value : null, requestedBy: { staffId: 2, name: 'Bola' } } }), layout);
    expect(original.ok && copy.ok).toBe(true);
    if (!original.ok || !copy.ok) return;
    expect(original.value.text).not.toContain('COPY');
    expect(original.value.text).toMatch(/Receipt no\. +T01-000042/);
    expect(copy.value.text).toContain('C O P Y   2');
    expect(copy.value.text).toMatch(/Printed 21 Nov 2025 17:00\s+by\s+Bola/);
    expect(copy.value.text).toMatch(/Receipt no\. +T01-000042/);
    expect(copy.value.id).toBe('sale-S-20251121-0042-copy-2');
    expect(copy.value.text.split('\n').every((line) => line.length <= 32)).toBe(true);
    expect(copy.value.bytes.length).toBeGreaterThan(100);
    expect(jobTitle(job({ kind: 'reprint', copyNumber: 3 }))).toBe('Receipt COPY 2');
  });

  it('refuse a payload that is not what the job kind prints', () => {
    expect(documentForJob(job({ payload: { receipt: { saleId: 'x' }, requestedBy: null } }), layout)).toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
    expect(documentForJob(job({ kind: 'report', saleId: null, payload: { receipt: receipt.ok && receipt.value, requestedBy: null } }), layout).ok).toBe(false);
    expect(documentForJob(job({ kind: 'test', saleId: null, payload: null }), layout).ok).toBe(false);
  });
});

describe('printer status for the strip', () => {
  const at = { description: 'network printer 192.168.1.50:9100', preview: false, checkedAt: '2025-11-21T15:04:05.000Z' };

  it('names where the printer is', () => {
    expect(printerPlace('tcp://192.168.1.50:9100')).toBe('192.168.1.50');
    expect(printerPlace('tcp://printer.local:9101')).toBe('printer.local:9101');
    expect(printerPlace('printer:Counter_1')).toBe('printer Counter_1');
    expect(printerPlace('file:/dev/usb/lp0')).toBe('/dev/usb/lp0');
  });

  it('says what each state means for the cashier', () => {
    const view = (state: 'ready' | 'offline' | 'paper-out' | 'cover-open' | 'unknown', checkedAt: string | null = at.checkedAt) =>
      printerStatusView({ state, detail: 'd' }, { ...at, checkedAt, place: '192.168.1.50' });
    expect(view('ready')).toMatchObject({ health: 'ok', label: 'Printer ready' });
    // The roll nearly finished: still ready, but amber, so the warning is seen before the paper runs out.
    expect(printerStatusView({ state: 'ready', detail: 'd', said: { key: 'said.printer.paperLow' } }, { ...at, place: '192.168.1.50' })).toMatchObject({ health: 'degraded', label: 'Printer ready' });
    expect(view('paper-out')).toMatchObject({ health: 'down', label: 'Printer out of paper' });
    expect(view('cover-open')).toMatchObject({ health: 'down', label: 'Printer cover open' });
    expect(view('offline')).toMatchObject({ health: 'down', label: 'Printer offline (192.168.1.50)' });
    expect(view('unknown')).toMatchObject({ health: 'degraded', label: 'Printer not answering at 192.168.1.50' });
    expect(view('unknown', null)).toMatchObject({ health: 'unknown', label: 'Printer not checked yet' });
    expect(printerStatusView({ state: 'ready', detail: 'd' }, { ...at, preview: true, place: 'this computer' }).label).toBe('Preview printer');
  });
});
