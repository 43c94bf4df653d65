import { randomUUID } from 'node:crypto';
import { type PosError, saidBecause, saidError } from '../../shared/errors';
import { HOLD_LIFETIME_MS } from '../../shared/partner/holds';
import { fail, ok, type Result } from '../../shared/result';
import type { CinemaSelection } from '../../shared/sales/checkout';
import type { PartnerClient } from '../partner/client';
import type { Logger } from '../core/logger';
import { slotShortage, type CinemaQuote } from './cinema-plan';
import { sameSelection, type HeldTickets, type HoldBook } from './hold-book';
import { readFailure } from './partner-read';

export interface TicketHolds {
  /** Holds the quoted tickets at the partner for three minutes (SOLD_OUT when too few are left). */
  place(selection: CinemaSelection, quote: CinemaQuote, options?: { holdId?: string; field?: string }): Promise<Result<HeldTickets>>;
  /** Gives held tickets back; false when the hold is not known here (or the partner kept some). */
  release(holdId: string): Promise<{ released: boolean }>;
  /**
   * The hold a purchase may use: the one named, if it is for these tickets and still has time
   * left; otherwise the tickets are held again, once. Never hands out a hold known to be lapsed.
   */
  forSale(holdId: string | undefined, selection: CinemaSelection, quote: CinemaQuote): Promise<Result<HeldTickets>>;
  /** After a purchase: the hold is used up (or let go), so it is forgotten. */
  done(holdId: string, options: { releaseAtPartner: boolean }): void;
}

export function createTicketHolds(deps: {
  partner: PartnerClient;
  book: HoldBook;
  clock: () => Date;
  contact: { email: string; phone: string };
  marginMs: number;
  logger: Logger;
}): TicketHolds {
  const { partner, book, clock, logger } = deps;

  const releaseAll = async (hold: HeldTickets): Promise<boolean> => {
    const results = await Promise.all(hold.reservationIds.map((id) => partner.releaseHold(id)));
    const failed = results.filter((result) => !result.ok).length;
    if (failed > 0) logger.warn('some reservations were not released', { holdId: hold.holdId, failed });
    return failed === 0;
  };

  async function place(selection: CinemaSelection, quote: CinemaQuote, options: { holdId?: string; field?: string } = {}): Promise<Result<HeldTickets>> {
    const field = options.field ?? '';
    // Taken before asking: a hold without its own expiry is counted from no later than it began.
    const asked = clock().getTime();
    const held = await partner.holdTickets({
      tickets: quote.lines.map(({ ticket, count }) => ({ ticket_type: 'entertainment' as const, resource_id: ticket.id, quantity: count })),
      customer_info: { email: deps.contact.email, phone_number: deps.contact.phone },
    });
    if (!held.ok) return fail(holdRefusal(readFailure(held.error, 'cinema'), field));
    const expiresAt = new Date(
      Math.min(...held.value.reservations.map((reservation) => (reservation.expires_at ? Date.parse(reservation.expires_at) : asked + HOLD_LIFETIME_MS))),
    );
    const hold: HeldTickets = {
      holdId: options.holdId ?? randomUUID(),
      reservationIds: held.value.reservations.map((reservation) => reservation.reservation_id),
      selection,
      expiresAt,
    };
    book.put(hold);
    return ok(hold);
  }

  return {
    place,

    async release(holdId) {
      const hold = book.get(holdId);
      if (!hold) return { released: false };
      book.forget(holdId);
      return { released: await releaseAll(hold) };
    },

    async forSale(holdId, selection, quote) {
      const existing = holdId ? book.get(holdId) : undefined;
      if (existing && !sameSelection(existing.selection, selection)) {
        return fail(saidError('VALIDATION', 'said.holdForOtherTickets', undefined, { holdId: ['is a hold for other tickets'] }));
      }
      if (existing && existing.expiresAt.getTime() - clock().getTime() > deps.marginMs) return ok(existing);
      if (!existing) {
        const shortage = slotShortage(quote, 'cinema');
        if (!shortage.ok) return shortage;
      } else {
        // Whatever is left of the lapsing hold goes back first, so it does not count against the new one.
        book.forget(existing.holdId);
        await releaseAll(existing);
      }
      const again = await place(selection, quote, { holdId, field: 'cinema' });
      if (again.ok || !existing) return again;
      logger.warn('a lapsed hold could not be renewed', { holdId, code: again.error.code });
      if (again.error.code === 'SOLD_OUT') {
        return fail(saidError('SOLD_OUT', 'said.holdRanOutSoldOut', undefined, again.error.fields));
      }
      return fail(saidBecause(saidError('HOLD_EXPIRED', 'said.holdRanOutNotRenewed'), again.error));
    },

    done(holdId, { releaseAtPartner }) {
      const hold = book.get(holdId);
      book.forget(holdId);
      if (hold && releaseAtPartner) void releaseAll(hold);
    },
  };
}

/** The partner numbers its hold lines as we sent them (tickets.N.quantity): show them on our fields. */
function holdRefusal(error: PosError, field: string): PosError {
  if (!error.fields) return error;
  const fields: Record<string, string[]> = {};
  for (const [key, messages] of Object.entries(error.fields)) {
    const line = /^tickets\.(\d+)\.(quantity|resource_id)$/.exec(key);
    const ours = line ? `tickets.${line[1]}.${line[2] === 'quantity' ? 'count' : 'categoryId'}` : key;
    fields[field ? `${field}.${ours}` : ours] = messages;
  }
  return { ...error, fields };
}
