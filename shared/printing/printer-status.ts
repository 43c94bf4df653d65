import { z } from 'zod';
import { healthStateSchema, healthWordsSchema } from '../app';

/** What the till knows about its receipt printer; the same words the printing service uses. */
export const printerStates = ['ready', 'offline', 'paper-out', 'cover-open', 'unknown'] as const;
export const printerStateSchema = z.enum(printerStates);
export type PrinterStateName = z.infer<typeof printerStateSchema>;

/**
 * The printer as the status strip shows it (`printer:status`, and pushed as
 * `printer:status-changed` whenever the state or its detail changes).
 */
export const printerStatusViewSchema = z.object({
  state: printerStateSchema,
  /** ok: printing works; degraded: it may not (no answer); down: it cannot until someone acts. */
  health: healthStateSchema,
  /** Short, for the strip: "Printer ready", "Printer out of paper", "Printer not answering at 192.168.1.50". */
  label: z.string(),
  /** One or two sentences for the cashier: what is wrong and what to do. */
  detail: z.string(),
  /** "network printer 192.168.1.50:9100", "preview printer (receipts shown on screen)". */
  printer: z.string(),
  /** When the printer last said so; null before the first check. */
  checkedAt: z.iso.datetime().nullable(),
  /** The label (and a fixed detail) as catalogue codes for the screen's language. */
  words: healthWordsSchema.optional(),
  /** The level of the drawer port's pin 3 as the printer last said it, sensor or not: Settings shows it so the wiring can be matched. */
  drawerPin: z.enum(['high', 'low']).optional(),
  /** The cash drawer, on a till with its sensor set (`printer.drawerSensor`) and a reading; absent otherwise. */
  drawer: z.enum(['open', 'closed']).optional(),
  /** While the drawer is open: since when (a missed reading in between does not restart it). */
  drawerOpenSince: z.iso.datetime().optional(),
});
export type PrinterStatusView = z.infer<typeof printerStatusViewSchema>;
