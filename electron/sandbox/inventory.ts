import type { Room, TicketCategory } from './catalogue';
import { holdStatus, type SandboxState } from './records';

/** How much is left, from the catalogue's starting stock minus what the state says has gone. */

export function ticketsLeft(state: SandboxState, ticket: TicketCategory): number {
  return Math.max(0, ticket.slots - (state.sold_tickets[ticket.id] ?? 0));
}

/** Quantity under active holds, optionally ignoring the holds a purchase is converting. */
export function heldQuantity(state: SandboxState, ticketId: string, now: Date, excluding: ReadonlySet<string> = new Set()): number {
  let held = 0;
  for (const hold of state.holds) {
    if (hold.resource_id === ticketId && !excluding.has(hold.reservation_id) && holdStatus(hold, now) === 'active') held += hold.quantity;
  }
  return held;
}

export function slotsRemaining(state: SandboxState, ticket: TicketCategory, now: Date, excluding?: ReadonlySet<string>): number {
  return Math.max(0, ticketsLeft(state, ticket) - heldQuantity(state, ticket.id, now, excluding));
}

export function roomsLeft(state: SandboxState, room: Room): number {
  return Math.max(0, room.number_of_rooms - (state.booked_rooms[String(room.id)] ?? 0));
}

export function roomBookable(state: SandboxState, room: Room): boolean {
  return room.is_available && roomsLeft(state, room) > 0;
}
