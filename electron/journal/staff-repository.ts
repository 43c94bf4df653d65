import type Database from 'better-sqlite3';
import { z } from 'zod';
import { saidError } from '../../shared/errors';
import { fail, ok, type Result } from '../../shared/result';
import { validationError } from '../../shared/validation';
import type { JournalGuard } from './guard';
import { hashPin, pinMatches, spendPinCheckTime } from './pin-hash';
import { pinSchema, staffRoles } from '../../shared/sales/staff';
import { staffIdSchema } from './sale-inputs';

export { pinSchema, staffRoles };
export type StaffRole = (typeof staffRoles)[number];

/** A member of staff as the rest of the app sees them: never with the PIN hash. */
export interface Staff {
  id: number;
  name: string;
  role: StaffRole;
  active: boolean;
  createdAt: string;
}

export const createStaffSchema = z
  .object({ name: z.string().trim().min(1, 'must not be empty').max(60), role: z.enum(staffRoles), pin: pinSchema })
  .strict();
export type CreateStaffInput = z.input<typeof createStaffSchema>;

const setActiveSchema = z.object({ staffId: staffIdSchema, active: z.boolean(), by: staffIdSchema }).strict();
const setPinSchema = z.object({ staffId: staffIdSchema, pin: pinSchema, by: staffIdSchema }).strict();

const verifyPinSchema = z.object({ staffId: staffIdSchema, pin: z.string().max(64) }).strict();

/** How PIN attempts turn into locks (the policy lives in sales/pin-lockout.ts; the count lives here). */
export interface PinLockRule {
  /** The attempt that makes this many in a row starts a lock. */
  attemptsBeforeLock: number;
  /** How long the n-th lock in a row lasts (n from 1). */
  lockMs(locksInARow: number): number;
}

/** The answer to "may this PIN be looked at?", given before it is. */
export type PinAttemptTicket =
  | { allowed: false; lockedUntil: string }
  /** `lockStarted`: this attempt reached the limit, so the lock stands unless its PIN proves right. */
  | { allowed: true; lockStarted: { until: string; ms: number; locksInARow: number } | null };

export type StaffAuditKind = 'pin-locked' | 'deactivated' | 'reactivated' | 'pin-set';

export interface StaffAuditEvent {
  id: number;
  staffId: number | null;
  kind: StaffAuditKind;
  at: string;
  detail: Record<string, unknown>;
}

export interface StaffRepository {
  create(input: CreateStaffInput): Promise<Result<Staff>>;
  /** The member of staff when the PIN is theirs and they are active; UNAUTHORIZED otherwise, always after the same work. */
  verifyPin(input: { staffId: number; pin: string }): Promise<Result<Staff>>;
  get(id: number): Result<Staff | null>;
  list(): Result<Staff[]>;
  /** Zero on a first run: the app then asks for the first supervisor. */
  count(): Result<number>;
  /**
   * Counts one PIN attempt for a member of staff before the PIN is looked at, in one immediate
   * transaction: refused while they are locked; the attempt that reaches the limit starts the
   * lock at once, so attempts made while it is being evaluated are refused too.
   */
  reservePinAttempt(staffId: number, rule: PinLockRule): Result<PinAttemptTicket>;
  /** Their PIN proved right: the count, the lock and the run of locks start over. */
  clearPinAttempts(staffId: number): Result<void>;
  /** The attempt that started a lock was wrong: the lock stands, and one audit event records it. */
  recordPinLock(staffId: number, lock: { until: string; ms: number; locksInARow: number; wrongPins: number }): Result<void>;
  /** Where the count stands (null: no PIN of theirs was ever tried on this journal). */
  pinLockState(staffId: number): Result<{ attempts: number; locksInARow: number; lockedUntil: string | null } | null>;
  /** The staff audit trail, oldest first. */
  audit(staffId?: number): Result<StaffAuditEvent[]>;
  /**
   * Deactivates (someone who left) or reactivates a member of staff, with an audit event naming
   * `by`. Never deletes; the last active supervisor stays (CONFLICT, and a trigger refuses it too).
   * Already in that state: answered as it is, nothing written.
   */
  setActive(input: { staffId: number; active: boolean; by: number }): Result<Staff>;
  /** A new PIN chosen by a supervisor (`by`): it replaces the old one and clears any PIN lock, with an audit event. */
  setPin(input: { staffId: number; pin: string; by: number }): Promise<Result<Staff>>;
}

interface LockoutRow {
  staff_id: number;
  attempts: number;
  locks_in_a_row: number;
  locked_until: string | null;
}

interface AuditRow {
  id: number;
  staff_id: number | null;
  kind: StaffAuditKind;
  at: string;
  detail_json: string;
}

interface StaffRow {
  id: number;
  name: string;
  role: StaffRole;
  pin_hash: string;
  active: number;
  created_at: string;
}

const toStaff = (row: StaffRow): Staff => ({ id: row.id, name: row.name, role: row.role, active: row.active === 1, createdAt: row.created_at });

export function createStaffRepository(deps: {
  db: Database.Database;
  guard: JournalGuard;
  terminalId: string;
  clock: () => Date;
}): StaffRepository {
  const { db, guard, terminalId, clock } = deps;
  const selectById = db.prepare<[number], StaffRow>('SELECT * FROM staff WHERE id = ?');
  const selectByName = db.prepare<[string], StaffRow>('SELECT * FROM staff WHERE name = ?');
  const selectAll = db.prepare<[], StaffRow>('SELECT * FROM staff ORDER BY name, id');
  const countAll = db.prepare<[], number>('SELECT count(*) FROM staff').pluck();
  const insert = db.prepare(
    'INSERT INTO staff (terminal_id, name, role, pin_hash, created_at) VALUES (@terminalId, @name, @role, @pinHash, @at)',
  );

  const selectLockout = db.prepare<[number], LockoutRow>('SELECT * FROM pin_lockouts WHERE staff_id = ?');
  const upsertLockout = db.prepare(
    `INSERT INTO pin_lockouts (staff_id, attempts, locks_in_a_row, locked_until, updated_at) VALUES (@staffId, @attempts, @locks, @until, @at)
     ON CONFLICT (staff_id) DO UPDATE SET attempts = excluded.attempts, locks_in_a_row = excluded.locks_in_a_row, locked_until = excluded.locked_until, updated_at = excluded.updated_at`,
  );
  const insertAudit = db.prepare('INSERT INTO staff_audit (terminal_id, staff_id, kind, at, detail_json) VALUES (@terminalId, @staffId, @kind, @at, @detail)');
  const selectAudit = db.prepare<[number | null, number | null], AuditRow>('SELECT * FROM staff_audit WHERE (? IS NULL OR staff_id = ?) ORDER BY id');

  const reserve = db
    .transaction((staffId: number, rule: PinLockRule): Result<PinAttemptTicket> => {
      const now = clock();
      const row = selectLockout.get(staffId);
      if (row?.locked_until && Date.parse(row.locked_until) > now.getTime()) return ok({ allowed: false, lockedUntil: row.locked_until });
      const attempts = (row?.attempts ?? 0) + 1;
      const at = now.toISOString();
      if (attempts < rule.attemptsBeforeLock) {
        upsertLockout.run({ staffId, attempts, locks: row?.locks_in_a_row ?? 0, until: null, at });
        return ok({ allowed: true, lockStarted: null });
      }
      const locksInARow = (row?.locks_in_a_row ?? 0) + 1;
      const ms = rule.lockMs(locksInARow);
      const until = new Date(now.getTime() + ms).toISOString();
      upsertLockout.run({ staffId, attempts: 0, locks: locksInARow, until, at });
      return ok({ allowed: true, lockStarted: { until, ms, locksInARow } });
    })
    .immediate;

  const setActiveRow = db.prepare('UPDATE staff SET active = @active WHERE id = @id');
  const setPinHash = db.prepare('UPDATE staff SET pin_hash = @pinHash WHERE id = @id');
  const otherActiveSupervisors = db.prepare<[number], number>("SELECT count(*) FROM staff WHERE id <> ? AND role = 'supervisor' AND active = 1").pluck();
  const noSuchStaff = () => fail(saidError('NOT_FOUND', 'said.noSuchStaff', undefined, { staffId: ['is not on this till'] }));
  const writeAudit = (staffId: number, kind: StaffAuditKind, detail: Record<string, unknown>) =>
    insertAudit.run({ terminalId, staffId, kind, at: clock().toISOString(), detail: JSON.stringify(detail) });

  const setActiveTx = db
    .transaction((input: z.output<typeof setActiveSchema>): Result<Staff> => {
      const row = selectById.get(input.staffId);
      if (!row) return noSuchStaff();
      if ((row.active === 1) === input.active) return ok(toStaff(row));
      if (!input.active && row.role === 'supervisor' && otherActiveSupervisors.get(row.id) === 0) {
        return fail(saidError('CONFLICT', 'said.lastSupervisor', { name: row.name }));
      }
      setActiveRow.run({ id: row.id, active: input.active ? 1 : 0 });
      writeAudit(row.id, input.active ? 'reactivated' : 'deactivated', { by: input.by });
      return ok(toStaff(selectById.get(row.id)!));
    })
    .immediate;

  const setPinTx = db
    .transaction((staffId: number, pinHash: string, by: number): Result<Staff> => {
      const row = selectById.get(staffId);
      if (!row) return noSuchStaff();
      setPinHash.run({ id: staffId, pinHash });
      // A new PIN starts the count over: whoever was locked out can sign in with it at once.
      upsertLockout.run({ staffId, attempts: 0, locks: 0, until: null, at: clock().toISOString() });
      writeAudit(staffId, 'pin-set', { by });
      return ok(toStaff(selectById.get(staffId)!));
    })
    .immediate;

  const wrongPin = () => fail(saidError('UNAUTHORIZED', 'said.pinWrong', undefined, { pin: ['is not right'] }));

  return {
    async create(input) {
      const parsed = createStaffSchema.safeParse(input);
      if (!parsed.success) return fail(validationError(parsed.error));
      const { name, role, pin } = parsed.data;
      const taken = guard.read(() => ok(selectByName.get(name)));
      if (!taken.ok) return taken;
      if (taken.value) return fail(saidError('CONFLICT', 'said.nameTaken', { name }, { name: ['is already in use'] }));
      const pinHash = await hashPin(pin);
      return guard.write(() => {
        const { lastInsertRowid } = insert.run({ terminalId, name, role, pinHash, at: clock().toISOString() });
        return ok(toStaff(selectById.get(Number(lastInsertRowid))!));
      });
    },

    async verifyPin(input) {
      const parsed = verifyPinSchema.safeParse(input);
      if (!parsed.success) return fail(validationError(parsed.error));
      const found = guard.read(() => ok(selectById.get(parsed.data.staffId)));
      if (!found.ok) return found;
      const row = found.value;
      if (!row || row.active !== 1) {
        await spendPinCheckTime(parsed.data.pin);
        return wrongPin();
      }
      return (await pinMatches(parsed.data.pin, row.pin_hash)) ? ok(toStaff(row)) : wrongPin();
    },

    get: (id) =>
      guard.read(() => {
        const row = selectById.get(id);
        return ok(row ? toStaff(row) : null);
      }),

    list: () => guard.read(() => ok(selectAll.all().map(toStaff))),

    count: () => guard.read(() => ok(countAll.get()!)),

    reservePinAttempt: (staffId, rule) => guard.write(() => reserve(staffId, rule)),

    clearPinAttempts: (staffId) =>
      guard.write(() => {
        upsertLockout.run({ staffId, attempts: 0, locks: 0, until: null, at: clock().toISOString() });
        return ok(undefined);
      }),

    recordPinLock: (staffId, lock) =>
      guard.write(() => {
        const detail = JSON.stringify({ wrongPins: lock.wrongPins, lockMs: lock.ms, lockedUntil: lock.until, locksInARow: lock.locksInARow });
        insertAudit.run({ terminalId, staffId, kind: 'pin-locked', at: clock().toISOString(), detail });
        return ok(undefined);
      }),

    pinLockState: (staffId) =>
      guard.read(() => {
        const row = selectLockout.get(staffId);
        return ok(row ? { attempts: row.attempts, locksInARow: row.locks_in_a_row, lockedUntil: row.locked_until } : null);
      }),

    setActive: (input) =>
      guard.write(() => {
        const parsed = setActiveSchema.safeParse(input);
        return parsed.success ? setActiveTx(parsed.data) : fail(validationError(parsed.error));
      }),

    async setPin(input) {
      const parsed = setPinSchema.safeParse(input);
      if (!parsed.success) return fail(validationError(parsed.error));
      const found = guard.read(() => ok(selectById.get(parsed.data.staffId)));
      if (!found.ok) return found;
      if (!found.value) return noSuchStaff();
      const pinHash = await hashPin(parsed.data.pin);
      return guard.write(() => setPinTx(parsed.data.staffId, pinHash, parsed.data.by));
    },

    audit: (staffId) =>
      guard.read(() =>
        ok(
          selectAudit.all(staffId ?? null, staffId ?? null).map((row) => ({
            id: row.id,
            staffId: row.staff_id,
            kind: row.kind,
            at: row.at,
            detail: JSON.parse(row.detail_json) as Record<string, unknown>,
          })),
        ),
      ),
  };
}
