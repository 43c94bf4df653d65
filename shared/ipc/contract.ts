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
} as const satisfies Record<string, { request: z.ZodType; response: z.ZodType }>;

/** Pushed from main to the renderer; never requested. */
export const events = {
  'app:health-changed': { payload: healthSchema },
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
