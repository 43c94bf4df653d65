import type { PosBridge } from '@shared/ipc/api';
import type { Route } from '@renderer/navigation';
import { abandonCardSales, payingSaleOf } from './abandon-card-sales';

/** Releases sent and not yet answered: a new hold waits for them, so the seats given back count for it. */
const releasing = new Set<Promise<unknown>>();

/**
 * Resolves once every release sent so far has been answered. A screen holding seats again (Back
 * from checkout, then on with the same or changed tickets) waits for this first: the seats of the
 * hold it let go are free again before it asks, so a changed count is never refused for seats it
 * was itself still holding, and no seat is held twice for one customer.
 */
export function seatsReleased(): Promise<void> {
  return Promise.all([...releasing]).then(() => undefined);
}

const heldBy = (route: Route): string | null => ('order' in route && route.order?.kind === 'cinema' ? route.order.hold.holdId : null);

/**
 * Gives back the seats held by any screen among `leaving` (a checkout, a kiosk details or payment
 * step), so they do not sit reserved for 3 minutes; a hold still used by a screen in `staying`
 * (going back from payment to details) is kept.
 */
export function releaseHeldSeats(pos: PosBridge, leaving: readonly Route[], staying: readonly Route[] = []) {
  const kept = new Set(staying.map(heldBy));
  const released = new Set<string>();
  // A sale being paid at the card terminal is called off there before its seats go back.
  const abandoned = abandonCardSales(pos, leaving, staying);
  for (const route of leaving) {
    const holdId = heldBy(route);
    if (holdId && !kept.has(holdId) && !released.has(holdId) && route.name !== 'k-done' && route.name !== 'sale') {
      released.add(holdId);
      const saleId = payingSaleOf(route);
      const release: Promise<unknown> = ((saleId && abandoned.get(saleId)) || Promise.resolve())
        .then(() => pos['sale:release-hold']({ holdId }))
        .catch(() => undefined)
        .finally(() => releasing.delete(release));
      releasing.add(release);
    }
  }
}
