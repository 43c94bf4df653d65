import { z } from 'zod';
import { saidSchema } from './errors';
import { drawerRules } from './printing/cash-drawer';

export const terminalProfiles = ['counter', 'front-desk', 'kiosk'] as const;
export const terminalProfileSchema = z.enum(terminalProfiles);
export type TerminalProfile = z.infer<typeof terminalProfileSchema>;

/**
 * A till's number (`terminal.id`, e.g. T01): on every journal row and receipt, and how head office
 * tells the tills apart, so each till of a business needs its own.
 */
export const tillNumberSchema = z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, 'must be 1-32 letters, digits, - or _');

/** `ok` works, `degraded` works with a caveat (e.g. training mode), `down` blocks that part. */
export const healthStateSchema = z.enum(['ok', 'degraded', 'down', 'unknown']);
export type HealthState = z.infer<typeof healthStateSchema>;

/** The strip's words as catalogue codes, so each screen says them in its own language. */
export const healthLabelCodes = [
  'partnerOnline', 'partnerOffline', 'training',
  'printerPreview', 'printerReady', 'printerPaperOut', 'printerCoverOpen', 'printerOffline', 'printerNotCheckedYet', 'printerNotAnswering', 'printerNotChecked', 'printerNotSetUp',
  'journalReady', 'journalClosed', 'journalCannotWrite', 'journalReadOnly', 'journalUnreadable', 'diskNearlyFull', 'journalUnavailable',
  'notChecked',
] as const;
/** Details that are fixed sentences; any other detail (a printer's or partner's own words) stays as main wrote it. */
export const healthDetailCodes = ['partnerOnline', 'training', 'printerPreview', 'journalReady', 'journalClosed', 'journalReadOnly', 'journalUnreadable', 'diskNearlyFull'] as const;
export type HealthLabelCode = (typeof healthLabelCodes)[number];
export type HealthDetailCode = (typeof healthDetailCodes)[number];
export const healthWordsSchema = z.object({
  label: z.enum(healthLabelCodes),
  detail: z.enum(healthDetailCodes).optional(),
  values: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  /** A detail that is one of main's error sentences (the partner down): translated like an error. */
  said: saidSchema.optional(),
});
export type HealthWords = z.infer<typeof healthWordsSchema>;

export const healthItemSchema = z.object({
  state: healthStateSchema,
  /** Short, for the status strip: "Partner online", "Printer offline". */
  label: z.string(),
  /** One sentence for whoever has to fix it. */
  detail: z.string(),
  /** The same in catalogue codes; label and detail above are the English, for logs and fallback. */
  words: healthWordsSchema.optional(),
});
export type HealthItem = z.infer<typeof healthItemSchema>;

export const healthSchema = z.object({
  partner: healthItemSchema,
  printer: healthItemSchema,
  journal: healthItemSchema,
  /** Head office shipping ("12 records not sent, oldest 2 h ago"); only on a till with fleet set up. */
  fleet: healthItemSchema.optional(),
  checkedAt: z.iso.datetime(),
});
export type Health = z.infer<typeof healthSchema>;

export const appInfoSchema = z.object({
  name: z.string(),
  version: z.string(),
  terminalId: z.string(),
  terminalName: z.string(),
  profile: terminalProfileSchema,
  /** True when selling against the embedded sandbox: nothing is real, everything is marked TRAINING. */
  trainingMode: z.boolean(),
  locale: z.string(),
  currency: z.literal('NGN'),
  /** Counter and front desk: minutes untouched before the screen locks behind the signed-in person's PIN (0: never). */
  lockMinutes: z.number().int().nonnegative(),
  /** Kiosk idle behaviour: after `idleSeconds` untouched, warn for `warningSeconds`, then reset. */
  kiosk: z.object({ idleSeconds: z.number().int().positive(), warningSeconds: z.number().int().positive() }),
  /** Who may open the drawer without a sale, and take cash out, on this till (the shift screen asks a cashier for a supervisor's PIN when only a supervisor may). */
  noSaleBy: z.enum(drawerRules),
  cashOutBy: z.enum(drawerRules),
  health: healthSchema,
});
export type AppInfo = z.infer<typeof appInfoSchema>;
