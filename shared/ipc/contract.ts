import { z } from 'zod';
import { fleetPasswordRequestSchema, fleetReportRequestSchema, fleetReportSchema, fleetStatusSchema } from '../fleet/report';
import type { ChannelSpec, EventSpec } from './access';
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
import {
  agreeCancellationRequestSchema,
  cancellationViewSchema,
  closeCancellationRequestSchema,
  correctionIdSchema,
  correctionOptionsSchema,
  refundRequestSchema,
  voidRequestSchema,
} from '../sales/corrections';
import { correctionResultSchema } from '../sales/correction-result';
import { handSettlementSchema } from '../sales/hand-settlement';
import { statedReasonSchema } from '../sales/stated-reason';
import { countSheetSchema } from '../sales/cash-count';
import { shiftReportSchema, zReportSchema, zReportsRequestSchema, zReportSummarySchema } from '../sales/reports';
import { saleViewSchema } from '../sales/sale-view';
import { staffRestartNoticeSchema } from '../sales/restart-notice';
import { approvalSchema, changeOwnPinRequestSchema, pinSchema, setStaffPinRequestSchema, staffIdRequestSchema, staffMemberSchema, staffRoles, staffStatusSchema, staffViewSchema } from '../sales/staff';
import { koboSchema } from '../money';
import {
  printJobsRequestSchema,
  printJobViewSchema,
  printRetryRequestSchema,
  receiptPreviewSchema,
  reportPreviewSchema,
  reportPrintRequestSchema,
  saleReceiptRequestSchema,
  salePaperRequestSchema,
} from '../printing/print-jobs';
import { printerStatusViewSchema } from '../printing/printer-status';
import { cardPaymentViewSchema, paymentProgressSchema, simulatorDisplaySchema, simulatorFaultsSchema, terminalInfoSchema, testCards } from '../payments/card-payment';
import { editableSettingsSchema, paystackKeyRequestSchema, settingsViewSchema } from '../settings/settings';
import { partnerTestReportSchema, partnerTestRequestSchema } from '../partner/connection-report';

const empty = z.object({}).strict();
const dateRange = z.object({ from: z.iso.date().optional(), to: z.iso.date().optional() }).strict();

/**
 * The one contract between the renderer and the main process. Each channel (`domain:verb`,
 * kebab-case) maps a request schema to a response schema; every type on both sides is inferred
 * from here. Requests are parsed by the main side before any handler runs, so a schema is also
 * the validation rule. Each channel also says who may call it (`access`, see ./README.md), and
 * dispatch enforces that before any handler runs. To add a channel: add an entry here with its
 * access rule, then a handler in electron/app/handlers.
 */
export const channels = {
  'app:info': {
    request: z.object({}).strict(),
    response: appInfoSchema,
    access: 'public',
  },
  /** `refresh`: probe everything now; `cached`: the last reading however old, probing nothing (a screen catching up). */
  'app:health': {
    request: z.object({ refresh: z.boolean().default(false), cached: z.boolean().default(false) }).strict(),
    response: healthSchema,
    access: 'public',
  },
  /**
   * A screen stopped working (an error while drawing it): written to the till's log, where the
   * renderer has none of its own. Public: a kiosk customer's screen breaks too. Cut to size, as
   * a broken page may send anything.
   */
  'app:report-error': {
    request: z
      .object({
        screen: z.string().max(60),
        message: z.string().transform((text) => text.slice(0, 1_000)),
        stack: z.string().transform((text) => text.slice(0, 4_000)).optional(),
      })
      .strict(),
    response: empty,
    access: 'public',
  },
  /** Films now showing (cinema experiences only); search by title, or by a cinema's city or state. */
  'cinema:films': { request: filmsRequestSchema, response: filmPageSchema, access: 'public' },
  /** One film with the cinema locations showing it. */
  'cinema:film': { request: filmRequestSchema, response: filmSchema, access: 'public' },
  /** The showtimes of a film at one location on one date. */
  'cinema:showtimes': { request: showtimesRequestSchema, response: showtimesResultSchema, access: 'public' },
  /** The dates a film shows at one location in the next occurrence of a month. */
  'cinema:dates': { request: datesRequestSchema, response: datesResultSchema, access: 'public' },
  /** Ticket categories and prices of a film at one location. */
  'cinema:tickets': { request: ticketsRequestSchema, response: ticketCategoriesResultSchema, access: 'public' },
  /** Hotels by the spec's filters, prices per night in kobo. */
  'hotels:list': { request: hotelsRequestSchema, response: hotelPageSchema, access: 'public' },
  /** A hotel's rooms, always fetched fresh: availability is real time. */
  'hotels:rooms': { request: roomsRequestSchema, response: roomPageSchema, access: 'public' },

  /** Reserve tickets for 3 minutes while the customer's details and payment are taken. */
  'sale:hold': { request: cinemaSelectionSchema, response: holdSchema, access: 'customer', customerBegins: 'hold' },
  /** Give held tickets back (customer changed their mind, screen reset). */
  'sale:release-hold': { request: z.object({ holdId: z.string().min(1) }).strict(), response: z.object({ released: z.boolean() }), access: 'customer' },
  /**
   * Sell: written to the journal before the partner is called. The same saleId sent again (double
   * tap, retry) returns the existing sale and never reaches the partner twice.
   */
  'sale:submit': { request: submitSaleRequestSchema, response: saleViewSchema, access: 'customer', customerBegins: 'sale' },
  'sale:get': { request: z.object({ saleId: saleIdSchema }).strict(), response: saleViewSchema, access: 'customer' },
  /** Sales whose outcome is not settled yet, rejected sales whose money is still to be given back by hand, and confirmed sales whose charged amount differs. */
  'sale:attention': { request: empty, response: z.object({ sales: z.array(saleViewSchema) }), access: 'staff' },
  /** Ask the partner now what became of an unsettled sale. */
  'sale:settle': { request: z.object({ saleId: saleIdSchema }).strict(), response: saleViewSchema, access: 'staff' },
  /**
   * Supervisor only: settle a sale whose outcome is unknown by what the partner said when asked by
   * other means (its portal, a call): it holds it under this reference, or has no record of it.
   * The partner is asked once more first; an answer that contradicts the supervisor wins.
   */
  'sale:settle-by-hand': { request: handSettlementSchema, response: saleViewSchema, access: 'supervisor' },
  'sale:search': {
    request: z.object({ text: z.string().trim().max(100).optional(), from: z.iso.date().optional(), to: z.iso.date().optional(), limit: z.number().int().min(1).max(500).default(50) }).strict(),
    response: z.object({ sales: z.array(saleViewSchema) }),
    access: 'staff',
  },
  /** The journal as CSV, one row per sale and one per void or refund linked to its sale (supervisor). */
  'journal:export': { request: dateRange, response: z.object({ fileName: z.string(), csv: z.string(), rows: z.number().int() }), access: 'supervisor' },

  /** Journal files set aside because they were damaged (newest last). */
  'journal:set-aside': { request: empty, response: z.object({ files: z.array(z.object({ name: z.string() })) }), access: 'supervisor', whileNoJournal: 'counter' },
  /** What is still readable in a set-aside journal, as CSV (supervisor; anyone at a counter while no journal opens). */
  'journal:salvage-export': {
    request: z.object({ name: z.string().regex(/^[A-Za-z0-9._-]+$/, 'must be a set-aside file name') }).strict(),
    response: z.object({ fileName: z.string(), csv: z.string(), rows: z.number().int(), complete: z.boolean(), problem: z.string().optional() }),
    access: 'supervisor',
    whileNoJournal: 'counter',
  },

  /** Supervisor: the till's settings as saved, which are fixed elsewhere, whether a key is set. */
  'settings:get': { request: empty, response: settingsViewSchema, access: 'supervisor' },
  /** Supervisor: save settings to config.json; they apply when the till restarts. */
  'settings:update': { request: editableSettingsSchema, response: settingsViewSchema, access: 'supervisor' },
  /**
   * Supervisor: Settings -> Restart now. The saved settings are checked, the answer goes out, then
   * the till stops as it would on closing (sales in flight finish and are journaled) and starts again
   * on them; everyone signs in again. Refused where the till cannot restart itself.
   */
  'settings:restart': { request: empty, response: z.object({ restarting: z.literal(true) }).strict(), access: 'supervisor' },
  /** Supervisor: store the partner API key. Write-only: no channel ever returns it. */
  'settings:set-api-key': { request: z.object({ apiKey: z.string().trim().min(8, 'that is too short to be an API key').max(512) }).strict(), response: settingsViewSchema, access: 'supervisor' },
  /** Supervisor: store the Paystack secret key (card terminal). Write-only: answers say only whether one is set. */
  'settings:set-paystack-key': { request: paystackKeyRequestSchema, response: settingsViewSchema, access: 'supervisor' },
  /**
   * Supervisor: Settings -> Test partner connection. Reads film list, details, dates, ticket
   * categories and a hotel list on the configured partner (or on values typed and not saved), with
   * each call's status and time and the setting to change when something is wrong. Never buys.
   */
  'settings:test-partner': { request: partnerTestRequestSchema, response: partnerTestReportSchema, access: 'supervisor' },

  'staff:status': { request: empty, response: staffStatusSchema, access: 'public' },
  'staff:list': { request: empty, response: z.object({ staff: z.array(staffViewSchema) }), access: 'staff' },
  /** The names to choose from on the sign-in screen (no roles): a kiosk stranger learns nothing more than a name badge says. */
  'staff:roster': { request: empty, response: z.object({ staff: z.array(staffViewSchema.pick({ id: true, name: true })) }), access: 'public' },
  /** Only while no staff exist: the first person becomes a supervisor and is signed in. */
  'staff:setup': { request: z.object({ name: z.string().trim().min(2).max(60), pin: pinSchema }).strict(), response: staffViewSchema, access: 'public' },
  'staff:sign-in': { request: z.object({ staffId: z.number().int().positive(), pin: pinSchema }).strict(), response: staffViewSchema, access: 'public' },
  /** Also how a kiosk screen starts over: the customer's sale and holds are forgotten. */
  'staff:sign-out': { request: empty, response: z.object({ signedOut: z.boolean() }), access: 'public', endsCustomer: true },
  /** Supervisor only. */
  'staff:create': { request: z.object({ name: z.string().trim().min(2).max(60), role: z.enum(staffRoles), pin: pinSchema }).strict(), response: staffViewSchema, access: 'supervisor' },
  /** Supervisor: everyone on the staff list, active or not, with whether their PIN is locked. */
  /** Signed-in staff: the supervisors who may approve what the person signed in asks for (a cashier's no sale), by their PIN on this screen. */
  'staff:approvers': { request: empty, response: z.object({ approvers: z.array(staffViewSchema.pick({ id: true, name: true })) }), access: 'staff' },
  'staff:members': { request: empty, response: z.object({ staff: z.array(staffMemberSchema) }), access: 'supervisor' },
  /** Supervisor: someone who left can no longer sign in and leaves the roster (never yourself, never the last active supervisor). */
  'staff:deactivate': { request: staffIdRequestSchema, response: staffMemberSchema, access: 'supervisor' },
  'staff:reactivate': { request: staffIdRequestSchema, response: staffMemberSchema, access: 'supervisor' },
  /** Supervisor: a new PIN for a member of staff (typed twice on screen); it clears a PIN lock. */
  'staff:set-pin': { request: setStaffPinRequestSchema, response: staffMemberSchema, access: 'supervisor' },
  /** Anyone signed in: their own new PIN, proven by the current one; wrong ones count towards their PIN lock, which signs them out. */
  'staff:change-own-pin': { request: changeOwnPinRequestSchema, response: staffViewSchema, access: 'staff' },

  /** The open shift's running totals (X report) and a warning past 12 hours; null when none is open. */
  'shift:current': {
    request: empty,
    // firstShift: no shift was ever recorded here, so the till's number can still change (Settings).
    response: z.object({ report: shiftReportSchema.nullable(), overTwelveHours: z.boolean(), firstShift: z.boolean() }),
    access: 'staff',
  },
  'shift:open': { request: z.object({ floatKobo: koboSchema.nonnegative() }).strict(), response: shiftReportSchema, access: 'staff' },
  'shift:cash': {
    // approval: a cash out where only supervisors may (printer.cashOutBy), a supervisor's PIN typed on a cashier's screen.
    request: z.object({ kind: z.enum(['in', 'out']), amountKobo: koboSchema.positive(), reason: statedReasonSchema, approval: approvalSchema.optional() }).strict(),
    response: shiftReportSchema,
    access: 'staff',
  },
  /**
   * "No sale": the drawer opened without a sale (change for a note, a note checked), with a reason;
   * recorded, listed on the X and Z reports, and its slip pulses the drawer. `drawerPulse` false:
   * no drawer is set on the printer (Settings), so it is opened with its key.
   */
  'shift:no-sale': {
    // approval: where only supervisors may (printer.noSaleBy), a supervisor's PIN typed on a cashier's screen.
    request: z.object({ reason: statedReasonSchema, approval: approvalSchema.optional() }).strict(),
    response: z.object({ report: shiftReportSchema, drawerPulse: z.boolean() }),
    access: 'staff',
  },
  /** Supervisor only: count the drawer, close the shift, get the numbered Z report. */
  // countSheet: the drawer counted note by note (Count by notes), kept in the Z report; it must add up to countedKobo.
  'shift:close': { request: z.object({ countedKobo: koboSchema.nonnegative(), countSheet: countSheetSchema.optional() }).strict(), response: zReportSchema, access: 'supervisor' },
  'shift:z-report': { request: z.object({ zNumber: z.number().int().positive() }).strict(), response: zReportSchema, access: 'staff' },
  /** Supervisor: this till's Z reports, newest first (`before`: older than that Z number), to open and print again. */
  'shift:z-reports': { request: zReportsRequestSchema, response: z.object({ reports: z.array(zReportSummarySchema) }), access: 'supervisor' },

  /** The receipt printer as the status strip shows it; `refresh` asks the printer now. */
  'printer:status': { request: z.object({ refresh: z.boolean().default(false) }).strict(), response: printerStatusViewSchema, access: 'public' },
  /** Signed-in staff: print the test page (paper width ruler, QR); answers after its first try. */
  'printer:test-page': { request: empty, response: printJobViewSchema, access: 'staff' },
  /** Signed-in staff: print a confirmed sale's receipt again, marked COPY with the next reprint number. */
  'receipt:reprint': { request: saleReceiptRequestSchema, response: printJobViewSchema, access: 'staff' },
  /** The text of a sale's latest receipt, for the on-screen view (any printer type). */
  'receipt:preview': { request: salePaperRequestSchema, response: receiptPreviewSchema, access: 'customer' },
  /** Whether a sale's receipt (and any reprint) has printed, newest first: the kiosk customer's own, or any sale for staff. */
  'receipt:status': { request: saleReceiptRequestSchema, response: z.object({ jobs: z.array(printJobViewSchema) }), access: 'customer' },
  /** Signed-in staff: the print queue, newest first (receipts waiting for paper, failures to act on). */
  'print:jobs': { request: printJobsRequestSchema, response: z.object({ jobs: z.array(printJobViewSchema) }), access: 'staff' },
  /** Signed-in staff: try a failed print job again. */
  'print:retry': { request: printRetryRequestSchema, response: printJobViewSchema, access: 'staff' },
  /** Signed-in staff: print the open shift's X report, or a closed shift's Z report by number. */
  'report:print': { request: reportPrintRequestSchema, response: printJobViewSchema, access: 'staff' },
  /** Signed-in staff: the paper `report:print` would print for the same request, as text, printing nothing (any printer type). */
  'report:preview': { request: reportPrintRequestSchema, response: reportPreviewSchema, access: 'staff' },

  /** This till's shipping to head office: records not sent yet, the oldest, why not (configured: false without fleet). */
  'fleet:status': { request: empty, response: fleetStatusSchema, access: 'staff' },
  /** Supervisor, fleet set up: head office's figures for every terminal over a range of days (the All terminals screen). */
  'fleet:report': { request: fleetReportRequestSchema, response: fleetReportSchema, access: 'supervisor' },
  /** Supervisor, fleet set up: the same figures as a CSV file (`npm run fleet -- report --format csv`), for a spreadsheet. */
  'fleet:export': { request: fleetReportRequestSchema, response: z.object({ fileName: z.string(), csv: z.string() }), access: 'supervisor' },
  /** Supervisor: store the till's password for head office's database. Write-only: no channel ever returns it. */
  'fleet:set-password': { request: fleetPasswordRequestSchema, response: fleetStatusSchema, access: 'supervisor' },

  /** What can still be given back for a sale (by tender and line) and who can approve it; never at a kiosk. */
  'correction:options': { request: z.object({ saleId: saleIdSchema }).strict(), response: correctionOptionsSchema, access: 'staff' },
  /** Give back what was paid for a rejected sale, approved by a supervisor's PIN on this screen. */
  'correction:void': { request: voidRequestSchema, response: correctionResultSchema, access: 'staff' },
  /** Give back some or all of a confirmed sale by line and quantity, approved by a supervisor's PIN; opens the cancellation owed. */
  'correction:refund': { request: refundRequestSchema, response: correctionResultSchema, access: 'staff' },
  /** Ask the card terminal now what became of a card void or refund it has not confirmed. */
  'correction:settle': { request: z.object({ correctionId: correctionIdSchema }).strict(), response: correctionResultSchema, access: 'staff' },
  /** Cancellations refunds left owed by the partner or venue (Staff -> Refunds): the open ones, or all. */
  'cancellation:list': { request: z.object({ open: z.boolean().default(true) }).strict(), response: z.object({ cancellations: z.array(cancellationViewSchema) }), access: 'staff' },
  /** Who at the partner or venue agreed to a cancellation, how, and any fee withheld: owed -> agreed. */
  'cancellation:agree': { request: agreeCancellationRequestSchema, response: cancellationViewSchema, access: 'staff' },
  /** The partner has settled a cancellation: agreed -> closed. */
  'cancellation:close': { request: closeCancellationRequestSchema, response: cancellationViewSchema, access: 'staff' },

  /** How this till takes cards (integrated terminal or approval code) and why it cannot, if it cannot. */
  'payment:terminal': { request: empty, response: terminalInfoSchema, access: 'public' },
  /**
   * A kiosk that restarted while a customer was paying (a self-service sale begun in the quarter of
   * an hour before it started was left unsettled): when it started, for its attract screen to tell
   * that customer what happens to their money. Null on other tills, otherwise, and once the notice
   * is older than ten minutes. No sale, amount or name: a stranger may read it.
   */
  'kiosk:restart-notice': { request: empty, response: z.object({ restartedAt: z.iso.datetime().nullable() }).strict(), access: 'public' },
  /**
   * Staff: the sales the last start found cut off by the stop (in flight, at the card terminal, a
   * receipt printing), each with where it stands now; null once acknowledged on this till, once
   * nothing about them is left to do, or when the start found none. Names sales: staff only.
   */
  'sale:restart-notice': { request: empty, response: staffRestartNoticeSchema, access: 'staff' },
  /** Staff read the restart notice: it is not shown again on this till until another start finds sales cut off. */
  'sale:restart-notice-seen': { request: empty, response: staffRestartNoticeSchema, access: 'staff' },
  /** A sale's card payment attempts at the terminal and where the current one stands. */
  'payment:get': { request: z.object({ saleId: saleIdSchema }).strict(), response: cardPaymentViewSchema, access: 'customer' },
  /** Calls off the payment at the terminal now (the Cancel button while it waits); the sale keeps waiting to be paid. */
  'payment:cancel': { request: z.object({ saleId: saleIdSchema }).strict(), response: cardPaymentViewSchema, access: 'customer' },
  /** Another attempt for a sale whose last card payment ended uncharged (Try again, Another card); then the sale goes on. */
  'payment:retry': { request: z.object({ saleId: saleIdSchema }).strict(), response: saleViewSchema, access: 'customer' },
  /** Gives up a sale waiting to be paid (Cancel, idle reset): the terminal first, then the sale is rejected and its seats released. */
  'payment:abandon': { request: z.object({ saleId: saleIdSchema }).strict(), response: saleViewSchema, access: 'customer' },
  /** Training only: act on the simulated terminal as the customer would (present a test card, cancel on it) or switch its faults. */
  'payment:simulator': {
    request: z.discriminatedUnion('action', [
      z.object({ action: z.literal('present-card'), card: z.enum(['visa', 'mastercard', 'verve']).optional(), test: z.enum(testCards).optional() }).strict(),
      z.object({ action: z.literal('cancel-on-device') }).strict(),
      z.object({ action: z.literal('faults'), faults: simulatorFaultsSchema.partial() }).strict(),
      z.object({ action: z.literal('show') }).strict(),
    ]),
    response: z.object({ display: simulatorDisplaySchema, faults: simulatorFaultsSchema }),
    access: 'public',
  },
} as const satisfies Record<string, ChannelSpec>;

/** Pushed from main to the renderer; never requested. */
export const events = {
  'app:health-changed': { payload: healthSchema, access: 'public' },
  /** A sale changed state (confirmed, rejected, settled by reconciliation). */
  'sale:updated': { payload: saleViewSchema, access: 'customer' },
  /** The receipt printer's state or its detail changed (out of paper, back, not answering). */
  'printer:status-changed': { payload: printerStatusViewSchema, access: 'public' },
  /** A card payment moved a step at the terminal (waiting for the card, PIN, processing). */
  'payment:progress': { payload: paymentProgressSchema, access: 'customer' },
  /** A sale's card payments changed (an attempt started, ended, was settled or given back). */
  'payment:updated': { payload: cardPaymentViewSchema, access: 'customer' },
  /** Training: what the simulated terminal's own screen shows now. */
  'payment:simulator-display': { payload: simulatorDisplaySchema, access: 'public' },
} as const satisfies Record<string, EventSpec>;

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
