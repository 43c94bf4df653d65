import { posError, type PosError } from '../../shared/errors';

const maxLockMs = 15 * 60_000;

export interface PinLockout {
  /** UNAUTHORIZED while locked, else null. Checked before any PIN is looked at. */
  check(): PosError | null;
  /** Counts a wrong PIN; returns the lock it started, in ms (0 when none). */
  failed(): number;
  succeeded(): void;
}

/**
 * Slows down PIN guessing at a till in a public lobby: after `failures` wrong PINs in a row on
 * this terminal (whoever they were for) sign-in is locked for `lockMs`, doubling with every
 * further lock up to 15 minutes, until someone signs in. Held in memory: a restart clears it,
 * and a restart is slow and visible.
 */
export function createPinLockout(deps: { clock: () => Date; failures: number; lockMs: number }): PinLockout {
  let wrong = 0;
  let locks = 0;
  let lockedUntil = 0;

  return {
    check() {
      const left = lockedUntil - deps.clock().getTime();
      if (left <= 0) return null;
      const seconds = Math.ceil(left / 1000);
      return posError('UNAUTHORIZED', `Too many wrong PINs. Sign-in is locked for ${seconds} more second${seconds === 1 ? '' : 's'}.`);
    },
    failed() {
      wrong += 1;
      if (wrong < deps.failures) return 0;
      wrong = 0;
      locks += 1;
      const lock = Math.min(deps.lockMs * 2 ** (locks - 1), maxLockMs);
      lockedUntil = deps.clock().getTime() + lock;
      return lock;
    },
    succeeded() {
      wrong = 0;
      locks = 0;
      lockedUntil = 0;
    },
  };
}
