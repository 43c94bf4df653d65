import type Database from 'better-sqlite3';
import { z } from 'zod';
import { posError } from '../../shared/errors';
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

const verifyPinSchema = z.object({ staffId: staffIdSchema, pin: z.string().max(64) }).strict();

export interface StaffRepository {
  create(input: CreateStaffInput): Promise<Result<Staff>>;
  /** The member of staff when the PIN is theirs and they are active; UNAUTHORIZED otherwise, always after the same work. */
  verifyPin(input: { staffId: number; pin: string }): Promise<Result<Staff>>;
  get(id: number): Result<Staff | null>;
  list(): Result<Staff[]>;
  /** Zero on a first run: the app then asks for the first supervisor. */
  count(): Result<number>;
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

  const wrongPin = () => fail(posError('UNAUTHORIZED', 'That PIN is not right. Try again.', { pin: ['is not right'] }));

  return {
    async create(input) {
      const parsed = createStaffSchema.safeParse(input);
      if (!parsed.success) return fail(validationError(parsed.error));
      const { name, role, pin } = parsed.data;
      const taken = guard.read(() => ok(selectByName.get(name)));
      if (!taken.ok) return taken;
      if (taken.value) return fail(posError('CONFLICT', `There is already someone called ${name}.`, { name: ['is already in use'] }));
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
  };
}
