import type { PosContext } from '../context';
import type { Handlers } from '../dispatch';
import { withSales } from './with-sales';

type RefundChannel =
  | 'correction:options'
  | 'correction:void'
  | 'correction:refund'
  | 'correction:settle'
  | 'cancellation:list'
  | 'cancellation:agree'
  | 'cancellation:close';

/** Voids, refunds and the cancellations they leave owed: decided in electron/sales/corrections; these only pass requests on. */
export function createRefundHandlers(ctx: PosContext): Pick<Handlers, RefundChannel> {
  const sales = withSales(ctx);
  return {
    'correction:options': ({ saleId }) => sales((s) => s.corrections.desk.options(saleId)),
    'correction:void': (request) => sales((s) => s.corrections.desk.voidSale(request)),
    'correction:refund': (request) => sales((s) => s.corrections.desk.refund(request)),
    'correction:settle': ({ correctionId }) => sales((s) => s.corrections.desk.settle(correctionId)),
    'cancellation:list': ({ open }) => sales((s) => s.corrections.cancellations.list({ open })),
    'cancellation:agree': (input) => sales((s) => s.corrections.cancellations.agree(input)),
    'cancellation:close': (input) => sales((s) => s.corrections.cancellations.close(input)),
  };
}
