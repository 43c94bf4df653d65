import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatNairaPlain } from '../../shared/money';
import { startFakePrinter, type FakePrinter } from '../helpers/fake-printer';
import { openPrintTill, printedReceipts, sellTickets, waitFor, type PrintTill } from '../helpers/print-queue-till';
import { startSalesPartner, value, type SalesPartner } from '../helpers/sales-fixture';

/**
 * The refund slip on paper: a refund through the contract prints two slips on the (fake, TCP)
 * printer, read back with the ESC/POS decoder: REFUND, the original sale and its reference, what
 * was refunded, who asked and who approved; the drawer's copy has the approver's signature line.
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

describe('refund slips', () => {
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
});
