import { describe, expect, it } from 'vitest';
import { formatNairaPlain } from '../../shared/money';
import type { CountSheet } from '../../shared/sales/cash-count';
import { decodeEscPos, textLines } from '../helpers/escpos-decoder';
import { jobConnections, usePrintTill, waitFor } from '../helpers/print-queue-till';
import { readyToSell, value } from '../helpers/sales-fixture';

/**
 * The close with the drawer counted note by note, through createPos(...).api: the count is kept in
 * the Z report as it was closed, printed under "Counted" on the Z paper (the fake TCP printer, read
 * back with the ESC/POS decoder), and a count that does not add up to the counted cash is refused.
 */

const { printer, till } = usePrintTill();

describe('closing with the drawer counted by notes', () => {
  it('refuses a count by notes that is not the counted cash, or names a note twice, and closes nothing', async () => {
    await readyToSell(till().pos, 500_000);
    const sheet: CountSheet = { notes: [{ noteKobo: 100_000, count: 5 }], otherKobo: 0 };
    expect(await till().pos.api['shift:close']({ countedKobo: 490_000, countSheet: sheet })).toMatchObject({ ok: false, error: { code: 'VALIDATION', fields: { countSheet: ['must add up to the counted cash'] } } });
    const twice: CountSheet = { notes: [{ noteKobo: 100_000, count: 4 }, { noteKobo: 100_000, count: 1 }], otherKobo: 0 };
    expect(await till().pos.api['shift:close']({ countedKobo: 500_000, countSheet: twice })).toMatchObject({ ok: false, error: { code: 'VALIDATION' } });
    // Not a naira note: refused at the contract.
    expect(await till().pos.api['shift:close']({ countedKobo: 500_000, countSheet: { notes: [{ noteKobo: 250_000, count: 2 }], otherKobo: 0 } } as never)).toMatchObject({ ok: false, error: { code: 'VALIDATION' } });
    expect(value(await till().pos.api['shift:current']({})).report).not.toBeNull();
  });

  it('keeps the count in the Z report and prints it under Counted, each note with its amount, then the coins', async () => {
    await readyToSell(till().pos, 500_000);
    const sheet: CountSheet = { notes: [{ noteKobo: 100_000, count: 4 }, { noteKobo: 50_000, count: 1 }], otherKobo: 45_000 };
    const z = value(await till().pos.api['shift:close']({ countedKobo: 495_000, countSheet: sheet }));
    expect(z).toMatchObject({ countedKobo: 495_000, differenceKobo: -5_000, countSheet: sheet });
    // As it was closed, whenever it is asked for again.
    expect(value(await till().pos.api['shift:z-report']({ zNumber: z.zNumber })).countSheet).toEqual(sheet);

    value(await till().pos.api['report:print']({ kind: 'z', zNumber: z.zNumber }));
    const [paper] = await waitFor('the Z report on paper', () => {
      // The only Z report this file prints (its title is double size; "Shift closed" is plain).
      const found = jobConnections(printer()).map((c) => decodeEscPos(c.bytes, 'epson')).filter((items) => textLines(items).some((line) => line.trim() === 'Shift closed'));
      return found.length === 1 && found;
    });
    const text = textLines(paper!).join('\n');
    const counted = text.indexOf('Counted');
    expect(counted).toBeGreaterThan(-1);
    const after = text.slice(counted);
    expect(after).toMatch(new RegExp(`^ +NGN 1,000 x 4 +${formatNairaPlain(400_000)}$`, 'm'));
    expect(after).toMatch(new RegExp(`^ +NGN 500 x 1 +${formatNairaPlain(50_000)}$`, 'm'));
    expect(after).toMatch(new RegExp(`^ +Coins and other +${formatNairaPlain(45_000)}$`, 'm'));
    // The notes come right after the count, before the shortage.
    expect(after.indexOf('NGN 1,000 x 4')).toBeLessThan(after.indexOf('Short'));
  });

  it('closes as before without a count by notes, and the paper has no note lines', async () => {
    await readyToSell(till().pos, 500_000);
    const z = value(await till().pos.api['shift:close']({ countedKobo: 500_000 }));
    expect(z.countSheet).toBeUndefined();
    expect(value(await till().pos.api['report:preview']({ kind: 'z', zNumber: z.zNumber })).text).not.toMatch(/ x \d+ +NGN|Coins and other/);
  });
});
