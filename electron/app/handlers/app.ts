import { isTrainingMode } from '../../core/config/schema';
import { ok } from '../../../shared/result';
import type { Handlers } from '../dispatch';
import type { PosContext } from '../context';

export function createAppHandlers(ctx: PosContext): Pick<Handlers, 'app:info' | 'app:health' | 'app:report-error'> {
  return {
    'app:info': async () =>
      ok({
        name: 'Lobby POS',
        version: ctx.version,
        terminalId: ctx.config.terminal.id,
        terminalName: ctx.config.terminal.name,
        profile: ctx.config.terminal.profile,
        trainingMode: isTrainingMode(ctx.config),
        locale: ctx.config.locale,
        currency: 'NGN' as const,
        lockMinutes: ctx.config.terminal.lockMinutes,
        kiosk: ctx.config.kiosk,
        noSaleBy: ctx.config.printer.noSaleBy,
        cashOutBy: ctx.config.printer.cashOutBy,
        health: await ctx.health.current(),
      }),
    'app:health': async ({ refresh, cached }) => ok(await ctx.health.current({ refresh, cached })),
    'app:report-error': async ({ screen, message, stack }) => {
      // `error`, not `message`: the log line's own text is its `message`.
      ctx.logger.error('a screen stopped working', { screen, error: message, stack });
      return ok({});
    },
  };
}
