import type { Result } from '../../../shared/result';
import type { Sales } from '../../sales';
import type { PosContext } from '../context';

/** Runs `work` on the till's sales, or answers the journal's failure when it could not be opened. */
export function withSales(ctx: PosContext) {
  return async <T>(work: (sales: Sales) => Result<T> | Promise<Result<T>>): Promise<Result<T>> => (ctx.sales.ok ? work(ctx.sales.value) : ctx.sales);
}
