import type { CinemaSelection } from '../../shared/sales/checkout';

export interface HeldTickets {
  holdId: string;
  reservationIds: string[];
  selection: CinemaSelection;
  /** The earliest expiry among the reservations, by the partner's own stamp. */
  expiresAt: Date;
}

/** Long past expiry a hold is only kept to explain itself; then it is forgotten. */
const keepAfterExpiryMs = 10 * 60_000;
const maxHolds = 500;

/**
 * Ticket holds of this running app: holdId -> the partner's reservation ids. In memory only:
 * holds last three minutes, and a sale whose hold is not found is simply held again.
 */
export function createHoldBook(clock: () => Date) {
  const holds = new Map<string, HeldTickets>();

  const prune = () => {
    const cutoff = clock().getTime() - keepAfterExpiryMs;
    for (const [id, hold] of holds) if (hold.expiresAt.getTime() < cutoff) holds.delete(id);
    // Insertion order: the oldest go first if a screen keeps holding without buying.
    for (const id of holds.keys()) {
      if (holds.size <= maxHolds) break;
      holds.delete(id);
    }
  };

  return {
    get(holdId: string): HeldTickets | undefined {
      prune();
      return holds.get(holdId);
    },
    put(hold: HeldTickets) {
      holds.delete(hold.holdId);
      holds.set(hold.holdId, hold);
      prune();
    },
    forget(holdId: string) {
      holds.delete(holdId);
    },
  };
}
export type HoldBook = ReturnType<typeof createHoldBook>;

/** The same film, place, showing and tickets (in any order). */
export function sameSelection(a: CinemaSelection, b: CinemaSelection): boolean {
  if (a.filmId.toLowerCase() !== b.filmId.toLowerCase() || a.locationId !== b.locationId || a.date !== b.date || a.showtimeId !== b.showtimeId) return false;
  if (a.tickets.length !== b.tickets.length) return false;
  const counts = new Map(a.tickets.map((line) => [line.categoryId.toLowerCase(), line.count]));
  return b.tickets.every((line) => counts.get(line.categoryId.toLowerCase()) === line.count);
}
