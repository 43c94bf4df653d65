import { z } from 'zod';

/**
 * What the sandbox remembers: purchase/booking results (also served by transaction lookup),
 * holds, and how much inventory has gone. Persisted as JSON when a data file is configured.
 */

const customer = {
  name: z.string(),
  email: z.string(),
  phone_number: z.string(),
};

export const ticketPurchaseResultSchema = z.object({
  reference: z.string(),
  invoice_id: z.number().int(),
  ...customer,
  merchant_reference: z.string().nullable(),
  amount: z.number(),
  tickets: z.array(z.object({ id: z.string(), title: z.string(), price: z.number() })),
  experience: z.object({ id: z.string(), title: z.string() }),
  /** Cinema purchases only: what the receipt needs to say about the showing. */
  showtime: z
    .object({
      attendance_date: z.string(),
      time_id: z.number().int(),
      start: z.string(),
      end: z.string(),
      cinema_location: z.object({ id: z.number().int(), name: z.string() }),
    })
    .optional(),
});
export type TicketPurchaseResult = z.infer<typeof ticketPurchaseResultSchema>;

export const hotelBookingResultSchema = z.object({
  reference: z.string(),
  invoice_id: z.number().int(),
  booking_number: z.string(),
  ...customer,
  merchant_reference: z.string().nullable(),
  hotel: z.object({ id: z.number().int(), name: z.string(), location: z.string() }),
  room: z.object({ id: z.number().int(), room_name: z.string() }),
  checkin_date: z.string(),
  checkout_date: z.string(),
  number_of_nights: z.number().int(),
  number_of_rooms: z.number().int(),
  number_of_guests: z.number().int(),
  price_per_night: z.number(),
  amount: z.number(),
});
export type HotelBookingResult = z.infer<typeof hotelBookingResultSchema>;

const transactionBase = {
  reference: z.string(),
  merchant_reference: z.string().nullable(),
  status: z.literal('successful'),
  amount: z.number(),
  invoice_id: z.number().int(),
  created_at: z.string(),
};

export const sandboxTransactionSchema = z.discriminatedUnion('type', [
  z.object({ ...transactionBase, type: z.literal('experience'), details: ticketPurchaseResultSchema }),
  z.object({ ...transactionBase, type: z.literal('hotel'), details: hotelBookingResultSchema }),
]);
export type SandboxTransaction = z.infer<typeof sandboxTransactionSchema>;

export const holdSchema = z.object({
  reservation_id: z.string(),
  resource_id: z.string(),
  experience_id: z.string(),
  quantity: z.number().int().positive(),
  /** "expired" is not stored: an active hold past expires_at is expired. */
  status: z.enum(['active', 'released', 'converted']),
  created_at: z.string(),
  expires_at: z.string(),
  customer_info: z.object({ email: z.string(), phone_number: z.string() }),
});
export type Hold = z.infer<typeof holdSchema>;
export type HoldStatus = Hold['status'] | 'expired';

export const sandboxStateSchema = z.object({
  version: z.literal(1),
  /** Tickets sold per ticket category id. */
  sold_tickets: z.record(z.string(), z.number().int().nonnegative()),
  /** Rooms booked per room id. */
  booked_rooms: z.record(z.string(), z.number().int().nonnegative()),
  holds: z.array(holdSchema),
  transactions: z.array(sandboxTransactionSchema),
  next_invoice_id: z.number().int().positive(),
});
export type SandboxState = z.infer<typeof sandboxStateSchema>;

export function initialState(): SandboxState {
  return { version: 1, sold_tickets: {}, booked_rooms: {}, holds: [], transactions: [], next_invoice_id: 100001 };
}

export function holdStatus(hold: Hold, now: Date): HoldStatus {
  return hold.status === 'active' && Date.parse(hold.expires_at) <= now.getTime() ? 'expired' : hold.status;
}
