import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { journalFile } from '../../electron/journal';
import { registerChainFunctions } from '../../electron/journal/chain-functions';
import { applyMigrations } from '../../electron/journal/migrate';
import { migrations } from '../../electron/journal/migrations';
import { failure, openTill, value, type Till } from '../helpers/sales-fixture';

/**
 * Staff -> Staff through the contract on a real till and journal file: the list a supervisor
 * manages, deactivating (never yourself, never the last active supervisor), reactivating, a new
 * PIN that clears a lock; and the past Z reports list.
 */
const open: Till[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const till of open.splice(0)) await till.close();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function newTill(clock?: () => Date): Till {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lobby-staff-mgmt-'));
  dirs.push(dataDir);
  const till = openTill({ url: 'http://127.0.0.1:1', dataDir, clock });
  open.push(till);
  return till;
}

/** A supervisor (signed in) and a cashier on a fresh till. */
async function staffed(clock?: () => Date) {
  const till = newTill(clock);
  const api = till.pos.api;
  const boss = value(await api['staff:setup']({ name: 'Bola Adeyemi', pin: '2468' }));
  const cashier = value(await api['staff:create']({ name: 'Tunde Bakare', role: 'cashier', pin: '1357' }));
  return { till, api, boss, cashier };
}

describe('the staff list a supervisor manages', () => {
  it('lists everyone with role, active and PIN lock, to supervisors only', async () => {
    const { api, boss, cashier } = await staffed();
    expect(value(await api['staff:members']({})).staff).toEqual([
      { id: boss.id, name: 'Bola Adeyemi', role: 'supervisor', active: true, pinLockedUntil: null },
      { id: cashier.id, name: 'Tunde Bakare', role: 'cashier', active: true, pinLockedUntil: null },
    ]);
    value(await api['staff:sign-out']({}));
    expect(failure(await api['staff:members']({}))).toMatchObject({ code: 'UNAUTHORIZED' });
    value(await api['staff:sign-in']({ staffId: cashier.id, pin: '1357' }));
    const refusals: Array<{ ok: boolean }> = [
      await api['staff:members']({}),
      await api['staff:deactivate']({ staffId: boss.id }),
      await api['staff:reactivate']({ staffId: boss.id }),
      await api['staff:set-pin']({ staffId: boss.id, pin: '1111' }),
      await api['shift:z-reports']({}),
    ];
    for (const refused of refusals) {
      expect(failure(refused as Parameters<typeof failure>[0])).toMatchObject({ code: 'FORBIDDEN', message: expect.stringMatching(/supervisor/) });
    }
    // Nothing changed for the cashier's attempts.
    value(await api['staff:sign-out']({}));
    expect(value(await api['staff:sign-in']({ staffId: boss.id, pin: '2468' })).id).toBe(boss.id);
  });

  it('refuses requests that are not exactly the contract’s', async () => {
    const { till, boss } = await staffed();
    expect(failure(await till.pos.dispatch('staff:deactivate', { staffId: boss.id, extra: 1 }))).toMatchObject({ code: 'VALIDATION' });
    expect(failure(await till.pos.dispatch('staff:set-pin', { staffId: boss.id, pin: '12a4' }))).toMatchObject({ code: 'VALIDATION', fields: { pin: expect.any(Array) } });
    expect(failure(await till.pos.dispatch('staff:set-pin', { staffId: boss.id, pin: '1234', role: 'supervisor' }))).toMatchObject({ code: 'VALIDATION' });
    expect(failure(await till.pos.dispatch('shift:z-reports', { limit: 0 }))).toMatchObject({ code: 'VALIDATION' });
    expect(failure(await till.pos.api['staff:deactivate']({ staffId: 999 }))).toMatchObject({ code: 'NOT_FOUND', said: { key: 'said.noSuchStaff' } });
    expect(failure(await till.pos.api['staff:set-pin']({ staffId: 999, pin: '1234' }))).toMatchObject({ code: 'NOT_FOUND', said: { key: 'said.noSuchStaff' } });
  });

  it('a deactivated member leaves the roster and cannot sign in, even with the right PIN, until reactivated', async () => {
    const { till, api, boss, cashier } = await staffed();
    const gone = value(await api['staff:deactivate']({ staffId: cashier.id }));
    expect(gone).toEqual({ id: cashier.id, name: 'Tunde Bakare', role: 'cashier', active: false, pinLockedUntil: null });
    // Twice is the same answer, and one audit event.
    expect(value(await api['staff:deactivate']({ staffId: cashier.id })).active).toBe(false);
    expect(value(await api['staff:roster']({})).staff).toEqual([{ id: boss.id, name: 'Bola Adeyemi' }]);
    expect(value(await api['staff:list']({})).staff.map((s) => s.id)).toEqual([boss.id]);
    expect(value(await api['staff:members']({})).staff.find((s) => s.id === cashier.id)).toMatchObject({ active: false });

    value(await api['staff:sign-out']({}));
    expect(failure(await api['staff:sign-in']({ staffId: cashier.id, pin: '1357' }))).toMatchObject({ code: 'UNAUTHORIZED' });
    expect(value(await api['staff:status']({})).signedIn).toBeNull();

    value(await api['staff:sign-in']({ staffId: boss.id, pin: '2468' }));
    expect(value(await api['staff:reactivate']({ staffId: cashier.id })).active).toBe(true);
    expect(value(await api['staff:roster']({})).staff.map((s) => s.id)).toEqual([boss.id, cashier.id]);
    value(await api['staff:sign-out']({}));
    expect(value(await api['staff:sign-in']({ staffId: cashier.id, pin: '1357' })).id).toBe(cashier.id);

    const audit = value(till.journal.staff.audit(cashier.id));
    expect(audit.map((e) => [e.kind, e.detail])).toEqual([
      ['deactivated', { by: boss.id }],
      ['reactivated', { by: boss.id }],
    ]);
  });

  it('never deactivates yourself, nor the last active supervisor (the journal refuses it too)', async () => {
    const { till, api, boss } = await staffed();
    expect(failure(await api['staff:deactivate']({ staffId: boss.id }))).toMatchObject({
      code: 'CONFLICT',
      said: { key: 'said.notYourself' },
      message: 'You cannot deactivate yourself. Another supervisor can do it.',
    });
    // Below the screen's rule, the journal keeps one active supervisor whatever asks.
    expect(failure(till.journal.staff.setActive({ staffId: boss.id, active: false, by: boss.id }))).toMatchObject({
      code: 'CONFLICT',
      said: { key: 'said.lastSupervisor', values: { name: 'Bola Adeyemi' } },
    });
    const raw = new Database(journalFile(till.dataDir));
    try {
      expect(() => raw.prepare('UPDATE staff SET active = 0 WHERE id = ?').run(boss.id)).toThrow(/last active supervisor/);
      expect(() => raw.prepare("UPDATE staff SET role = 'cashier' WHERE id = ?").run(boss.id)).toThrow(/last active supervisor/);
      expect(() => raw.prepare('DELETE FROM staff WHERE id = ?').run(boss.id)).toThrow(/never deleted/);
    } finally {
      raw.close();
    }
    // With a second supervisor, the first can be deactivated by the second.
    const ngozi = value(await api['staff:create']({ name: 'Ngozi Okafor', role: 'supervisor', pin: '8642' }));
    value(await api['staff:sign-out']({}));
    value(await api['staff:sign-in']({ staffId: ngozi.id, pin: '8642' }));
    expect(value(await api['staff:deactivate']({ staffId: boss.id })).active).toBe(false);
    // Now Ngozi is the last one.
    expect(failure(till.journal.staff.setActive({ staffId: ngozi.id, active: false, by: ngozi.id }))).toMatchObject({ said: { key: 'said.lastSupervisor' } });
    expect(value(await api['staff:members']({})).staff.filter((s) => s.role === 'supervisor' && s.active).map((s) => s.id)).toEqual([ngozi.id]);
  });

  it('a new PIN, typed by a supervisor, replaces the old one and clears a PIN lock', async () => {
    let now = Date.parse('2026-03-02T09:00:00.000Z');
    const { till, api, boss, cashier } = await staffed(() => new Date(now));
    value(await api['staff:sign-out']({}));
    for (let i = 0; i < 5; i++) expect(failure(await api['staff:sign-in']({ staffId: cashier.id, pin: '0000' })).code).toBe('UNAUTHORIZED');
    expect(failure(await api['staff:sign-in']({ staffId: cashier.id, pin: '1357' }))).toMatchObject({ said: { key: 'said.pinLocked' } });

    value(await api['staff:sign-in']({ staffId: boss.id, pin: '2468' }));
    expect(value(await api['staff:members']({})).staff.find((s) => s.id === cashier.id)).toMatchObject({ pinLockedUntil: '2026-03-02T09:00:30.000Z' });
    const reset = value(await api['staff:set-pin']({ staffId: cashier.id, pin: '97531' }));
    expect(reset).toEqual({ id: cashier.id, name: 'Tunde Bakare', role: 'cashier', active: true, pinLockedUntil: null });
    expect(value(till.journal.staff.pinLockState(cashier.id))).toMatchObject({ attempts: 0, locksInARow: 0, lockedUntil: null });

    value(await api['staff:sign-out']({}));
    now += 1000; // still inside the old lock's 30 seconds
    expect(failure(await api['staff:sign-in']({ staffId: cashier.id, pin: '1357' }))).toMatchObject({ code: 'UNAUTHORIZED', said: { key: 'said.pinWrong' } });
    expect(value(await api['staff:sign-in']({ staffId: cashier.id, pin: '97531' })).id).toBe(cashier.id);
    expect(value(till.journal.staff.audit(cashier.id)).map((e) => e.kind)).toEqual(['pin-locked', 'pin-set']);
  });
});

describe('changing your own PIN', () => {
  it('anyone signed in changes their own PIN with the one they have now; the old one stops working', async () => {
    const { till, api, cashier } = await staffed();
    value(await api['staff:sign-out']({}));
    value(await api['staff:sign-in']({ staffId: cashier.id, pin: '1357' }));
    // Not the PIN she has now: refused, nothing changed.
    expect(failure(await api['staff:change-own-pin']({ currentPin: '0000', newPin: '86420' }))).toMatchObject({ code: 'UNAUTHORIZED', said: { key: 'said.pinWrong' }, fields: { currentPin: ['is not right'] } });
    expect(failure(await api['staff:change-own-pin']({ currentPin: '1357', newPin: '1357' }))).toMatchObject({ code: 'VALIDATION', message: 'The new PIN is the one you have now. Choose a different one.' });
    expect(failure(await api['staff:change-own-pin']({ currentPin: '1357', newPin: '12a4' }))).toMatchObject({ code: 'VALIDATION', fields: { newPin: expect.any(Array) } });
    expect(value(await api['staff:change-own-pin']({ currentPin: '1357', newPin: '86420' }))).toEqual({ id: cashier.id, name: 'Tunde Bakare', role: 'cashier' });
    // Still signed in; next time only the new PIN works.
    expect(value(await api['staff:status']({})).signedIn).toMatchObject({ id: cashier.id });
    value(await api['staff:sign-out']({}));
    expect(failure(await api['staff:sign-in']({ staffId: cashier.id, pin: '1357' }))).toMatchObject({ code: 'UNAUTHORIZED' });
    expect(value(await api['staff:sign-in']({ staffId: cashier.id, pin: '86420' })).id).toBe(cashier.id);
    // The audit trail says she set it herself.
    const audit = new Database(journalFile(till.dataDir), { readonly: true });
    try {
      expect(audit.prepare("SELECT kind, json_extract(detail_json, '$.by') AS by FROM staff_audit WHERE staff_id = ?").all(cashier.id)).toEqual([{ kind: 'pin-set', by: cashier.id }]);
    } finally {
      audit.close();
    }
  });

  it('is refused signed out, and too many wrong current PINs sign the person out and lock their PIN', async () => {
    let now = Date.parse('2026-03-02T09:00:00.000Z');
    const { api, cashier } = await staffed(() => new Date(now));
    value(await api['staff:sign-out']({}));
    expect(failure(await api['staff:change-own-pin']({ currentPin: '1357', newPin: '86420' }))).toMatchObject({ code: 'UNAUTHORIZED' });
    value(await api['staff:sign-in']({ staffId: cashier.id, pin: '1357' }));
    for (let i = 0; i < 4; i++) expect(failure(await api['staff:change-own-pin']({ currentPin: '0000', newPin: '86420' })).said).toMatchObject({ key: 'said.pinWrong' });
    expect(failure(await api['staff:change-own-pin']({ currentPin: '0000', newPin: '86420' }))).toMatchObject({
      code: 'UNAUTHORIZED',
      message: 'That PIN is not right. After too many wrong PINs, Tunde Bakare is signed out and their PIN is locked for 30 seconds.',
    });
    expect(value(await api['staff:status']({})).signedIn).toBeNull();
    // Locked: even her right PIN does not sign her in until the lock has passed.
    expect(failure(await api['staff:sign-in']({ staffId: cashier.id, pin: '1357' }))).toMatchObject({ said: { key: 'said.pinLocked' } });
    now += 31_000;
    expect(value(await api['staff:sign-in']({ staffId: cashier.id, pin: '1357' })).id).toBe(cashier.id);
  });
});

describe('past Z reports', () => {
  it('lists this till’s Z reports newest first, each opening as it was closed', async () => {
    const { api, boss } = await staffed();
    expect(value(await api['shift:z-reports']({})).reports).toEqual([]);
    const closed = [];
    for (const [float, counted] of [
      [1_000_000, 1_000_000],
      [500_000, 480_000],
      [200_000, 210_000],
    ] as const) {
      value(await api['shift:open']({ floatKobo: float }));
      closed.push(value(await api['shift:close']({ countedKobo: counted })));
    }
    const { reports } = value(await api['shift:z-reports']({}));
    expect(reports.map((r) => [r.zNumber, r.shiftNumber, r.differenceKobo])).toEqual([
      [3, 3, 10_000],
      [2, 2, -20_000],
      [1, 1, 0],
    ]);
    expect(reports[0]).toEqual({
      zNumber: 3,
      shiftNumber: 3,
      closedAt: closed[2]!.closedAt,
      closedBy: { id: boss.id, name: 'Bola Adeyemi' },
      expectedKobo: 200_000,
      countedKobo: 210_000,
      differenceKobo: 10_000,
    });
    expect(value(await api['shift:z-reports']({ limit: 2 })).reports.map((r) => r.zNumber)).toEqual([3, 2]);
    expect(value(await api['shift:z-reports']({ limit: 2, before: 3 })).reports.map((r) => r.zNumber)).toEqual([2, 1]);
    // Each opens as it was closed (printing it again: test/e2e/staff-admin.spec.ts).
    for (const line of reports) expect(value(await api['shift:z-report']({ zNumber: line.zNumber }))).toEqual(closed[line.zNumber - 1]);
  });
});

describe('journal step 11', () => {
  it('keeps the staff audit trail across the upgrade and widens its kinds', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lobby-staff-step11-'));
    dirs.push(dir);
    const db = registerChainFunctions(new Database(path.join(dir, 'journal.sqlite')));
    try {
      applyMigrations(db, migrations.slice(0, 10));
      db.prepare("INSERT INTO staff (terminal_id, name, role, pin_hash, created_at) VALUES ('T01', 'Bola', 'supervisor', 'x', '2026-01-01T00:00:00Z')").run();
      db.prepare("INSERT INTO staff_audit (terminal_id, staff_id, kind, at, detail_json) VALUES ('T01', 1, 'pin-locked', '2026-01-02T00:00:00Z', '{\"wrongPins\":5}')").run();
      expect(() => db.prepare("INSERT INTO staff_audit (terminal_id, staff_id, kind, at, detail_json) VALUES ('T01', 1, 'pin-set', '2026-01-02T00:00:00Z', '{}')").run()).toThrow(/CHECK/);

      expect(applyMigrations(db, migrations.slice(0, 11))).toEqual({ from: 10, to: 11 });
      expect(db.prepare('SELECT id, kind, detail_json FROM staff_audit').all()).toEqual([{ id: 1, kind: 'pin-locked', detail_json: '{"wrongPins":5}' }]);
      db.prepare("INSERT INTO staff_audit (terminal_id, staff_id, kind, at, detail_json) VALUES ('T01', 1, 'pin-set', '2026-01-03T00:00:00Z', '{}')").run();
      expect(() => db.prepare("UPDATE staff_audit SET kind = 'deactivated'").run()).toThrow(/cannot be changed/);
      expect(() => db.prepare('DELETE FROM staff_audit').run()).toThrow(/never deleted/);
      expect(() => db.prepare('UPDATE staff SET active = 0').run()).toThrow(/last active supervisor/);
    } finally {
      db.close();
    }
  });
});
