import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { uuidSchema } from './catalogue';
import { emailSchema, phoneNumberSchema } from './customer-info';
import { fieldErrors, reject, success } from './envelope';
import { slotsRemaining } from './inventory';
import { holdStatus, type Hold } from './records';
import { parseBody, readJsonBody, uuidPathParam } from './request-input';
import type { RouteHandler } from './route-context';
import { hasEnded } from './sale-window';

export const HOLD_DURATION_MS = 3 * 60 * 1000;

const holdBodySchema = z.object({
  tickets: z
    .array(
      z.object({
        ticket_type: z.literal('entertainment'),
        resource_id: uuidSchema,
        quantity: z.number().int().min(1).max(1000),
      }),
    )
    .min(1)
    .max(50),
  customer_info: z.object({ email: emailSchema, phone_number: phoneNumberSchema }),
});

const holdView = (hold: Hold, now: Date) => ({
  reservation_id: hold.reservation_id,
  resource_id: hold.resource_id,
  quantity: hold.quantity,
  status: holdStatus(hold, now),
  expires_at: hold.expires_at,
});

export const createHolds: RouteHandler = async (parts, { request, now }) => {
  const body = parseBody(holdBodySchema, await readJsonBody(request));
  const state = parts.store.state;
  const problems = fieldErrors();
  const asked = new Map<string, number>();
  const lines = body.tickets.map((line, i) => {
    const found = parts.index.tickets.get(line.resource_id.toLowerCase());
    if (!found) {
      problems.add(`tickets.${i}.resource_id`, 'no ticket category has this id');
      return null;
    }
    if (hasEnded(found.experience)) {
      problems.add(`tickets.${i}.resource_id`, 'this experience has ended');
      return null;
    }
    const already = asked.get(found.ticket.id) ?? 0;
    const remaining = slotsRemaining(state, found.ticket, now) - already;
    if (line.quantity > remaining) {
      problems.add(`tickets.${i}.quantity`, remaining > 0 ? `only ${remaining} ${found.ticket.title} left` : `${found.ticket.title} is sold out`);
    }
    asked.set(found.ticket.id, already + line.quantity);
    return { ...found, quantity: line.quantity };
  });
  problems.throwIfAny(Object.keys(problems.errors).some((k) => k.endsWith('.quantity')) ? 'Not enough tickets available.' : undefined);

  const expiresAt = new Date(now.getTime() + HOLD_DURATION_MS).toISOString();
  const holds = lines.flatMap((line): Hold[] =>
    line
      ? [{
          reservation_id: randomUUID(),
          resource_id: line.ticket.id,
          experience_id: line.experience.id,
          quantity: line.quantity,
          status: 'active',
          created_at: now.toISOString(),
          expires_at: expiresAt,
          customer_info: body.customer_info,
        }]
      : [],
  );
  parts.store.commit((s) => {
    s.holds.push(...holds);
  });
  return success(201, 'Tickets reserved for 3 minutes', { reservations: holds.map((h) => holdView(h, now)) });
};

export const releaseHold: RouteHandler = (parts, { params, now }) => {
  const id = uuidPathParam(params[0] ?? '', 'reservation_id', 'reservation id');
  const hold = parts.store.state.holds.find((h) => h.reservation_id === id);
  if (!hold) throw reject(404, 'Reservation not found.');
  const status = holdStatus(hold, now);
  if (status === 'converted') {
    throw reject(422, 'This reservation has already been used for a purchase.', { reservation_id: ['reservation already converted'] });
  }
  if (status === 'active') {
    parts.store.commit(() => {
      hold.status = 'released';
    });
  }
  // Releasing an expired or released hold changes nothing and is not an error: the goal is met.
  return success(200, 'Reservation released', holdView(hold, now));
};
