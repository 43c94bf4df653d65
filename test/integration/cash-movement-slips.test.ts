import { describe, expect, it } from 'vitest';
import { formatNairaPlain } from '../../shared/money';
import { decodeEscPos, textLines } from '../helpers/escpos-decoder';
import { jobConnections, usePrintTill, waitFor } from '../helpers/print-queue-till';
import { readyToSell, value } from '../helpers/sales-fixture';

/**
 * Cash in and out of the drawer outside a sale, through createPos(...).api: the movement is in the
 * shift's figures, and a voucher prints on the (fake, TCP) printer and opens the drawer, read back
 * with the ESC/POS decoder.
 */

const { printer, till } = usePrintTill();

/** The papers the printer received whose text has `title`, decoded. */
const papersTitled = (title: string) =>
  jobConnections(printer())
    .map((connection) => decodeEscPos(connection.bytes, 'epson'))
    .filter((items) => textLines(items).some((line) => line.trim() === title));

describe('cash in and out', () => {
  it('prints a voucher for the drawer, opening it, for money taken out and for money put in', async () => {
    await readyToSell(till().pos);
    const report = value(await till().pos.api['shift:cash']({ kind: 'out', amountKobo: 250_000, reason: 'Generator diesel' }));
    expect(report.cash.cashOutKobo).toBe(250_000);

    const [out] = await waitFor('the CASH OUT voucher', () => {
      const found = papersTitled('CASH OUT');
      return found.length === 1 && found;
    });
    const text = textLines(out!).join('\n');
    expect(text).toContain('Taken out of the drawer');
    expect(text).toMatch(new RegExp(`Paid out +${formatNairaPlain(250_000)}`));
    expect(text).toMatch(/Reason +Generator diesel/);
    expect(text).toMatch(new RegExp(`Shift +${report.shiftNumber}`));
    expect(text).toMatch(/Bola Adeyemi/);
    expect(text).toContain('Cash received by');
    expect(text).toMatch(/Voucher no\. +\d+/);
    expect(out!.filter((item) => item.kind === 'drawer')).toEqual([{ kind: 'drawer', pin: 2, onMs: 50, offMs: 500 }]);

    value(await till().pos.api['shift:cash']({ kind: 'in', amountKobo: 500_000, reason: 'Change from the safe' }));
    const [into] = await waitFor('the CASH IN voucher', () => {
      const found = papersTitled('CASH IN');
      return found.length === 1 && found;
    });
    expect(textLines(into!).join('\n')).toMatch(new RegExp(`Paid in +${formatNairaPlain(500_000)}`));
    expect(into!.filter((item) => item.kind === 'drawer')).toHaveLength(1);
  });

  it("queues the voucher in the movement's own commit: cash moved through the journal alone has its voucher waiting at once", async () => {
    const journal = till().journal;
    const moved = journal.shifts.moveCash({ kind: 'in', amountKobo: 5_000, reason: 'Coins for change', staffId: 1 });
    expect(moved.ok).toBe(true);
    if (!moved.ok) return;
    // No await since: the job was written with the movement, not after it.
    const jobs = journal.printJobs.list({ limit: 20 });
    expect(jobs.ok).toBe(true);
    const vouchers = jobs.ok ? jobs.value.filter((job) => job.kind === 'slip' && JSON.stringify(job.payload).includes(`"Voucher no.","value":"${moved.value.id}"`)) : [];
    expect(vouchers).toHaveLength(1);
    expect(vouchers[0]!.payload).toMatchObject({ slip: { title: 'CASH IN', staffName: 'Bola Adeyemi', cashMoves: true } });
    // And it prints like any job.
    await waitFor('the voucher to print', () => papersTitled('CASH IN').some((items) => textLines(items).some((line) => new RegExp(`Voucher no\\. +${moved.value.id}$`).test(line))));
  });

  it('prints nothing for a movement the till refused', async () => {
    const before = jobConnections(printer()).length;
    // More than the drawer should hold: the desk refuses it (the request itself is well formed).
    const refused = await till().pos.api['shift:cash']({ kind: 'out', amountKobo: 100_000_000, reason: 'Pay the supplier' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'VALIDATION' } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(jobConnections(printer()).length).toBe(before);
  });
});
