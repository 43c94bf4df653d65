import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakePrinter, type FakePrinter } from '../helpers/fake-printer';
import { readyToSell, startSalesPartner, value, type SalesPartner } from '../helpers/sales-fixture';
import { openPrintTill, waitFor, type PrintTill } from '../helpers/print-queue-till';
import { tempFolder } from '../helpers/temp-folder';

/**
 * The cash drawer's switch, read from the printer's status answers (pin 3 of its drawer port) over
 * a real TCP socket to the fake printer: the till says open or closed by the wiring set in
 * `printer.drawerSensor`, pushes each change, and says how long it has been open.
 */

let partner: SalesPartner;
const open: Array<{ close(): Promise<void> }> = [];

beforeAll(async () => {
  partner = await startSalesPartner();
});
afterEach(async () => {
  for (const thing of open.splice(0).reverse()) await thing.close();
});
afterAll(async () => {
  await partner.close();
});

async function printer(options: Parameters<typeof startFakePrinter>[0] = {}): Promise<FakePrinter> {
  const started = await startFakePrinter(options);
  open.push(started);
  return started;
}
function till(on: FakePrinter, options: Omit<Parameters<typeof openPrintTill>[0], 'partnerUrl' | 'printer'>): PrintTill {
  const opened = openPrintTill({ partnerUrl: partner.url, printer: on, ...options });
  open.push(opened);
  return opened;
}
const status = async (t: PrintTill) => value(await t.pos.api['printer:status']({ refresh: true }));

describe('cash drawer sensor', () => {
  it('EPSON, open when high: closed, then open (pushed, with since when), still open since then, then closed again', async () => {
    const p = await printer();
    const t = till(p, { drawerSensor: 'open-when-high' });
    expect(await status(t)).toMatchObject({ state: 'ready', drawerPin: 'low', drawer: 'closed' });
    expect((await status(t)).drawerOpenSince).toBeUndefined();

    p.setDrawerPin('high');
    const opened = await waitFor('the drawer to be said open', () => t.statuses.find((s) => s.drawer === 'open'));
    expect(opened).toMatchObject({ state: 'ready', drawerPin: 'high', drawerOpenSince: expect.any(String) });
    // Later readings keep the moment it opened.
    await waitFor('two more readings', async () => (await status(t)).checkedAt !== opened.checkedAt);
    expect((await status(t)).drawerOpenSince).toBe(opened.drawerOpenSince);

    p.setDrawerPin('low');
    const shut = await waitFor('the drawer to be said closed', () => t.statuses.slice(t.statuses.indexOf(opened) + 1).find((s) => s.drawer === 'closed'));
    expect(shut.drawerOpenSince).toBeUndefined();
    expect(await status(t)).toMatchObject({ drawer: 'closed', drawerPin: 'low' });
  });

  it('wired the other way (open when low): low reads open; and a printer out of paper still tells the drawer', async () => {
    const p = await printer();
    const t = till(p, { drawerSensor: 'open-when-low' });
    expect(await status(t)).toMatchObject({ drawerPin: 'low', drawer: 'open', drawerOpenSince: expect.any(String) });
    p.setDrawerPin('high');
    expect(await status(t)).toMatchObject({ drawer: 'closed' });
    await p.setMode('paper-out');
    p.setDrawerPin('low');
    expect(await status(t)).toMatchObject({ state: 'paper-out', drawer: 'open' });
  });

  it('STAR: the compulsion switch bit of its automatic status', async () => {
    const p = await printer();
    const t = till(p, { type: 'star', drawerSensor: 'open-when-high' });
    expect(await status(t)).toMatchObject({ state: 'ready', drawerPin: 'low', drawer: 'closed' });
    p.setDrawerPin('high');
    expect(await status(t)).toMatchObject({ state: 'ready', drawerPin: 'high', drawer: 'open' });
  });

  it('no sensor set: never open or closed, but the reading is there (for Settings), and a change of it is pushed', async () => {
    const p = await printer();
    const t = till(p, { drawerSensor: 'off' });
    const first = await status(t);
    expect(first).toMatchObject({ state: 'ready', drawerPin: 'low' });
    expect(first.drawer).toBeUndefined();
    p.setDrawerPin('high');
    const pushed = await waitFor('the new reading to be pushed', () => t.statuses.find((s) => s.drawerPin === 'high'));
    expect(pushed.drawer).toBeUndefined();
  });

  it('a printer that does not answer status questions gives no reading: the drawer is not said open or closed', async () => {
    const p = await printer({ mode: 'silent' });
    const t = till(p, { drawerSensor: 'open-when-high' });
    p.setDrawerPin('high');
    const view = await status(t);
    expect(view.state).toBe('unknown');
    expect(view.drawer).toBeUndefined();
    expect(view.drawerPin).toBeUndefined();
  });

});

describe('drawer left open, on the shift', () => {
  /** Open (waiting for the till to say so), stand for `ms`, shut (waiting likewise). */
  async function openFor(p: FakePrinter, t: PrintTill, ms: number) {
    const seen = t.statuses.length;
    p.setDrawerPin('high');
    await waitFor('the drawer said open', () => t.statuses.slice(seen).some((s) => s.drawer === 'open'));
    await new Promise((resolve) => setTimeout(resolve, ms));
    const opened = t.statuses.length;
    p.setDrawerPin('low');
    await waitFor('the drawer said closed', () => t.statuses.slice(opened).some((s) => s.drawer === 'closed'));
  }

  it('open past the limit, then shut: one record in the shift, on the X report and its paper; a quick opening is not one', async () => {
    const p = await printer();
    // Two seconds: a quick opening stays under it even on a loaded machine whose polls come late.
    const t = till(p, { drawerSensor: 'open-when-high', drawerLeftOpenMs: 2_000 });
    await readyToSell(t.pos);
    await openFor(p, t, 0);
    await openFor(p, t, 2_300);
    const report = value(await t.pos.api['shift:current']({})).report!;
    expect(report.drawerLeftOpen).toHaveLength(1);
    const [time] = report.drawerLeftOpen!;
    expect(Date.parse(time!.closedAt) - Date.parse(time!.openedAt)).toBeGreaterThanOrEqual(2_000);
    const paper = value(await t.pos.api['report:preview']({ kind: 'x' })).text;
    expect(paper).toMatch(/Drawer left open +1\n +\d{1,2} \w+ \d{4} \d\d:\d\d, 1 min\n/);
    // The Z report keeps it as closed.
    const z = value(await t.pos.api['shift:close']({ countedKobo: report.cash.expectedKobo }));
    expect(z.drawerLeftOpen).toEqual(report.drawerLeftOpen);
  });

  it('still open past the limit when the shift closes: its Z report counts it until the close; what stays open counts afresh from there', async () => {
    const p = await printer();
    const t = till(p, { drawerSensor: 'open-when-high', drawerLeftOpenMs: 2_000 });
    await readyToSell(t.pos);
    const seen = t.statuses.length;
    p.setDrawerPin('high');
    await waitFor('the drawer said open', () => t.statuses.slice(seen).some((s) => s.drawer === 'open'));
    await new Promise((resolve) => setTimeout(resolve, 2_300));
    const expected = value(await t.pos.api['shift:current']({})).report!.cash.expectedKobo;
    const z = value(await t.pos.api['shift:close']({ countedKobo: expected }));
    expect(z.drawerLeftOpen).toHaveLength(1);
    const [atClose] = z.drawerLeftOpen!;
    expect(Date.parse(atClose!.closedAt) - Date.parse(atClose!.openedAt)).toBeGreaterThanOrEqual(2_000);
    expect(Date.parse(atClose!.closedAt)).toBeLessThanOrEqual(Date.parse(z.closedAt));

    // The next shift: the drawer, never shut, stands open past the limit again and is then shut.
    // Meanwhile the paper runs out and is put back: readings pushed with the drawer open since
    // before the close.
    value(await t.pos.api['shift:open']({ floatKobo: 0 }));
    const outFrom = t.statuses.length;
    await p.setMode('paper-out');
    await waitFor('paper out, the drawer open', () => t.statuses.slice(outFrom).some((s) => s.state === 'paper-out' && s.drawer === 'open'));
    await p.setMode('ready');
    await waitFor('paper back, the drawer open', () => t.statuses.slice(outFrom).some((s) => s.state === 'ready' && s.drawer === 'open'));
    await new Promise((resolve) => setTimeout(resolve, 2_300));
    const shutFrom = t.statuses.length;
    p.setDrawerPin('low');
    await waitFor('the drawer said closed', () => t.statuses.slice(shutFrom).some((s) => s.drawer === 'closed'));
    const next = value(await t.pos.api['shift:current']({})).report!.drawerLeftOpen!;
    expect(next).toHaveLength(1);
    // From the close on, not from when it first opened: no minute is counted twice.
    expect(next[0]!.openedAt).toBe(atClose!.closedAt);
  });

  it('still open past the limit when the till stops: written down until the stop, in the shift still open', async () => {
    const p = await printer();
    const dataDir = tempFolder('lobby-drawer-stop-');
    const first = openPrintTill({ partnerUrl: partner.url, printer: p, dataDir, drawerSensor: 'open-when-high', drawerLeftOpenMs: 2_000 });
    await readyToSell(first.pos);
    const seen = first.statuses.length;
    p.setDrawerPin('high');
    await waitFor('the drawer said open', () => first.statuses.slice(seen).some((s) => s.drawer === 'open'));
    await new Promise((resolve) => setTimeout(resolve, 2_300));
    const stoppedAt = Date.now();
    await first.close({ keepData: true });

    const again = till(p, { dataDir, drawerSensor: 'open-when-high', drawerLeftOpenMs: 2_000 });
    await readyToSell(again.pos);
    const times = value(await again.pos.api['shift:current']({})).report!.drawerLeftOpen!;
    expect(times).toHaveLength(1);
    expect(Date.parse(times[0]!.closedAt) - Date.parse(times[0]!.openedAt)).toBeGreaterThanOrEqual(2_000);
    expect(Date.parse(times[0]!.closedAt)).toBeGreaterThanOrEqual(stoppedAt - 50);
  });

  it('left open with no shift open: nothing to count it on, and nothing is written', async () => {
    const p = await printer();
    const t = till(p, { drawerSensor: 'open-when-high', drawerLeftOpenMs: 200 });
    await openFor(p, t, 400);
    // Signed in with no shift: the X report has nothing, and the journal holds no row (it would refuse one).
    await readyToSell(t.pos);
    expect(value(await t.pos.api['shift:current']({})).report!.drawerLeftOpen).toEqual([]);
  });
});
