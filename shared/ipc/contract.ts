import { z } from 'zod';
import { appInfoSchema, healthSchema } from '../app';
import { datesResultSchema, filmPageSchema, filmSchema, showtimesResultSchema, ticketCategoriesResultSchema } from '../catalog/cinema';
import { hotelPageSchema, roomPageSchema } from '../catalog/hotels';
import {
  datesRequestSchema,
  filmRequestSchema,
  filmsRequestSchema,
  hotelsRequestSchema,
  roomsRequestSchema,
  showtimesRequestSchema,
  ticketsRequestSchema,
} from '../catalog/requests';
import { cinemaSelectionSchema, holdSchema, saleIdSchema, submitSaleRequestSchema } from '../sales/checkout';
import { shiftReportSchema, zReportSchema } from '../sales/reports';
import { saleViewSchema } from '../sales/sale-view';
import { pinSchema, staffRoles, staffStatusSchema, staffViewSchema } from '../sales/staff';
import { koboSchema } from '../money';
import {
  printJobsRequestSchema,
  printJobViewSchema,
  printRetryRequestSchema,
  receiptPreviewSchema,
  reportPrintRequestSchema,
  saleReceiptRequestSchema,
} from '../printing/print-jobs';
import { printerStatusViewSchema } from '../printing/printer-status';
import { editableSettingsSchema, settingsViewSchema } from '../settings/settings';

const empty = z.object({}).strict();
const dateRange = z.object({ from: z.iso.date().optional(), to: z.iso.date().optional() }).strict();

/**
 * The one contract between the renderer and the main process. Each channel (`domain:verb`,
 * kebab-case) maps a request schema to a response schema; every type on both sides is inferred
 * from here. Requests are parsed by the main side before any handler runs, so a schema is also
 * the validation rule. To add a channel: add an entry here, then a handler in electron/pos/handlers.
 */
export const channels = {
  'app:info': {
    request: z.object({}).strict(),
    response: appInfoSchema,
  },
  'app:health': {
    request: z.object({ refresh: z.boolean().default(false) }).strict(),
    response: healthSchema,
  },
  /** Films now showing (cinema experiences only); search by title, or by a cinema's city or state. */
  'cinema:films': { request: filmsRequestSchema, response: filmPageSchema },
  /** One film with the cinema locations showing it. */
  'cinema:film': { request: filmRequestSchema, response: filmSchema },
  /** The showtimes of a film at one location on one date. */
  'cinema:showtimes': { request: showtimesRequestSchema, response: showtimesResultSchema },
  /** The dates a film shows at one location in the next occurrence of a month. */
  'cinema:dates': { request: datesRequestSchema, response: datesResultSchema },
  /** Ticket categories and prices of a film at one location. */
  'cinema:tickets': { request: ticketsRequestSchema, response: ticketCategoriesResultSchema },
  /** Hotels by the spec's filters, prices per night in kobo. */
  'hotels:list': { request: hotelsRequestSchema, response: hotelPageSchema },
  /** A hotel's rooms, always fetched fresh: availability is real time. */
  'hotels:rooms': { request: roomsRequestSchema, response: roomPageSchema },

  /** Reserve tickets for 3 minutes while the customer's details and payment are taken. */
  'sale:hold': { request: cinemaSelectionSchema, response: holdSchema },
  /** Give held tickets back (customer changed their mind, screen reset). */
  'sale:release-hold': { request: z.object({ holdId: z.string().min(1) }).strict(), response: z.object({ released: z.boolean() }) },
  /**
   * Sell: written to the journal before the partner is called. The same saleId sent again (double
   * tap, retry) returns the existing sale and never reaches the partner twice.
   */
  'sale:submit': { request: submitSaleRequestSchema, response: saleViewSchema },
  'sale:get': { request: z.object({ saleId: saleIdSchema }).strict(), response: saleViewSchema },
  /** Sales whose outcome is not settled yet, and confirmed sales whose charged amount differs. */
  'sale:attention': { request: empty, response: z.object({ sales: z.array(saleViewSchema) }) },
  /** Ask the partner now what became of an unsettled sale. */
  'sale:settle': { request: z.object({ saleId: saleIdSchema }).strict(), response: saleViewSchema },
  'sale:search': {
    request: z.object({ text: z.string().trim().max(100).optional(), from: z.iso.date().optional(), to: z.iso.date().optional(), limit: z.number().int().min(1).max(500).default(50) }).strict(),
    response: z.object({ sales: z.array(saleViewSchema) }),
  },
  /** The journal as CSV, one row per sale (supervisor). */
  'journal:export': { request: dateRange, response: z.object({ fileName: z.string(), csv: z.string(), rows: z.number().int() }) },

  /** Journal files set aside because they were damaged (newest last). */
  'journal:set-aside': { request: empty, response: z.object({ files: z.array(z.object({ name: z.string() })) }) },
  /** What is still readable in a set-aside journal, as CSV (supervisor; anyone at a counter while no journal opens). */
  'journal:salvage-export': {
    request: z.object({ name: z.string().regex(/^[A-Za-z0-9._-]+$/, 'must be a set-aside file name') }).strict(),
    response: z.object({ fileName: z.string(), csv: z.string(), rows: z.number().int(), complete: z.boolean(), problem: z.string().optional() }),
  },

  /** Supervisor: the till's settings as saved, which are fixed elsewhere, whether a key is set. */
  'settings:get': { request: empty, response: settingsViewSchema },
  /** Supervisor: save settings to config.json; they apply when the till restarts. */
  'settings:update': { request: editableSettingsSchema, response: settingsViewSchema },
  /** Supervisor: store the partner API key. Write-only: no channel ever returns it. */
  'settings:set-api-key': { request: z.object({ apiKey: z.string().trim().min(8, 'that is too short to be an API key').max(512) }).strict(), response: settingsViewSchema },

  'staff:status': { request: empty, response: staffStatusSchema },
  'staff:list': { request: empty, response: z.object({ staff: z.array(staffViewSchema) }) },
  /** Only while no staff exist: the first person becomes a supervisor and is signed in. */
  'staff:setup': { request: z.object({ name: z.string().trim().min(2).max(60), pin: pinSchema }).strict(), response: staffViewSchema },
  'staff:sign-in': { request: z.object({ staffId: z.number().int().positive(), pin: pinSchema }).strict(), response: staffViewSchema },
  'staff:sign-out': { request: empty, response: z.object({ signedOut: z.boolean() }) },
  /** Supervisor only. */
  'staff:create': { request: z.object({ name: z.string().trim().min(2).max(60), role: z.enum(staffRoles), pin: pinSchema }).strict(), response: staffViewSchema },

  /** The open shift's running totals (X report) and a warning past 12 hours; null when none is open. */
  'shift:current': { request: empty, response: z.object({ report: shiftReportSchema.nullable(), overTwelveHours: z.boolean() }) },
  'shift:open': { request: z.object({ floatKobo: koboSchema.nonnegative() }).strict(), response: shiftReportSchema },
  'shift:cash': {
    request: z.object({ kind: z.enum(['in', 'out']), amountKobo: koboSchema.positive(), reason: z.string().trim().min(3, 'say why').max(200) }).strict(),
    response: shiftReportSchema,
  },
  /** Supervisor only: count the drawer, close the shift, get the numbered Z report. */
  'shift:close': { request: z.object({ countedKobo: koboSchema.nonnegative() }).strict(), response: zReportSchema },
  'shift:z-report': { request: z.object({ zNumber: z.number().int().positive() }).strict(), response: zReportSchema },

  /** The receipt printer as the status strip shows it; `refresh` asks the printer now. */
  'printer:status': { request: z.object({ refresh: z.boolean().default(false) }).strict(), response: printerStatusViewSchema },
  /** Signed-in staff: print the test page (paper width ruler, QR); answers after its first try. */
  'printer:test-page': { request: empty, response: printJobViewSchema },
  /** Signed-in staff: print a confirmed sale's receipt again, marked COPY with the next reprint number. */
  'receipt:reprint': { request: saleReceiptRequestSchema, response: printJobViewSchema },
  /** The text of a sale's latest receipt, for the on-screen view (any printer type). */
  'receipt:preview': { request: saleReceiptRequestSchema, response: receiptPreviewSchema },
  /** Signed-in staff: the print queue, newest first (receipts waiting for paper, failures to act on). */
  'print:jobs': { request: printJobsRequestSchema, response: z.object({ jobs: z.array(printJobViewSchema) }) },
  /** Signed-in staff: try a failed print job again. */
  'print:retry': { request: printRetryRequestSchema, response: printJobViewSchema },
  /** Signed-in staff: print the open shift's X report, or a closed shift's Z report by number. */
  'report:print': { request: reportPrintRequestSchema, response: printJobViewSchema },
} as const satisfies Record<string, { request: z.ZodType; response: z.ZodType }>;

/** Pushed from main to the renderer; never requested. */
export const events = {
  'app:health-changed': { payload: healthSchema },
  /** A sale changed state (confirmed, rejected, settled by reconciliation). */
  'sale:updated': { payload: saleViewSchema },
  /** The receipt printer's state or its detail changed (out of paper, back, not answering). */
  'printer:status-changed': { payload: printerStatusViewSchema },
} as const satisfies Record<string, { payload: z.ZodType }>;

export const channelNames = Object.keys(channels) as ChannelName[];
export const eventNames = Object.keys(events) as EventName[];

export type Channels = typeof channels;
export type ChannelName = keyof Channels;
export type Events = typeof events;
export type EventName = keyof Events;

/** What a caller passes (defaults not yet applied). */
export type RequestOf<C extends ChannelName> = z.input<Channels[C]['request']>;
/** What a handler receives (parsed, defaults applied). */
export type ParsedRequestOf<C extends ChannelName> = z.output<Channels[C]['request']>;
export type ResponseOf<C extends ChannelName> = z.output<Channels[C]['response']>;
export type EventPayloadOf<E extends EventName> = z.output<Events[E]['payload']>;

export const isChannelName = (name: string): name is ChannelName => Object.hasOwn(channels, name);
export const isEventName = (name: string): name is EventName => Object.hasOwn(events, name);
