import type { PosBridge } from '@shared/ipc/api';
import type { Route } from '@renderer/navigation';

/** Gives back the seats held by any checkout among `routes`, so they do not sit reserved for 3 minutes. */
export function releaseHeldSeats(pos: PosBridge, routes: readonly Route[]) {
  for (const route of routes) {
    if (route.name === 'checkout' && route.order.kind === 'cinema') void pos['sale:release-hold']({ holdId: route.order.hold.holdId });
  }
}
