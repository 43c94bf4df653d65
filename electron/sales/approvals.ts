import { saidError } from '../../shared/errors';
import { fail, ok, type Result } from '../../shared/result';
import type { Journal, Staff } from '../journal';
import type { Logger } from '../core/logger';
import type { PinLockout } from './pin-lockout';
import type { Approval, Approver } from '../../shared/sales/staff';

/** What a supervisor's PIN approves: a void, a refund, or a cashier's no sale or cash out. */
export type ApprovedAction = 'void' | 'refund' | 'noSale' | 'cashOut';

export interface Approvals {
  /**
   * Checks a supervisor's PIN typed on the cashier's screen for one action (money given back, or
   * the drawer opened without a sale or cash taken out of it, where only supervisors may). The
   * person asking stays signed in; their own PIN never approves their own request, whatever their role.
   */
  approve(asker: Staff, approval: Approval, action: ApprovedAction): Promise<Result<Staff>>;
  /** Who may approve what `asker` asks for: the active supervisors other than `asker`, to offer on the screen. */
  approvers(asker: Staff): Result<Approver[]>;
}

/**
 * Four eyes on money going back, and on a drawer opened without a sale or for cash out: someone
 * other than the person asking, who is an active supervisor, proves it with their PIN. Wrong PINs
 * count towards that person's PIN lock, the same one as signing in (pin-lockout.ts).
 */
export function createApprovals(deps: { journal: Journal; lockout: Pick<PinLockout, 'attempt'>; logger: Logger }): Approvals {
  const { journal, lockout, logger } = deps;
  return {
    approvers(asker) {
      const staff = journal.staff.list();
      if (!staff.ok) return staff;
      return ok(staff.value.filter((s) => s.active && s.role === 'supervisor' && s.id !== asker.id).map((s) => ({ id: s.id, name: s.name })));
    },

    async approve(asker, approval, action) {
      if (approval.supervisorId === asker.id) {
        return fail(
          saidError('FORBIDDEN', 'said.approve.ownPin', { action }, {
            'approval.supervisorId': ['must be someone other than the person asking'],
          }),
        );
      }
      const approver = journal.staff.get(approval.supervisorId);
      if (!approver.ok) return approver;
      if (approver.value && approver.value.active && approver.value.role !== 'supervisor') {
        return fail(
          saidError('FORBIDDEN', 'said.approve.cashier', { name: approver.value.name, action }, {
            'approval.supervisorId': ['is not a supervisor'],
          }),
        );
      }
      // The same per-person lock as signing in: guessing a supervisor's PIN here is no easier.
      const attempt = await lockout.attempt(approval.supervisorId, () => journal.staff.verifyPin({ staffId: approval.supervisorId, pin: approval.pin }));
      if (attempt.kind === 'right') return ok(attempt.value);
      if (attempt.kind !== 'wrong') return fail(attempt.error);
      logger.warn('wrong approval PIN', { askedBy: asker.id, supervisorId: approval.supervisorId, locked: attempt.lockedForMs > 0 });
      const fields = { 'approval.pin': ['is not right'] };
      const name = approver.value?.name;
      if (name === undefined) return fail(saidError('UNAUTHORIZED', 'said.pinWrong', undefined, fields));
      return fail(
        attempt.lockedForMs > 0
          ? saidError('UNAUTHORIZED', 'said.approve.locked', { name, seconds: Math.ceil(attempt.lockedForMs / 1000) }, fields)
          : saidError('UNAUTHORIZED', 'said.approve.notTheirPin', { name, action }, fields),
      );
    },
  };
}
