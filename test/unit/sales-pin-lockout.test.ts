import { describe, expect, it } from 'vitest';
import { createPinLockout } from '../../electron/sales/pin-lockout';

describe('PIN lockout', () => {
  let now = Date.parse('2026-11-21T09:00:00Z');
  const lockout = createPinLockout({ clock: () => new Date(now), failures: 5, lockMs: 30_000 });

  it('locks after five wrong PINs in a row, for 30 s', () => {
    for (let i = 1; i <= 4; i++) expect(lockout.failed()).toBe(0);
    expect(lockout.check()).toBeNull();
    expect(lockout.failed()).toBe(30_000);
    expect(lockout.check()).toMatchObject({ code: 'UNAUTHORIZED', message: expect.stringMatching(/30 more seconds/) });
    now += 29_001;
    expect(lockout.check()?.message).toMatch(/1 more second\./);
    now += 1_000;
    expect(lockout.check()).toBeNull();
  });

  it('doubles each further lock up to 15 minutes, and a good sign-in starts over', () => {
    const locks: number[] = [];
    for (let round = 0; round < 7; round++) {
      for (let i = 1; i <= 4; i++) lockout.failed();
      locks.push(lockout.failed());
      now += locks.at(-1)!;
    }
    expect(locks).toEqual([60_000, 120_000, 240_000, 480_000, 900_000, 900_000, 900_000]);
    lockout.succeeded();
    for (let i = 1; i <= 4; i++) lockout.failed();
    expect(lockout.failed()).toBe(30_000);
  });
});
