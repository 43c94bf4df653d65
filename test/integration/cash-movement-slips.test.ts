import { describe, expect, it } from 'vitest';
import { formatNairaPlain } from '../../shared/money';
import { decodeEscPos, textLines } from '../helpers/escpos-decoder';
import { jobConnections, openPrintTill, usePrintTill, waitFor } from '../helpers/print-queue-till';
import { startFakePrinter } from '../helpers/fake-printer';
import { readyToSell, value } from '../helpers/sales-fixture';

/**
 * Cash in and out of the drawer outside a sale, through createPos(...).api: the movement is in the
 * shift's figures, and a voucher prints on the (fake, TCP) printer and opens the drawer, read back
 * with the ESC/POS decoder.
 */

const { partner, printer, till } = usePrintTill();

/** The papers the printer received whose text has `title`, decoded. */
const papersTitled = (title: string) =>
  jobConnections(printer())
    .map((connection) => decodeEscPos(connection.bytes, 'epson'))
    .filter((items) => textLines(items).some((line) => line.trim() === title));

/** The papers titled `title` whose Reason line is `reason`: each test's own, whatever ran before it. */
const papersFor = (title: string, reason: string) => papersTitled(title).filter((items) => textLines(items).some((line) => new RegExp(`^Reason +${reason}$`).test(line)));

describe('cash in and out', () => {
  it('prints a voucher for the drawer, opening it, for money taken out and for money put in', async () => {
    await readyToSell(till().pos);
    const report = value(await till().pos.api['shift:cash']({ kind: 'out', amountKobo: 250_000, reason: 'Generator diesel' }));
    expect(report.cash.cashOutKobo).toBe(250_000);

    const [out] = await waitFor('the CASH OUT voucher', () => {
      const found = papersFor('CASH OUT', 'Generator diesel');
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
      const found = papersFor('CASH IN', 'Change from the safe');
      return found.length === 1 && found;
    });
    expect(textLines(into!).join('\n')).toMatch(new RegExp(`Paid in +${formatNairaPlain(500_000)}`));
    expect(into!.filter((item) => item.kind === 'drawer')).toHaveLength(1);
  });

  it("queues the voucher in the movement's own commit: cash moved through the journal alone has its voucher waiting at once", async () => {
    await readyToSell(till().pos);
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
    await readyToSell(till().pos);
    const before = jobConnections(printer()).length;
    // More than the drawer should hold: the desk refuses it (the request itself is well formed).
    const refused = await till().pos.api['shift:cash']({ kind: 'out', amountKobo: 100_000_000, reason: 'Pay the supplier' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'VALIDATION' } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(jobConnections(printer()).length).toBe(before);
  });
});

/**
 * A till of its own (its own fake printer) where only supervisors open the drawer without a sale
 * and take cash out, the NO SALE slips and CASH OUT vouchers it printed, and its closing.
 */
async function supervisorsOnlyTill() {
  const guarded = await startFakePrinter();
  const other = openPrintTill({ partnerUrl: partner().url, printer: guarded, noSaleBy: 'supervisor', cashOutBy: 'supervisor' });
  const titled = (title: string) => jobConnections(guarded).map((connection) => decodeEscPos(connection.bytes, 'epson')).filter((items) => textLines(items).includes(title));
  const close = async () => {
    await other.close();
    await guarded.close();
  };
  return { other, slips: () => titled('NO SALE'), vouchers: () => titled('CASH OUT'), close };
}

describe('cash out on a till where only a supervisor may take cash out', () => {
  it("a cashier is refused without a supervisor's PIN, and with a wrong one or a cashier's, nothing recorded or printed; cash in stays hers", async () => {
    const { other, vouchers, close } = await supervisorsOnlyTill();
    try {
      const boss = await readyToSell(other.pos);
      value(await other.pos.api['shift:cash']({ kind: 'in', amountKobo: 500_000, reason: 'Float top-up' }));
      expect(value(await other.pos.api['app:info']({})).cashOutBy).toBe('supervisor');
      const cashier = value(await other.pos.api['staff:create']({ name: 'Tunde Bakare', role: 'cashier', pin: '1357' }));
      const colleague = value(await other.pos.api['staff:create']({ name: 'Kemi Ade', role: 'cashier', pin: '8642' }));
      value(await other.pos.api['staff:sign-out']({}));
      value(await other.pos.api['staff:sign-in']({ staffId: cashier.id, pin: '1357' }));
      const out = { kind: 'out', amountKobo: 150_000, reason: 'Diesel for the generator' } as const;
      expect(await other.pos.api['shift:cash'](out)).toMatchObject({
        ok: false,
        error: { code: 'FORBIDDEN', message: 'Only a supervisor can take cash out of the drawer. Ask a supervisor to approve it with their PIN on this screen, or to sign in.' },
      });
      expect(await other.pos.api['shift:cash']({ ...out, approval: { supervisorId: boss.id, pin: '0000' } })).toMatchObject({
        ok: false,
        error: { code: 'UNAUTHORIZED', message: "That is not Bola Adeyemi's PIN. No cash was taken out; try again." },
      });
      expect(await other.pos.api['shift:cash']({ ...out, approval: { supervisorId: colleague.id, pin: '8642' } })).toMatchObject({
        ok: false,
        error: { code: 'FORBIDDEN', message: 'Kemi Ade is a cashier. Only a supervisor can approve taking cash out of the drawer.' },
      });
      expect(await other.pos.api['shift:cash']({ ...out, approval: { supervisorId: cashier.id, pin: '1357' } })).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
      // Cash in needs nobody's approval.
      const cashIn = value(await other.pos.api['shift:cash']({ kind: 'in', amountKobo: 20_000, reason: 'Coins from the safe' }));
      expect(cashIn.cashMovements.map((m) => [m.kind, m.amountKobo, m.staffName])).toEqual([['in', 500_000, 'Bola Adeyemi'], ['in', 20_000, 'Tunde Bakare']]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(vouchers()).toEqual([]);
    } finally {
      await close();
    }
  });

  it("a cashier takes cash out with another supervisor's PIN typed on her screen: recorded, its voucher and the X report say who approved", async () => {
    const { other, vouchers, close } = await supervisorsOnlyTill();
    try {
      const boss = await readyToSell(other.pos);
      const before = value(await other.pos.api['shift:cash']({ kind: 'in', amountKobo: 500_000, reason: 'Float top-up' })).cash.expectedKobo;
      const cashier = value(await other.pos.api['staff:create']({ name: 'Tunde Bakare', role: 'cashier', pin: '1357' }));
      value(await other.pos.api['staff:sign-out']({}));
      value(await other.pos.api['staff:sign-in']({ staffId: cashier.id, pin: '1357' }));
      const report = value(await other.pos.api['shift:cash']({ kind: 'out', amountKobo: 150_000, reason: 'Diesel for the generator', approval: { supervisorId: boss.id, pin: '2468' } }));
      expect(report.cashMovements.at(-1)).toMatchObject({ kind: 'out', amountKobo: 150_000, staffName: 'Tunde Bakare', approvedByName: 'Bola Adeyemi' });
      expect(report.cash.expectedKobo).toBe(before - 150_000);
      expect(value(await other.pos.api['staff:status']({}))).toMatchObject({ signedIn: { id: cashier.id } });
      const [voucher] = await waitFor('the CASH OUT voucher', () => vouchers().length === 1 && vouchers());
      const text = textLines(voucher!).join('\n');
      expect(text).toMatch(new RegExp(`Paid out +${formatNairaPlain(150_000)}$`, 'm'));
      expect(text).toMatch(/Approved by +Bola Adeyemi$/m);
      expect(voucher!.filter((item) => item.kind === 'drawer')).toHaveLength(1);
      expect(value(await other.pos.api['report:preview']({ kind: 'x' })).text).toMatch(/Diesel for the generator\s+\(Tunde Bakare,\s+approved by\s+Bola Adeyemi\)/);

      // A supervisor signed in takes cash out without anyone's PIN, and the voucher names no approver.
      value(await other.pos.api['staff:sign-out']({}));
      value(await other.pos.api['staff:sign-in']({ staffId: boss.id, pin: '2468' }));
      value(await other.pos.api['shift:cash']({ kind: 'out', amountKobo: 10_000, reason: 'Stamps' }));
      const [, second] = await waitFor('the second voucher', () => vouchers().length === 2 && vouchers());
      expect(textLines(second!).join('\n')).not.toMatch(/Approved by/);
    } finally {
      await close();
    }
  });
});

describe('no sale: the drawer opened without a sale', () => {
  it('prints a NO SALE slip that opens the drawer, and the X report counts and lists each one with its reason', async () => {
    await readyToSell(till().pos);
    const before = value(await till().pos.api['shift:current']({})).report!;
    const answer = value(await till().pos.api['shift:no-sale']({ reason: 'Change for a ₦1,000 note' }));
    expect(answer.drawerPulse).toBe(true);
    expect(answer.report.drawerOpenings?.at(-1)).toMatchObject({ reason: 'Change for a ₦1,000 note', staffName: 'Bola Adeyemi' });
    // Nothing was paid in or out: the drawer should hold what it held.
    expect(answer.report.cash.expectedKobo).toBe(before.cash.expectedKobo);

    const [slip] = await waitFor('the NO SALE slip', () => {
      const found = papersFor('NO SALE', 'Change for a NGN1,000 note');
      return found.length === 1 && found;
    });
    const text = textLines(slip!).join('\n');
    expect(text).toContain('Drawer opened without a sale');
    // Printer code pages have no ₦: it prints as NGN.
    expect(text).toMatch(/Reason +Change for a NGN1,000 note$/m);
    expect(text).toMatch(/Bola Adeyemi/);
    expect(text).toMatch(new RegExp(`No sale no\\. +${answer.report.drawerOpenings!.at(-1)!.id}`));
    expect(text).not.toMatch(/Paid (in|out)/);
    expect(slip!.filter((item) => item.kind === 'drawer')).toEqual([{ kind: 'drawer', pin: 2, onMs: 50, offMs: 500 }]);

    const paper = value(await till().pos.api['report:preview']({ kind: 'x' })).text;
    expect(paper).toMatch(new RegExp(`No sale \\(drawer opened\\) +${answer.report.drawerOpenings!.length}`));
    expect(paper).toContain('Change for a');
  });

  it('on a till whose printer has no drawer set, says so (open it with its key) and its slip sends no pulse', async () => {
    const keyOnly = await startFakePrinter();
    const other = openPrintTill({ partnerUrl: partner().url, printer: keyOnly, cashDrawer: 'off' });
    try {
      await readyToSell(other.pos);
      const answer = value(await other.pos.api['shift:no-sale']({ reason: 'Checked a note' }));
      expect(answer.drawerPulse).toBe(false);
      const [slip] = await waitFor('the NO SALE slip', () => {
        const found = jobConnections(keyOnly).map((connection) => decodeEscPos(connection.bytes, 'epson')).filter((items) => textLines(items).includes('NO SALE'));
        return found.length === 1 && found;
      });
      expect(textLines(slip!).join('\n')).toMatch(/Reason +Checked a note$/m);
      expect(slip!.filter((item) => item.kind === 'drawer')).toEqual([]);
    } finally {
      await other.close();
      await keyOnly.close();
    }
  });

  it('on a till where only a supervisor may: a cashier is refused in plain words, nothing is recorded or printed; a supervisor opens it', async () => {
    const { other, slips, close } = await supervisorsOnlyTill();
    try {
      const boss = await readyToSell(other.pos);
      expect(value(await other.pos.api['app:info']({})).noSaleBy).toBe('supervisor');
      const cashier = value(await other.pos.api['staff:create']({ name: 'Tunde Bakare', role: 'cashier', pin: '1357' }));
      value(await other.pos.api['staff:sign-out']({}));
      value(await other.pos.api['staff:sign-in']({ staffId: cashier.id, pin: '1357' }));
      expect(await other.pos.api['shift:no-sale']({ reason: 'Change for a customer' })).toMatchObject({
        ok: false,
        error: { code: 'FORBIDDEN', message: 'Only a supervisor can open the drawer without a sale. Ask a supervisor to approve it with their PIN on this screen, or to sign in.' },
      });
      expect(value(await other.pos.api['shift:current']({})).report!.drawerOpenings).toEqual([]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(slips()).toEqual([]);

      value(await other.pos.api['staff:sign-out']({}));
      value(await other.pos.api['staff:sign-in']({ staffId: boss.id, pin: '2468' }));
      const answer = value(await other.pos.api['shift:no-sale']({ reason: 'Change for a customer' }));
      expect(answer.report.drawerOpenings!.map((opening) => [opening.reason, opening.staffName])).toEqual([['Change for a customer', 'Bola Adeyemi']]);
      await waitFor('the NO SALE slip', () => slips().length === 1);
    } finally {
      await close();
    }
  });

  it("on such a till, a cashier opens it with another supervisor's PIN typed on her screen: recorded and printed with who approved", async () => {
    const { other, slips, close } = await supervisorsOnlyTill();
    try {
      const boss = await readyToSell(other.pos);
      const cashier = value(await other.pos.api['staff:create']({ name: 'Tunde Bakare', role: 'cashier', pin: '1357' }));
      const colleague = value(await other.pos.api['staff:create']({ name: 'Kemi Ade', role: 'cashier', pin: '8642' }));
      // A supervisor signed in is offered only the other supervisors (none here).
      expect(value(await other.pos.api['staff:approvers']({})).approvers).toEqual([]);
      value(await other.pos.api['staff:sign-out']({}));
      expect(await other.pos.api['staff:approvers']({})).toMatchObject({ ok: false, error: { code: 'UNAUTHORIZED' } });
      value(await other.pos.api['staff:sign-in']({ staffId: cashier.id, pin: '1357' }));
      expect(value(await other.pos.api['staff:approvers']({})).approvers).toEqual([{ id: boss.id, name: 'Bola Adeyemi' }]);

      // A wrong PIN, or a cashier's: refused in plain words, nothing recorded, nothing printed.
      expect(await other.pos.api['shift:no-sale']({ reason: 'Change for a customer', approval: { supervisorId: boss.id, pin: '0000' } })).toMatchObject({
        ok: false,
        error: { code: 'UNAUTHORIZED', message: "That is not Bola Adeyemi's PIN. The drawer was not opened; try again." },
      });
      expect(await other.pos.api['shift:no-sale']({ reason: 'Change for a customer', approval: { supervisorId: colleague.id, pin: '8642' } })).toMatchObject({
        ok: false,
        error: { code: 'FORBIDDEN', message: 'Kemi Ade is a cashier. Only a supervisor can approve opening the drawer without a sale.' },
      });
      expect(value(await other.pos.api['shift:current']({})).report!.drawerOpenings).toEqual([]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(slips()).toEqual([]);

      const answer = value(await other.pos.api['shift:no-sale']({ reason: 'Change for a customer', approval: { supervisorId: boss.id, pin: '2468' } }));
      expect(answer.report.drawerOpenings).toEqual([expect.objectContaining({ reason: 'Change for a customer', staffName: 'Tunde Bakare', approvedByName: 'Bola Adeyemi' })]);
      // The cashier is still the one signed in.
      expect(value(await other.pos.api['staff:status']({}))).toMatchObject({ signedIn: { id: cashier.id } });
      const [slip] = await waitFor('the NO SALE slip', () => slips().length === 1 && slips());
      const text = textLines(slip!).join('\n');
      expect(text).toMatch(/Tunde Bakare/);
      expect(text).toMatch(/Approved by +Bola Adeyemi$/m);
      expect(slip!.filter((item) => item.kind === 'drawer')).toHaveLength(1);
      // The X report's line wraps at the paper's width.
      expect(value(await other.pos.api['report:preview']({ kind: 'x' })).text).toMatch(/Change for a customer\s+\(Tunde Bakare, approved by Bola Adeyemi\)/);
    } finally {
      await close();
    }
  });

  it('is refused without a reason, and prints nothing then', async () => {
    await readyToSell(till().pos);
    const printed = jobConnections(printer()).length;
    expect(await till().pos.api['shift:no-sale']({ reason: '  ' })).toMatchObject({ ok: false, error: { code: 'VALIDATION' } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(jobConnections(printer()).length).toBe(printed);
  });
});
