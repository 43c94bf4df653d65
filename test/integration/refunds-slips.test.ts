import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatNairaPlain } from '../../shared/money';
import { startFakePrinter, type FakePrinter } from '../helpers/fake-printer';
import { jobConnections, openPrintTill, printedReceipts, sellTickets, waitFor, type PrintTill } from '../helpers/print-queue-till';
import { decodeEscPos } from '../helpers/escpos-decoder';
import { readyToSell, startSalesPartner, value, type SalesPartner } from '../helpers/sales-fixture';

/**
 * The refund slip on paper: a refund through the contract prints two slips on the (fake, TCP)
 * printer, read back with the ESC/POS decoder: REFUND, the original sale and its reference, what
 * was refunded, who asked and who approved; the drawer's copy has the approver's signature line.
 * And the slips a crash kept from being queued (a refund or card reversal in the journal, the
 * process gone before its slips were): the next start prints them, and never twice.
 */

let partner: SalesPartner;
let printer: FakePrinter;
let till: PrintTill;

beforeAll(async () => {
  partner = await startSalesPartner();
  printer = await startFakePrinter();
  till = openPrintTill({ partnerUrl: partner.url, printer });
});
afterAll(async () => {
  await till.close();
  await printer.close();
  await partner.close();
});

// The cases share one till and printer and count its papers and staff in turn, so vitest keeps
// them in order under --sequence.shuffle.
describe('refund slips', { shuffle: false }, () => {
  it('two copies of the REFUND slip, the customer’s and the drawer’s signed by the approver', async () => {
    const { sale } = await sellTickets(till, [['Regular', 3]]);
    await waitFor('the sale receipt', () => printedReceipts(printer, 'epson').length === 1);
    const ngozi = value(await till.pos.api['staff:create']({ name: 'Ngozi Okafor', role: 'supervisor', pin: '8642' }));
    const refund = value(
      await till.pos.api['correction:refund']({
        correctionId: `R-${randomUUID()}`,
        saleId: sale.id,
        basis: 0,
        tender: 'cash',
        lines: [{ line: 0, quantity: 2 }],
        approval: { supervisorId: ngozi.id, pin: '8642' },
        reason: 'customer-cancelled',
        note: 'Cannot make the show',
      }),
    );
    const slips = await waitFor('both slips', () => {
      const printed = printedReceipts(printer, 'epson').slice(1);
      return printed.length === 2 ? printed.map((lines) => lines.join('\n')) : false;
    });
    for (const slip of slips) {
      expect(slip).toContain('REFUND');
      expect(slip).toContain(sale.partnerReference!);
      expect(slip).toContain(sale.id);
      expect(slip).toContain(`2 x ${sale.lines[0]!.label}`);
      expect(slip).toContain(formatNairaPlain(refund.correction.amountKobo));
      expect(slip).toMatch(/Approved by\s+Ngozi Okafor/);
      expect(slip).toMatch(/Asked by\s+Bola Adeyemi/);
      expect(slip).toContain('The customer cancelled');
      expect(slip).not.toContain('?');
    }
    expect(slips[0]).toContain('Customer copy');
    expect(slips[1]).toContain('Drawer copy');
    expect(slips[1]).toContain('Approved by Ngozi Okafor:');
    expect(slips[0]).not.toContain('Approved by Ngozi Okafor:');
    // The drawer opened for the cash sale and again for the cash going back, with the copy it keeps.
    expect(jobConnections(printer).map((connection) => decodeEscPos(connection.bytes, 'epson').filter((item) => item.kind === 'drawer').length)).toEqual([1, 0, 1]);
    const jobs = value(await till.pos.api['print:jobs']({ saleId: sale.id, limit: 10 })).jobs;
    expect(jobs.filter((job) => job.kind === 'slip')).toHaveLength(2);

    // The printed X report has the refund on its own lines, and the cancellation still owed.
    const before = printedReceipts(printer, 'epson').length;
    value(await till.pos.api['report:print']({ kind: 'x' }));
    const report = (await waitFor('the X report', () => printedReceipts(printer, 'epson')[before])).join('\n');
    expect(report).toContain('VOIDS AND REFUNDS');
    expect(report).toMatch(new RegExp(`Refunds \\(1\\)\\s+-${formatNairaPlain(refund.correction.amountKobo)}`));
    expect(report).toMatch(new RegExp(`Refund, cash \\(1\\)\\s+-${formatNairaPlain(refund.correction.amountKobo)}`));
    expect(report).toMatch(/Ngozi Okafor \(1\)/);
    expect(report).toMatch(new RegExp(`Cash given back\\s+-${formatNairaPlain(refund.correction.amountKobo)}`));
    expect(report).toContain('CANCELLATIONS OWED (1)');
    expect(report).toContain(`${sale.partnerReference}, owed`);
  });

  it('a French sale’s refund: the customer’s copy in French, as the receipt was, with its accents; the drawer’s in English for staff', async () => {
    const receiptsBefore = printedReceipts(printer, 'epson').length;
    const { sale } = await sellTickets(till, [['Regular', 1]], { language: 'fr' });
    await waitFor('the sale receipt', () => printedReceipts(printer, 'epson').length === receiptsBefore + 1);
    const staff = value(await till.pos.api['staff:list']({})).staff;
    const approver = staff.find((member) => member.name === 'Ngozi Okafor') ?? value(await till.pos.api['staff:create']({ name: 'Ngozi Okafor', role: 'supervisor', pin: '8642' }));
    value(
      await till.pos.api['correction:refund']({
        correctionId: `R-${randomUUID()}`,
        saleId: sale.id,
        basis: 0,
        tender: 'cash',
        lines: [{ line: 0, quantity: 1 }],
        approval: { supervisorId: approver.id, pin: '8642' },
        reason: 'customer-cancelled',
        note: 'Empêchée',
      }),
    );
    const [customerCopy, drawerCopy] = await waitFor('both slips', () => {
      const printed = printedReceipts(printer, 'epson').slice(receiptsBefore + 1);
      return printed.length === 2 ? printed.map((lines) => lines.join('\n')) : false;
    });
    expect(customerCopy).toContain('REMBOURSEMENT');
    expect(customerCopy).toContain('Exemplaire client');
    expect(customerCopy).toContain('Le client a annulé');
    expect(customerCopy).toMatch(/Approuvé par\s+Ngozi Okafor/);
    expect(customerCopy).toContain('Empêchée');
    expect(customerCopy).toMatch(/Quand .*\d{2}:\d{2}/);
    expect(customerCopy).not.toMatch(/Customer copy|The customer cancelled|\d(AM|PM)/);
    expect(customerCopy).not.toMatch(/[?\uFFFD]/);
    expect(drawerCopy).toContain('REFUND');
    expect(drawerCopy).toContain('Drawer copy');
    expect(drawerCopy).toContain('The customer cancelled');
    // The same papers on screen, by job; a job of another sale is not this sale's to show.
    const slipJobs = value(await till.pos.api['print:jobs']({ saleId: sale.id, limit: 10 })).jobs.filter((job) => job.kind === 'slip');
    const shown = await Promise.all(slipJobs.map(async (job) => value(await till.pos.api['receipt:preview']({ saleId: sale.id, jobId: job.id })).text));
    expect(shown.some((text) => text.includes('Exemplaire client'))).toBe(true);
    expect(shown.some((text) => text.includes('Drawer copy'))).toBe(true);
    const { sale: other } = await sellTickets(till, [['Regular', 1]]);
    expect(await till.pos.api['receipt:preview']({ saleId: other.id, jobId: slipJobs[0]!.id })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
  });

  it('a refund whose slips a crash kept from being queued: the next start queues both, and a start after that none again', async () => {
    const { sale } = await sellTickets(till, [['Regular', 2]]);
    await waitFor('the sale receipt', () => printedReceipts(printer, 'epson').some((lines) => lines.join('\n').includes(sale.id)));
    const supervisor = value(await till.pos.api['staff:create']({ name: 'Chidi Eze', role: 'supervisor', pin: '9753' }));
    // The money went back and the refund is in the journal, but the process died before its slips were queued:
    // written as the desk writes it, without the event that queues the slips.
    const correctionId = `R-${randomUUID()}`;
    value(
      till.journal.corrections.record({
        id: correctionId,
        saleId: sale.id,
        seq: 1,
        kind: 'refund',
        tender: 'cash',
        route: 'drawer',
        amountKobo: Math.floor(sale.lines[0]!.totalKobo / sale.lines[0]!.quantity),
        lines: [{ line: 0, quantity: 1 }],
        reason: 'customer-cancelled',
        note: 'Left before the show',
        askedBy: 1, // the cashier signed in (Bola Adeyemi)
        approvedBy: supervisor.id,
      }),
    );
    const slipsOf = (journal: PrintTill['journal']) =>
      value(journal.printJobs.list({ saleId: sale.id, limit: 50 })).filter((job) => job.kind === 'slip');
    expect(slipsOf(till.journal)).toHaveLength(0);
    const dataDir = till.dataDir;
    const printedBefore = printedReceipts(printer, 'epson').length;
    await till.close({ keepData: true });

    till = openPrintTill({ partnerUrl: partner.url, printer, dataDir });
    const slips = await waitFor('both slips after the restart', () => {
      const printed = printedReceipts(printer, 'epson').slice(printedBefore).map((lines) => lines.join('\n'));
      return printed.length === 2 ? printed : false;
    });
    expect(slips.every((slip) => slip.includes('REFUND') && slip.includes(sale.id) && slip.includes('Left before the show'))).toBe(true);
    expect(slips.map((slip) => (slip.includes('Customer copy') ? 'customer' : slip.includes('Drawer copy') ? 'drawer' : '?')).sort()).toEqual(['customer', 'drawer']);
    expect(slipsOf(till.journal)).toHaveLength(2);

    await till.close({ keepData: true });
    till = openPrintTill({ partnerUrl: partner.url, printer, dataDir });
    // Give the start-up check its turn; it must find both slips queued already.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(slipsOf(till.journal)).toHaveLength(2);
    expect(printedReceipts(printer, 'epson').length).toBe(printedBefore + 2);
  });

  it('a card payment given back whose slip a crash kept from being queued: the next start queues it, once', async () => {
    // Signed in with a shift open, whatever ran before: the sale below is written straight into it.
    await readyToSell(till.pos);
    // A sale paid at the terminal, refused by the partner, its payment reversed: each step as the
    // journal takes it, without the events that would queue the slip (the process died first).
    const saleId = `RV-${randomUUID().slice(0, 8)}`;
    value(
      till.journal.sales.create({
        id: saleId,
        staffId: 1,
        kind: 'cinema',
        quoteKobo: 450_000,
        request: { merchant_reference: saleId },
        details: { kind: 'cinema', title: 'Harmattan Heart · Marina Screens', subtitle: 'Sat 21 Nov, 7:30 PM', lines: [], customer: { name: 'Ada Obi', email: 'ada@example.ng', phone: '+2348030000000' } },
        tenders: [{ kind: 'card', amountKobo: 450_000 }],
      }),
    );
    const payment = value(till.journal.payments.begin({ saleId, device: 'Terminal 1', amountKobo: 450_000 }));
    value(till.journal.payments.move(payment.reference, 'approved', { terminalReference: 'T-77', transactionReference: 'TX-77', authCode: 'A1B2C3', maskedPan: '**** 4081', scheme: 'visa' }));
    value(till.journal.sales.transition(saleId, 'sent'));
    value(till.journal.sales.transition(saleId, 'rejected', { failureReason: 'The show is sold out.' }));
    value(till.journal.payments.move(payment.reference, 'reversing'));
    value(till.journal.payments.move(payment.reference, 'reversed', { refundReference: 'RF-9' }));
    const slipsOf = (journal: PrintTill['journal']) => value(journal.printJobs.list({ saleId, limit: 50 })).filter((job) => job.kind === 'slip');
    expect(slipsOf(till.journal)).toHaveLength(0);
    const dataDir = till.dataDir;
    const printedBefore = printedReceipts(printer, 'epson').length;
    await till.close({ keepData: true });

    till = openPrintTill({ partnerUrl: partner.url, printer, dataDir });
    const isSlip = (paper: string) => /CARD REVERSAL|C A R D {3}R E V E R S A L/.test(paper) && paper.includes(saleId);
    const slip = await waitFor('the reversal slip after the restart', () =>
      printedReceipts(printer, 'epson')
        .slice(printedBefore)
        .map((lines) => lines.join('\n'))
        .find(isSlip),
    );
    expect(slip).toMatch(/Card +VISA \*\*\*\* 4081/);
    expect(slip).toMatch(/Approval code +A1B2C3/);
    expect(slip).toContain('The show is sold out.');
    expect(slipsOf(till.journal)).toHaveLength(1);

    await till.close({ keepData: true });
    till = openPrintTill({ partnerUrl: partner.url, printer, dataDir });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(slipsOf(till.journal)).toHaveLength(1);
    expect(printedReceipts(printer, 'epson').map((lines) => lines.join('\n')).filter(isSlip)).toHaveLength(1);
  });
});
