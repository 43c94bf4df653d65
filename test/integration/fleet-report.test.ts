import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lagosDateTimeText } from '../../shared/dates';
import { fleetReportSchema } from '../../shared/fleet/report';
import { silentLogger } from '../../electron/core/logger';
import { applyCentralMigrations } from '../../electron/fleet/central-migrations';
import { connectFleet } from '../../electron/fleet/connection';
import { buildFleetReport } from '../../electron/fleet/report';
import { reportAsCsv } from '../../electron/fleet/report-format';
import { createShipper } from '../../electron/fleet/shipper';
import { journalFile, openChainOutbox } from '../../electron/journal';
import { openSellingJournal } from '../helpers/chain-fixture';
import { startTestPostgres, type TestPostgres } from '../helpers/postgres';

let server: TestPostgres;
let admin: pg.Client;
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lobby-fleet-report-'));

// 14 March 2025, 09:00 Lagos, a minute per step: both tills sell the same morning.
let now = Date.parse('2025-03-14T08:00:00.000Z');
const clock = () => new Date((now += 60_000));

beforeAll(async () => {
  server = await startTestPostgres();
  admin = await server.client();
  await applyCentralMigrations(admin);
  for (const [terminalId, sales] of [['HQ1', 8], ['HQ2', 3]] as const) {
    const dir = fs.mkdtempSync(path.join(root, `${terminalId}-`));
    const till = await openSellingJournal({ dir, terminalId, clock });
    for (let i = 1; i <= sales; i++) till.sell(`${terminalId}-${i}`, 100_000 * i);
    // One ticket of HQ1-2 goes back in cash, approved by a second supervisor.
    if (terminalId === 'HQ1') await till.refundOneTicket({ id: 'HQ1-REFUND-1', saleId: 'HQ1-2', amountKobo: 100_000 });
    // HQ1's drawer opened twice without a sale by its supervisor and once by a cashier with the
    // supervisor's PIN; cash taken out once by each: its Z report lists them, and head office tells
    // the approved ones apart.
    if (terminalId === 'HQ1') {
      const shift = till.journal.shifts.current();
      if (!shift.ok || !shift.value) throw new Error('no open shift');
      const boss = shift.value.openedBy;
      const cashier = await till.journal.staff.create({ name: 'Tunde Bakare', role: 'cashier', pin: '1357' });
      if (!cashier.ok) throw new Error(cashier.error.message);
      const recorded = [
        till.journal.shifts.openDrawer({ reason: 'Change for a note', staffId: boss }),
        till.journal.shifts.openDrawer({ reason: 'Checked a note', staffId: boss }),
        till.journal.shifts.openDrawer({ reason: 'Change for a customer', staffId: cashier.value.id, approvedBy: boss }),
        till.journal.shifts.moveCash({ kind: 'out', amountKobo: 150_000, reason: 'Diesel', staffId: cashier.value.id, approvedBy: boss }),
        till.journal.shifts.moveCash({ kind: 'out', amountKobo: 10_000, reason: 'Stamps', staffId: boss }),
        // And the drawer stood open four minutes once (its sensor).
        till.journal.shifts.recordDrawerLeftOpen({ openedAt: '2025-03-14T08:00:00.000Z', closedAt: '2025-03-14T08:04:00.000Z' }),
      ];
      if (!recorded.every((r) => r.ok)) throw new Error('a drawer entry was not recorded');
    }
    // HQ1's drawer counted note by note at the close (₦10,000 in all); HQ2's total typed.
    till.closeShift(terminalId === 'HQ1' ? { notes: [{ noteKobo: 100_000, count: 8 }, { noteKobo: 50_000, count: 3 }], otherKobo: 50_000 } : undefined);
    till.sell(`${terminalId}-late`, 50_000);
    till.journal.close();
    const shipper = createShipper({
      outbox: openChainOutbox({ file: journalFile(dir), terminalId }),
      connect: () => connectFleet({ databaseUrl: server.url, tls: 'off' }),
      logger: silentLogger,
      terminalName: `Counter ${terminalId}`,
      tuning: { pollMs: 10, backoffMinMs: 10, backoffMaxMs: 50 },
    });
    shipper.start();
    while (shipper.status().backlog.count > 0 || shipper.status().state !== 'idle') await new Promise((resolve) => setTimeout(resolve, 20));
    await shipper.stop();
  }
}, 60_000);
afterAll(async () => {
  await admin?.end();
  await server?.stop();
  fs.rmSync(root, { recursive: true, force: true });
});

const cli = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'electron/fleet/cli.ts', ...args], {
    encoding: 'utf8',
    env: { ...process.env, POS_FLEET_DATABASE_URL: server.url, POS_FLEET_TLS: 'off' },
  });

describe('head-office report', () => {
  it('adds up sales by day, terminal and product, tenders, Z reports and each terminal’s state', async () => {
    const report = fleetReportSchema.parse(await buildFleetReport(admin, { from: '2025-03-14', to: '2025-03-14' }));
    // Every 7th sale is rejected by the fixture: HQ1's 7th sale is missing from the totals.
    const hq1 = [1, 2, 3, 4, 5, 6, 8].reduce((sum, i) => sum + 100_000 * i, 0) + 50_000;
    const hq2 = 100_000 + 200_000 + 300_000 + 50_000;
    const total = (terminalId: string) => report.sales.filter((r) => r.terminalId === terminalId).reduce((sum, r) => sum + r.totalKobo, 0);
    expect(total('HQ1')).toBe(hq1);
    expect(total('HQ2')).toBe(hq2);
    expect(report.sales[0]).toMatchObject({ day: '2025-03-14', product: 'Filmhouse IMAX Lekki: The Black Book' });
    expect(report.tenders).toEqual([{ kind: 'cash', count: 7 + 1 + 3 + 1, totalKobo: hq1 + hq2 }]);
    expect(report.byHour.reduce((sum, r) => sum + r.totalKobo, 0)).toBe(hq1 + hq2);
    expect(report.corrections).toEqual([{ terminalId: 'HQ1', kind: 'refund', count: 1, totalKobo: 100_000 }]);
    expect(report.zReports.map((z) => [z.terminalId, z.zNumber, z.confirmedCount, z.noSaleCount, z.noSaleApprovedCount, z.cashOutKobo, z.cashOutApprovedCount, z.drawerLeftOpenCount])).toEqual([
      ['HQ1', 1, 7, 3, 1, 160_000, 1, 1],
      ['HQ2', 1, 3, 0, 0, 0, 0, 0],
    ]);
    expect(report.zReports[0]!.chainHash).toMatch(/^[0-9a-f]{8}$/);
    // The count by notes reaches head office as its own figure; a typed total has none.
    expect(report.zReports.map((z) => [z.terminalId, z.countedKobo, z.countSheet])).toEqual([
      ['HQ1', 1_000_000, { notes: [{ noteKobo: 100_000, count: 8 }, { noteKobo: 50_000, count: 3 }], otherKobo: 50_000 }],
      ['HQ2', 1_000_000, null],
    ]);
    expect(report.terminals.map((t) => [t.terminalId, t.name, t.brokenAtSeq, t.unsentCount, t.receivedSeq === t.verifiedSeq])).toEqual([
      ['HQ1', 'Counter HQ1', null, 0, true],
      ['HQ2', 'Counter HQ2', null, 0, true],
    ]);
    expect(report.terminals[0]!.grandTotalKobo).toBe(hq1);
    // Another day holds nothing.
    expect(await buildFleetReport(admin, { from: '2025-03-15', to: '2025-03-20' })).toMatchObject({ sales: [], tenders: [], zReports: [] });
  });

  it('keeps its figures when a second till set up under a number already shipped connects and sells, and names that till beside them', async () => {
    const at = () => new Date(0);
    const before = await buildFleetReport(admin, { from: '2025-03-14', to: '2025-03-14' }, at);
    // The same morning, the same number as the till that shipped HQ2, another journal.
    let then = Date.parse('2025-03-14T09:30:00.000Z');
    const dir = fs.mkdtempSync(path.join(root, 'HQ2-again-'));
    const till = await openSellingJournal({ dir, terminalId: 'HQ2', clock: () => new Date((then += 60_000)) });
    for (let i = 1; i <= 6; i++) till.sell(`HQ2-again-${i}`, 900_000);
    till.closeShift();
    till.journal.close();
    const shipper = createShipper({
      outbox: openChainOutbox({ file: journalFile(dir), terminalId: 'HQ2' }),
      connect: () => connectFleet({ databaseUrl: server.url, tls: 'off' }),
      logger: silentLogger,
      terminalName: 'Counter HQ2 (second)',
      tuning: { pollMs: 10, backoffMinMs: 10, backoffMaxMs: 50 },
    });
    shipper.start();
    while (shipper.status().state !== 'refused') await new Promise((resolve) => setTimeout(resolve, 20));
    await shipper.stop();
    const after = await buildFleetReport(admin, { from: '2025-03-14', to: '2025-03-14' }, at);
    // Every figure as it was; beside them, the till that is selling outside them, named.
    expect({ ...after, numberConflicts: [] }).toEqual(before);
    const outbox = openChainOutbox({ file: journalFile(dir), terminalId: 'HQ2' });
    const journalId = outbox.journalId();
    outbox.close();
    expect(before.numberConflicts).toEqual([]);
    expect(after.numberConflicts).toEqual([{ terminalId: 'HQ2', journalId, name: 'Counter HQ2 (second)', firstSeenAt: expect.any(String), lastSeenAt: expect.any(String), holdsRecords: true }]);
    const [conflict] = after.numberConflicts;
    expect(Date.parse(conflict!.lastSeenAt)).toBeGreaterThanOrEqual(Date.parse(conflict!.firstSeenAt));

    // JSON keeps it as it is; the readable table warns before any figure, in Lagos time, and lists it; so does CSV.
    expect(fleetReportSchema.parse(JSON.parse(JSON.stringify(after))).numberConflicts).toEqual(after.numberConflicts);
    const table = cli('report', '--from', '2025-03-14', '--to', '2025-03-14');
    expect(table.status).toBe(0);
    const warning = `WARNING: Another till, Counter HQ2 (second), has tried to send its records as HQ2 since ${lagosDateTimeText(conflict!.firstSeenAt).slice(0, 16)} (last ${lagosDateTimeText(conflict!.lastSeenAt).slice(0, 16)}). Head office keeps HQ2 for the first till; that till's sales are not in these figures. Give it its own number. It sold under HQ2 before this was noticed: those sales are kept on that till only, so call support.`;
    expect(table.stdout.split('\n').slice(0, 4)).toEqual([expect.stringMatching(/^Lobby POS head-office report/), '', warning, '']);
    expect(table.stdout).toContain(`Tills refused their number: nothing of them is in these figures`);
    expect(table.stdout).toMatch(new RegExp(`HQ2 +Counter HQ2 \\(second\\) +${journalId} +${lagosDateTimeText(conflict!.firstSeenAt)} +${lagosDateTimeText(conflict!.lastSeenAt)}`));
    expect(reportAsCsv(after)).toContain(`terminal,name,journal,first seen (Lagos),last seen (Lagos)\r\nHQ2,Counter HQ2 (second),${journalId},${lagosDateTimeText(conflict!.firstSeenAt)},${lagosDateTimeText(conflict!.lastSeenAt)}\r\n`);
  });

  // Four starts of the CLI as the owner runs it (through tsx): about 1 s each alone, but beside the
  // kill runs (files in shuffled order put it there) the five it made took 28 s, past vitest's 20.
  it('prints a readable table by default, CSV or JSON on request, and refuses a bad range', { timeout: 90_000 }, () => {
    const table = cli('report', '--from', '2025-03-14', '--to', '2025-03-14');
    expect(table.status).toBe(0);
    expect(table.stdout).toMatch(/Sales by day, terminal and product/);
    expect(table.stdout).toMatch(/2025-03-14 +HQ2 +Filmhouse IMAX Lekki: The Black Book +4 +NGN 6,500\.00/);
    expect(table.stdout).toMatch(/HQ1 +Counter HQ1 +\d+ +intact +0/);

    const csv = cli('report', '--from', '2025-03-14', '--to', '2025-03-14', '--format', 'csv');
    expect(csv.status).toBe(0);
    // UTF-8's byte-order mark first, once: Excel reads names with accents as typed.
    expect(csv.stdout.startsWith('\uFEFF')).toBe(true);
    expect(csv.stdout.startsWith('\uFEFF\uFEFF')).toBe(false);
    expect(csv.stdout).toContain('day,terminal,product,sales,total\r\n2025-03-14,HQ1,Filmhouse IMAX Lekki: The Black Book,8,');
    expect(csv.stdout).toContain('tender,payments,total\r\ncash,12,');
    // HQ1's Z report: its three drawer openings without a sale (one approved), its cash out (one of two approved), the drawer left open once, before its chain anchor.
    expect(csv.stdout).toContain('terminal,Z,closed at (Lagos),sales,sold,expected,counted,counted by notes,difference,no sale,no sale approved,cash out,cash out approved,drawer left open,chain,grand total\r\n');
    // Times as Lagos's clock read them, as the report's days are Lagos days: the close is at its Lagos hour, not UTC's.
    const hq1Close = csvRow(csv.stdout, 'HQ1,1,');
    const json = cli('report', '--from', '2025-03-14', '--to', '2025-03-14', '--format', 'json');
    expect(json.status).toBe(0);
    const fromJson = fleetReportSchema.parse(JSON.parse(json.stdout));
    const closedAt = fromJson.zReports[0]!.closedAt;
    expect(hq1Close[2]).toBe(new Date(Date.parse(closedAt) + 3_600_000).toISOString().slice(0, 19).replace('T', ' '));
    expect(csv.stdout).toContain('terminal,name,records held,chain,not sent,oldest not sent (Lagos),waiting,last contact (Lagos)\r\n');
    expect(csv.stdout).toMatch(/\r\nHQ1,1,.*,10000\.00,1000 x 8; 500 x 3; other 500\.00,.*,3,1,1600\.00,1,1,#\d+ [0-9a-f]{8},/);
    // HQ2's total was typed: no count by notes.
    expect(csv.stdout).toMatch(/\r\nHQ2,1,.*,10000\.00,,/);
    expect(table.stdout).toMatch(/1000 x 8; 500 x 3; other NGN 500\.00/);

    expect(fromJson.terminals).toHaveLength(2);

    const bad = cli('report', '--from', '2025-03-15', '--to', '2025-03-14');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/first day must not be after the last/);
  });
});

/** The CSV row that starts with `start`, split at its commas (the report's cells hold none here). */
function csvRow(csv: string, start: string): string[] {
  const row = csv.split('\r\n').find((line) => line.startsWith(start));
  if (!row) throw new Error(`no row starting ${start}`);
  return row.split(',');
}
