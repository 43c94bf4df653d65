import type { PosBridge } from '@shared/ipc/api';
import type { Route } from '@renderer/navigation';

/**
 * A screen that may have a sale waiting to be paid at the card terminal (declined, or still
 * paying): one that carries an order (checkout, the kiosk's details and payment steps), not one
 * showing a sale already sent (it names the sale itself).
 */
const payingSaleOf = (route: Route): string | null => ('order' in route && route.order && !('saleId' in route) ? route.order.saleId : null);

/**
 * Gives up the sales of the screens being left (Cancel, Back past payment, the kiosk's idle reset):
 * main calls the payment off on the terminal first, then lets the sale go and releases its seats.
 * A sale still used by a screen that stays (Back from payment to details) is kept. Resolves, per
 * sale id, once main has answered, so seats are only released after the terminal was called off.
 */
export function abandonCardSales(pos: PosBridge, leaving: readonly Route[], staying: readonly Route[] = []): Map<string, Promise<unknown>> {
  const kept = new Set(staying.map(payingSaleOf));
  const abandoned = new Map<string, Promise<unknown>>();
  for (const route of leaving) {
    const saleId = payingSaleOf(route);
    if (saleId && !kept.has(saleId) && !abandoned.has(saleId)) abandoned.set(saleId, pos['payment:abandon']({ saleId }).catch(() => undefined));
  }
  return abandoned;
}

export { payingSaleOf };
