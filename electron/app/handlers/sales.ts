import type { PosContext } from '../context';
import type { Handlers } from '../dispatch';
import { withSales } from './with-sales';

type SaleChannel = 'sale:hold' | 'sale:release-hold' | 'sale:submit' | 'sale:get' | 'sale:attention' | 'sale:settle' | 'sale:settle-by-hand' | 'sale:search' | 'journal:export';

/** Selling channels: everything is decided in electron/sales; these only pass requests on. */
export function createSaleHandlers(ctx: PosContext): Pick<Handlers, SaleChannel> {
  const sales = withSales(ctx);
  return {
    'sale:hold': (selection) => sales((s) => s.hold(selection)),
    'sale:release-hold': ({ holdId }) => sales((s) => s.releaseHold(holdId)),
    'sale:submit': (request) => sales((s) => s.submit(request)),
    'sale:get': ({ saleId }) => sales((s) => s.get(saleId)),
    'sale:attention': () => sales((s) => s.attention()),
    'sale:settle': ({ saleId }) => sales((s) => s.settle(saleId)),
    'sale:settle-by-hand': (request) => sales((s) => s.settleByHand(request)),
    'sale:search': (query) => sales((s) => s.search(query)),
    'journal:export': (range) => sales((s) => s.exportJournal(range)),
  };
}
