import { saidError } from '../../shared/errors';
import { fail, ok, type Result } from '../../shared/result';
import type { StaffMember, StaffStatus, StaffView } from '../../shared/sales/staff';
import type { Journal, Staff, StaffRole } from '../journal';
import type { Logger } from '../core/logger';
import { createSerialQueue } from '../../shared/serial';
import { createPinLockout } from './pin-lockout';

export interface StaffDesk {
  status(): Result<StaffStatus>;
  list(): Result<{ staff: StaffView[] }>;
  /** Only while no staff exist: the first person becomes a supervisor and is signed in. */
  setup(input: { name: string; pin: string }): Promise<Result<StaffView>>;
  signIn(input: { staffId: number; pin: string }): Promise<Result<StaffView>>;
  signOut(): Result<{ signedOut: boolean }>;
  create(input: { name: string; role: StaffRole; pin: string }): Promise<Result<StaffView>>;
  /** Supervisor only: everyone, active or not, with whether their PIN is locked now. */
  members(): Result<{ staff: StaffMember[] }>;
  /** Supervisor only: never themselves, never the last active supervisor; they leave the roster and cannot sign in. */
  deactivate(input: { staffId: number }): Result<StaffMember>;
  reactivate(input: { staffId: number }): Result<StaffMember>;
  /** Supervisor only: a new PIN, which clears a PIN lock. */
  setPin(input: { staffId: number; pin: string }): Promise<Result<StaffMember>>;
  /**
   * Anyone signed in: their own new PIN, proven by the one they have now (a PIN a supervisor set
   * becomes one only they know). Wrong current PINs count towards their PIN lock; when it locks,
   * they are signed out, so an unattended screen cannot be used to guess it.
   */
  changeOwnPin(input: { currentPin: string; newPin: string }): Promise<Result<StaffView>>;
  /** The member of staff signed in on this till, or UNAUTHORIZED. */
  signedIn(): Result<Staff>;
  /** Who is signed in, from memory (no journal read): asked before every request reaches its channel. */
  whoIsSignedIn(): StaffView | null;
  /** The signed-in supervisor, or UNAUTHORIZED / FORBIDDEN saying who may `action`. */
  supervisor(action: SupervisorAction): Result<Staff>;
}

/** What only a supervisor may do, named in the refusal (said.supervisorOnlyTo). */
export type SupervisorAction = 'addStaff' | 'exportJournal' | 'closeShift' | 'manageStaff' | 'viewZReports' | 'settleByHand' | 'noSale' | 'cashOut';

const toView = (staff: Staff): StaffView => ({ id: staff.id, name: staff.name, role: staff.role });

export const signInFirst = () => saidError('UNAUTHORIZED', 'said.signInFirst');

/**
 * Who is at the till. The signed-in member of staff lives in memory for this running app only:
 * after a restart everyone signs in again, so a crashed till never reopens logged in. Wrong PINs
 * count per person in the journal (pin-lockout.ts), so a restart does not clear a lock.
 */
export function createStaffDesk(deps: { journal: Journal; clock: () => Date; logger: Logger; pinFailuresBeforeLock: number; pinLockMs: number }): StaffDesk {
  const { journal, logger } = deps;
  const lockout = createPinLockout({ journal, clock: deps.clock, failures: deps.pinFailuresBeforeLock, lockMs: deps.pinLockMs, logger });
  // Setup and create check the staff list, then hash a PIN (slow), then write: never two at once.
  const serial = createSerialQueue();
  let current: Staff | null = null;

  const signedIn = (): Result<Staff> => (current ? ok(current) : fail(signInFirst()));
  const whoIsSignedIn = (): StaffView | null => (current ? toView(current) : null);
  const supervisor = (action: SupervisorAction): Result<Staff> => {
    const staff = signedIn();
    if (!staff.ok) return staff;
    return staff.value.role === 'supervisor' ? staff : fail(onlySupervisors(action));
  };

  const toMember = (staff: Staff): Result<StaffMember> => {
    const lock = journal.staff.pinLockState(staff.id);
    if (!lock.ok) return lock;
    const until = lock.value?.lockedUntil ?? null;
    const locked = until !== null && Date.parse(until) > deps.clock().getTime();
    return ok({ ...toView(staff), active: staff.active, pinLockedUntil: locked ? until : null });
  };

  const setActive = (staffId: number, active: boolean): Result<StaffMember> => {
    const boss = supervisor('manageStaff');
    if (!boss.ok) return boss;
    if (!active && staffId === boss.value.id) return fail(saidError('CONFLICT', 'said.notYourself'));
    const changed = journal.staff.setActive({ staffId, active, by: boss.value.id });
    if (!changed.ok) return changed;
    logger.info(active ? 'staff reactivated' : 'staff deactivated', { staffId, by: boss.value.id });
    return toMember(changed.value);
  };

  return {
    status() {
      const count = journal.staff.count();
      if (!count.ok) return count;
      const shift = journal.shifts.current();
      if (!shift.ok) return shift;
      return ok({ signedIn: whoIsSignedIn(), needsFirstSupervisor: count.value === 0, shiftOpen: shift.value !== null, shiftNumber: shift.value?.number ?? null });
    },

    list() {
      const all = journal.staff.list();
      if (!all.ok) return all;
      return ok({ staff: all.value.filter((staff) => staff.active).map(toView) });
    },

    setup: (input) =>
      serial(async () => {
        const count = journal.staff.count();
        if (!count.ok) return count;
        if (count.value > 0) {
          return fail(saidError('CONFLICT', 'said.staffAlreadySetUp'));
        }
        const created = await journal.staff.create({ name: input.name, role: 'supervisor', pin: input.pin });
        if (!created.ok) return created;
        current = created.value;
        logger.info('first supervisor set up', { staffId: created.value.id });
        return ok(toView(created.value));
      }),

    async signIn(input) {
      const attempt = await lockout.attempt(input.staffId, () => journal.staff.verifyPin(input));
      switch (attempt.kind) {
        case 'right':
          current = attempt.value;
          logger.info('staff signed in', { staffId: attempt.value.id });
          return ok(toView(attempt.value));
        case 'wrong': {
          logger.warn('wrong PIN', { staffId: input.staffId, locked: attempt.lockedForMs > 0 });
          if (attempt.lockedForMs === 0) return fail(attempt.error);
          const seconds = Math.ceil(attempt.lockedForMs / 1000);
          if (!attempt.staff) return fail(attempt.error);
          return fail(saidError('UNAUTHORIZED', 'said.pinNowLocked', { name: attempt.staff.name, seconds }, { pin: ['is not right'] }));
        }
        default:
          return fail(attempt.error);
      }
    },

    signOut() {
      const was = current !== null;
      current = null;
      return ok({ signedOut: was });
    },

    create: (input) =>
      serial(async () => {
        const boss = signedIn();
        if (!boss.ok) return boss;
        if (boss.value.role !== 'supervisor') return fail(onlySupervisors('addStaff'));
        const created = await journal.staff.create(input);
        if (!created.ok) return created;
        logger.info('staff added', { staffId: created.value.id, role: created.value.role, by: boss.value.id });
        return ok(toView(created.value));
      }),

    members() {
      const boss = supervisor('manageStaff');
      if (!boss.ok) return boss;
      const all = journal.staff.list();
      if (!all.ok) return all;
      const staff: StaffMember[] = [];
      for (const one of all.value) {
        const member = toMember(one);
        if (!member.ok) return member;
        staff.push(member.value);
      }
      return ok({ staff });
    },

    deactivate: ({ staffId }) => setActive(staffId, false),
    reactivate: ({ staffId }) => setActive(staffId, true),

    setPin: (input) =>
      serial(async () => {
        const boss = supervisor('manageStaff');
        if (!boss.ok) return boss;
        const changed = await journal.staff.setPin({ ...input, by: boss.value.id });
        if (!changed.ok) return changed;
        logger.info('staff PIN set', { staffId: input.staffId, by: boss.value.id });
        return toMember(changed.value);
      }),

    changeOwnPin: (input) =>
      serial(async () => {
        const me = signedIn();
        if (!me.ok) return me;
        const attempt = await lockout.attempt(me.value.id, () => journal.staff.verifyPin({ staffId: me.value.id, pin: input.currentPin }));
        if (attempt.kind === 'wrong') {
          logger.warn('wrong PIN changing own PIN', { staffId: me.value.id, locked: attempt.lockedForMs > 0 });
          if (attempt.lockedForMs === 0) return fail(saidError('UNAUTHORIZED', 'said.pinWrong', undefined, { currentPin: ['is not right'] }));
          current = null;
          return fail(saidError('UNAUTHORIZED', 'said.pinNowLockedSignedOut', { name: me.value.name, seconds: Math.ceil(attempt.lockedForMs / 1000) }, { currentPin: ['is not right'] }));
        }
        if (attempt.kind !== 'right') return fail(attempt.error);
        if (input.newPin === input.currentPin) return fail(saidError('VALIDATION', 'said.pinUnchanged', undefined, { newPin: ['is the PIN you have now'] }));
        const changed = await journal.staff.setPin({ staffId: me.value.id, pin: input.newPin, by: me.value.id });
        if (!changed.ok) return changed;
        logger.info('own PIN changed', { staffId: me.value.id });
        return ok(toView(changed.value));
      }),

    signedIn,
    whoIsSignedIn,
    supervisor,
  };
}

/** The refusal of what only a supervisor may do, naming it. */
export const onlySupervisors = (action: SupervisorAction) => saidError('FORBIDDEN', 'said.supervisorOnlyTo', { action });
