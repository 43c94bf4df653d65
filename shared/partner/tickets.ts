import { z } from 'zod';
import { wireCountSchema, wireMoneySchema, wireUuidSchema } from './primitives';

/**
 * A ticket category of an experience. Money in kobo after parsing. The spec shows price =
 * ticket_price + convenience_fee + merchant_commission; a category that breaks this is refused,
 * because a receipt must be able to explain every kobo it charges.
 */
export const wireTicketCategorySchema = z
  .object({
    id: wireUuidSchema,
    title: z.string(),
    price: wireMoneySchema,
    slots_remaining: wireCountSchema,
    price_breakdown: z.object({
      ticket_price: wireMoneySchema,
      convenience_fee: wireMoneySchema,
      merchant_commission: wireMoneySchema,
    }),
  })
  .refine(
    (ticket) =>
      ticket.price ===
      ticket.price_breakdown.ticket_price + ticket.price_breakdown.convenience_fee + ticket.price_breakdown.merchant_commission,
    { message: 'price is not the sum of its breakdown', path: ['price'] },
  );
export type WireTicketCategory = z.output<typeof wireTicketCategorySchema>;

export const wireTicketsSchema = z.object({ tickets: z.array(wireTicketCategorySchema) });
