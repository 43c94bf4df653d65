import { z } from 'zod';

export const staffRoles = ['cashier', 'supervisor'] as const;
export const pinSchema = z.string().regex(/^\d{4,8}$/, 'must be 4 to 8 digits');

/** A supervisor's PIN typed on a cashier's screen for one action (a refund, a void, a no sale, a cash out); the cashier stays signed in. */
export const approvalSchema = z.object({ supervisorId: z.number().int().positive(), pin: pinSchema }).strict();
export type Approval = z.infer<typeof approvalSchema>;
/** Someone who may approve: offered by name on the cashier's screen. */
export type Approver = { id: number; name: string };

export const staffViewSchema = z.object({ id: z.number().int(), name: z.string(), role: z.enum(staffRoles) });
export type StaffView = z.infer<typeof staffViewSchema>;

export const staffStatusSchema = z.object({
  /** Who is signed in on this terminal, if anyone. */
  signedIn: staffViewSchema.nullable(),
  /** No staff at all yet: the first person to set up becomes the supervisor. */
  needsFirstSupervisor: z.boolean(),
  /** A shift is open on this till, so it can sell (a kiosk's attract screen says so before anyone starts). */
  shiftOpen: z.boolean(),
  /** The open shift's number (Home's banner says it, without asking for the shift's figures), or null. */
  shiftNumber: z.number().int().positive().nullable(),
});
export type StaffStatus = z.infer<typeof staffStatusSchema>;

/** A member of staff as a supervisor manages them (Staff -> Staff): whether they can sign in, whether their PIN is locked. */
export const staffMemberSchema = staffViewSchema.extend({
  active: z.boolean(),
  /** Locked after too many wrong PINs until this time (ISO), or null; a new PIN clears it. */
  pinLockedUntil: z.string().nullable(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const staffIdRequestSchema = z.object({ staffId: z.number().int().positive() }).strict();
export const setStaffPinRequestSchema = z.object({ staffId: z.number().int().positive(), pin: pinSchema }).strict();
/** Anyone signed in changing their own PIN: the one they have now, and the new one (typed twice on the screen). */
export const changeOwnPinRequestSchema = z.object({ currentPin: pinSchema, newPin: pinSchema }).strict();
