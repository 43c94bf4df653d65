import type { PosBridge } from '@shared/ipc/api';
import type { Route } from '@renderer/navigation';
import { abandonCardSales } from './abandon-card-sales';

/** Gives back the seats held by any checkout among `routes`, so they do not sit reserved for 3 minutes. */
export function releaseHeldSeats(pos: PosBridge, routes: readonly Route[]) {
  // A sale being paid at the card terminal is called off there before its seats go back.
  const abandoned = abandonCardSales(pos, routes);
  for (const route of routes) {
    if (route.name === 'checkout' && route.order.kind === 'cinema') {
      const holdId = route.order.hold.holdId;
      void (abandoned.get(route.order.saleId) ?? Promise.resolve()).then(() => pos['sale:release-hold']({ holdId }));
    }
  }
}
