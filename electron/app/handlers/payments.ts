import { posError, saidError } from '../../../shared/errors';
import { fail, ok } from '../../../shared/result';
import type { PosContext } from '../context';
import type { Handlers } from '../dispatch';
import { withSales } from './with-sales';

type PaymentChannel = 'payment:terminal' | 'payment:get' | 'payment:cancel' | 'payment:retry' | 'payment:abandon' | 'payment:simulator';

const noTerminal = () => fail(saidError('VALIDATION', 'said.payments.noDrivenTerminal'));

/** Card payment channels: the payments domain decides; selling decides what a paid or abandoned sale becomes. */
export function createPaymentHandlers(ctx: PosContext): Pick<Handlers, PaymentChannel> {
  const sales = withSales(ctx);
  const service = () => ctx.payments.service;
  return {
    'payment:terminal': async () => ok(ctx.payments.info()),

    'payment:get': async ({ saleId }) => {
      const payments = service();
      if (!payments) return noTerminal();
      return payments.view(saleId);
    },

    'payment:cancel': async ({ saleId }) => {
      const payments = service();
      if (!payments) return noTerminal();
      return payments.cancel(saleId);
    },

    'payment:retry': ({ saleId }) => sales((s) => s.payCard(saleId)),
    'payment:abandon': ({ saleId }) => sales((s) => s.abandonCard(saleId)),

    'payment:simulator': async (request) => {
      const simulator = ctx.payments.choice.mode === 'simulated' ? ctx.payments.choice.simulator : null;
      if (!simulator) return fail(saidError('NOT_FOUND', 'said.payments.noSimulator'));
      if (request.action === 'present-card') {
        const presented = simulator.presentCard({ ...(request.card ? { card: request.card } : {}), ...(request.test ? { test: request.test } : {}) });
        if (!presented.ok) return fail(posError('CONFLICT', presented.message));
      } else if (request.action === 'cancel-on-device') {
        const cancelled = simulator.cancelOnDevice();
        if (!cancelled.ok) return fail(posError('CONFLICT', cancelled.message));
      } else if (request.action === 'faults') {
        simulator.faults.set(request.faults);
      }
      return ok({ display: simulator.display(), faults: simulator.faults.get() });
    },
  };
}
