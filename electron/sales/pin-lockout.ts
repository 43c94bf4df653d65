import { saidError, type PosError } from '../../shared/errors';
import type { Result } from '../../shared/result';
import type { Journal, Staff } from '../journal';
import type { Logger } from '../core/logger';

const maxLockMs = 15 * 60_000;

/** What became of one PIN typed for a member of staff. */
export type PinAttempt<T> =
  | { kind: 'right'; value: T }
  /** `lockedForMs` > 0: this wrong PIN was the last one allowed and started a lock that long. */
  | { kind: 'wrong'; error: PosError; lockedForMs: number; staff: Staff | null }
  /** Refused without looking at the PIN: the error says for how much longer. */
  | { kind: 'locked'; error: PosError; staff: Staff }
  /** The journal could not count the attempt, so the PIN was not looked at. */
  | { kind: 'failed'; error: PosError };

export interface PinLockout {
  /**
   * Looks at one PIN for `staffId` through `verify`, under the lock: the attempt is counted in the
   * journal first, atomically, so however many arrive at once, at most `failures` are evaluated
   * before the lock starts. Every screen that asks for a PIN (sign-in, a supervisor approving a
   * refund) goes through here and counts towards the same per-person lock.
   */
  attempt<T>(staffId: number, verify: () => Promise<Result<T>>): Promise<PinAttempt<T>>;
}


/**
 * Slows down PIN guessing at a till in a public lobby. After `failures` wrong PINs in a row for one
 * member of staff, their PIN is locked for `lockMs`, doubling with every further lock up to 15
 * minutes, until their PIN proves right. Kept in the journal: a restart does not clear it; each
 * lock leaves an audit event. Someone who is not (or no longer) on the staff list is answered at
 * once: ids are not secret (the sign-in screen lists them), so there is nothing to slow down.
 */
export function createPinLockout(deps: { journal: Journal; clock: () => Date; failures: number; lockMs: number; logger: Logger }): PinLockout {
  const { journal, logger } = deps;
  const rule = {
    attemptsBeforeLock: deps.failures,
    lockMs: (locksInARow: number) => Math.min(deps.lockMs * 2 ** (locksInARow - 1), maxLockMs),
  };
  const notRight = () => saidError('UNAUTHORIZED', 'said.pinWrong', undefined, { pin: ['is not right'] });

  return {
    async attempt(staffId, verify) {
      const found = journal.staff.get(staffId);
      if (!found.ok) return { kind: 'failed', error: found.error };
      const staff = found.value;
      if (!staff || !staff.active) return { kind: 'wrong', error: notRight(), lockedForMs: 0, staff: null };

      const ticket = journal.staff.reservePinAttempt(staffId, rule);
      if (!ticket.ok) return { kind: 'failed', error: ticket.error };
      if (!ticket.value.allowed) {
        const left = Date.parse(ticket.value.lockedUntil) - deps.clock().getTime();
        return { kind: 'locked', staff, error: saidError('UNAUTHORIZED', 'said.pinLocked', { name: staff.name, seconds: Math.ceil(left / 1000) }) };
      }
      const started = ticket.value.lockStarted;
      const verified = await verify();
      if (!verified.ok && verified.error.code !== 'UNAUTHORIZED') return { kind: 'failed', error: verified.error };
      if (verified.ok) {
        const cleared = journal.staff.clearPinAttempts(staffId);
        if (!cleared.ok) logger.warn('a right PIN could not reset its lockout count', { staffId, code: cleared.error.code });
        return { kind: 'right', value: verified.value };
      }
      if (!started) return { kind: 'wrong', error: verified.error, lockedForMs: 0, staff };
      const recorded = journal.staff.recordPinLock(staffId, { ...started, wrongPins: rule.attemptsBeforeLock });
      if (!recorded.ok) logger.error('a PIN lock could not be written to the audit trail', { staffId, code: recorded.error.code });
      logger.warn('PIN locked after too many wrong PINs', { staffId, lockMs: started.ms, locksInARow: started.locksInARow });
      return { kind: 'wrong', error: verified.error, lockedForMs: started.ms, staff };
    },
  };
}
