import { z } from 'zod';
import { countSheetSchema } from '../sales/cash-count';

const kobo = z.number().int();
const count = z.number().int().nonnegative();

/** What one till reports about itself and what head office holds of it. */
export const fleetTerminalSchema = z.object({
  terminalId: z.string(),
  name: z.string().nullable(),
  /** Links head office holds (the highest sequence received). */
  receivedSeq: z.number().int().nonnegative(),
  /** Links checked so far: gapless, hashes recomputed, linked. */
  verifiedSeq: z.number().int().nonnegative(),
  /** The first bad link, or null while the chain is intact. */
  brokenAtSeq: z.number().int().nullable(),
  breaks: z.array(z.object({ seq: z.number().int(), kind: z.string(), detail: z.string(), foundAt: z.string() })),
  /** What the till said it still had to send, when it last made contact. */
  unsentCount: count,
  oldestUnsentAt: z.string().nullable(),
  lastContactAt: z.string().nullable(),
  grandTotalKobo: kobo,
});
export type FleetTerminal = z.infer<typeof fleetTerminalSchema>;

/**
 * A till refused its number: head office keeps that number for another journal (the first to ship
 * under it), so nothing of this till reaches head office and its sales are in none of the figures.
 * Noted by head office itself at every refused claim (fleet_number_conflicts).
 */
export const fleetNumberConflictSchema = z.object({
  terminalId: z.string(),
  /** The refused till's journal (its identity), for support. */
  journalId: z.string(),
  /** What the refused till calls itself, or null when it gave no name. */
  name: z.string().nullable(),
  firstSeenAt: z.string(),
  lastSeenAt: z.string(),
  /** It had sold under the number before it was refused: those sales are on that till only (support's case). */
  holdsRecords: z.boolean(),
});
export type FleetNumberConflict = z.infer<typeof fleetNumberConflictSchema>;

/** Head office's figures for a range of days (Lagos time, both ends included). */
export const fleetReportSchema = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  generatedAt: z.string(),
  /** Confirmed sales by day x terminal x product. */
  sales: z.array(z.object({ day: z.iso.date(), terminalId: z.string(), product: z.string(), count, totalKobo: kobo })),
  /** Confirmed sales by hour of the day (0-23, Lagos) and terminal: the chart. */
  byHour: z.array(z.object({ hour: z.number().int().min(0).max(23), terminalId: z.string(), count, totalKobo: kobo })),
  /** What confirmed sales were paid with. */
  tenders: z.array(z.object({ kind: z.string(), count, totalKobo: kobo })),
  /** Voids and refunds by terminal and kind. */
  corrections: z.array(z.object({ terminalId: z.string(), kind: z.string(), count, totalKobo: kobo })),
  zReports: z.array(
    z.object({
      terminalId: z.string(),
      zNumber: z.number().int(),
      closedAt: z.string(),
      confirmedCount: count,
      confirmedKobo: kobo,
      expectedKobo: kobo,
      countedKobo: kobo,
      /** How the drawer was counted note by note at the close (Count by notes); null when the total was typed, or before tills recorded it. */
      countSheet: countSheetSchema.nullable(),
      differenceKobo: kobo,
      /** Times the drawer opened without a sale in that shift; null on Z reports closed before tills recorded them. */
      noSaleCount: count.nullable(),
      /** Of those, the ones a supervisor approved with their PIN for a cashier; null on Z reports closed before tills recorded approvals. */
      noSaleApprovedCount: count.nullable(),
      /** Cash taken out of the drawer in that shift (paid outs with their vouchers). */
      cashOutKobo: kobo,
      /** How many of those a supervisor approved with their PIN for a cashier; null on Z reports closed before tills recorded approvals. */
      cashOutApprovedCount: count.nullable(),
      /** Times the drawer was left open a minute or more (its sensor); null on Z reports closed before tills recorded it. */
      drawerLeftOpenCount: count.nullable(),
      /** The chain anchor the Z report printed (first 8 hex digits), and the grand total then. */
      chainHash: z.string().nullable(),
      chainSeq: z.number().int().nullable(),
      grandTotalKobo: kobo.nullable(),
    }),
  ),
  terminals: z.array(fleetTerminalSchema),
  /** Every till ever refused its number, whatever the days: like a break, it is not a day's figure. */
  numberConflicts: z.array(fleetNumberConflictSchema),
});
export type FleetReport = z.infer<typeof fleetReportSchema>;

export const fleetReportRequestSchema = z
  .object({ from: z.iso.date(), to: z.iso.date() })
  .strict()
  .refine((range) => range.from <= range.to, { message: 'the first day must not be after the last', path: ['to'] });

/** The till's own shipping, for the status strip and the shift close warning. */
export const fleetStatusSchema = z.object({
  configured: z.boolean(),
  state: z.enum(['off', 'starting', 'shipping', 'idle', 'offline', 'refused', 'stopped']),
  unsentCount: count,
  oldestUnsentAt: z.string().nullable(),
  lastShippedAt: z.string().nullable(),
  /** Head office's database as it may be shown: host and database, never a password. */
  database: z.string().nullable(),
  /** Whether the till holds a password for it (never the password itself). */
  passwordSet: z.boolean(),
  problem: z.string().nullable(),
});
export type FleetStatus = z.infer<typeof fleetStatusSchema>;

/** Supervisor: the till's password for head office's database. Write-only: no channel returns it. */
export const fleetPasswordRequestSchema = z.object({ password: z.string().min(1, 'type the password').max(256) }).strict();
