import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { journalFile, openJournal, type Journal } from '../../electron/journal';
import { silentLogger } from '../../electron/core/logger';
import { createPinLockout } from '../../electron/sales/pin-lockout';

/**
 * Each test opens its own journal file and clock, so they pass alone, in any order and under
 * `--sequence.shuffle`; nothing is shared between them.
 */
const cleanups: Array<() => void> = [];
afterEach(() => {
  while (cleanups.length) cleanups.pop()!();
});

async function lockoutTill(dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lobby-pos-pin-'))) {
  const clock = { now: Date.parse('2026-11-21T09:00:00Z') };
  const now = () => new Date(clock.now);
  const open = (): Journal => {
    const opened = openJournal({ file: journalFile(dataDir), terminalId: 'T01', clock: now });
    if (!opened.ok) throw new Error(opened.error.message);
    cleanups.push(() => opened.value.close());
    return opened.value;
  };
  let journal = open();
  cleanups.unshift(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const made = async (name: string, pin: string) => {
    const created = await journal.staff.create({ name, role: 'supervisor', pin });
    if (!created.ok) throw new Error(created.error.message);
    return created.value.id;
  };
  const ada = await made('Ada Obi', '2468');
  const bola = await made('Bola Ade', '1357');
  let evaluations = 0;
  const lockout = () => createPinLockout({ journal, clock: now, failures: 5, lockMs: 30_000, logger: silentLogger });
  let current = lockout();
  const guess = (staffId: number, pin: string) =>
    current.attempt(staffId, () => {
      evaluations += 1;
      return journal.staff.verifyPin({ staffId, pin });
    });
  return {
    clock,
    ada,
    bola,
    guess,
    journal: () => journal,
    evaluations: () => evaluations,
    restart() {
      journal.close();
      journal = open();
      current = lockout();
    },
  };
}

describe('PIN lockout', () => {
  it('locks one person after five wrong PINs in a row, for 30 s, and leaves everyone else alone', async () => {
    const till = await lockoutTill();
    for (let i = 1; i <= 4; i++) expect(await till.guess(till.ada, '0000')).toMatchObject({ kind: 'wrong', lockedForMs: 0 });
    expect(await till.guess(till.ada, '0000')).toMatchObject({ kind: 'wrong', lockedForMs: 30_000 });
    // Even the right PIN is not looked at while the lock lasts.
    const before = till.evaluations();
    expect(await till.guess(till.ada, '2468')).toMatchObject({ kind: 'locked', error: { code: 'UNAUTHORIZED', message: expect.stringMatching(/Ada Obi.*30 more seconds/) } });
    expect(till.evaluations()).toBe(before);
    expect(await till.guess(till.bola, '1357')).toMatchObject({ kind: 'right', value: { name: 'Bola Ade' } });
    till.clock.now += 29_001;
    expect((await till.guess(till.ada, '2468')) as { error: { message: string } }).toMatchObject({ kind: 'locked', error: { message: expect.stringMatching(/1 more second\./) } });
    till.clock.now += 1_000;
    expect(await till.guess(till.ada, '2468')).toMatchObject({ kind: 'right', value: { name: 'Ada Obi' } });
    expect(till.journal().staff.pinLockState(till.ada)).toEqual({ ok: true, value: { attempts: 0, locksInARow: 0, lockedUntil: null } });
  });

  it('doubles each further lock up to 15 minutes, writes one audit event per lock, and a right PIN starts over', async () => {
    const till = await lockoutTill();
    const locks: number[] = [];
    for (let round = 0; round < 7; round++) {
      for (let i = 1; i <= 4; i++) await till.guess(till.ada, '0000');
      const last = await till.guess(till.ada, '0000');
      locks.push(last.kind === 'wrong' ? last.lockedForMs : -1);
      till.clock.now += locks.at(-1)!;
    }
    expect(locks).toEqual([30_000, 60_000, 120_000, 240_000, 480_000, 900_000, 900_000]);
    const audit = till.journal().staff.audit(till.ada);
    expect(audit.ok && audit.value.map((event) => [event.kind, event.detail.lockMs, event.detail.wrongPins])).toEqual(locks.map((ms) => ['pin-locked', ms, 5]));
    expect(till.journal().staff.audit(till.bola)).toEqual({ ok: true, value: [] });
    expect(await till.guess(till.ada, '2468')).toMatchObject({ kind: 'right' });
    for (let i = 1; i <= 4; i++) await till.guess(till.ada, '0000');
    expect(await till.guess(till.ada, '0000')).toMatchObject({ kind: 'wrong', lockedForMs: 30_000 });
  });

  it('keeps the lock and the count through a restart', async () => {
    const till = await lockoutTill();
    for (let i = 1; i <= 3; i++) await till.guess(till.bola, '0000');
    for (let i = 1; i <= 5; i++) await till.guess(till.ada, '0000');
    till.restart();
    expect(await till.guess(till.ada, '2468')).toMatchObject({ kind: 'locked' });
    // Bola had three wrong PINs before the restart: two more lock her.
    expect(await till.guess(till.bola, '0000')).toMatchObject({ kind: 'wrong', lockedForMs: 0 });
    expect(await till.guess(till.bola, '0000')).toMatchObject({ kind: 'wrong', lockedForMs: 30_000 });
  });

  it('evaluates at most five of 100 wrong PINs sent at once', async () => {
    const till = await lockoutTill();
    const outcomes = await Promise.all(Array.from({ length: 100 }, (_, i) => till.guess(till.ada, String(1000 + i))));
    expect(till.evaluations()).toBeLessThanOrEqual(5);
    expect(outcomes.filter((outcome) => outcome.kind === 'wrong')).toHaveLength(till.evaluations());
    expect(outcomes.filter((outcome) => outcome.kind === 'locked')).toHaveLength(100 - till.evaluations());
    const audit = till.journal().staff.audit(till.ada);
    expect(audit.ok && audit.value).toHaveLength(1);
    console.info(`pin-lockout: 100 parallel wrong PINs, ${till.evaluations()} evaluated`);
  });

  it('answers someone who is not on the staff list at once, without counting or hashing', async () => {
    const till = await lockoutTill();
    expect(await till.guess(999, '2468')).toMatchObject({ kind: 'wrong', lockedForMs: 0, staff: null });
    expect(till.evaluations()).toBe(0);
    expect(till.journal().staff.pinLockState(999)).toEqual({ ok: true, value: null });
  });
});
