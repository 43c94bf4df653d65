import { saidError } from '../../../shared/errors';
import { fail, ok } from '../../../shared/result';
import type { PosContext } from '../context';
import type { Handlers } from '../dispatch';

/** Head office: this till's shipping state, and every terminal's figures (supervisors). */
export function createFleetHandlers(ctx: PosContext): Pick<Handlers, 'fleet:status' | 'fleet:report' | 'fleet:set-password'> {
  const notConnected = () => fail(saidError('NOT_FOUND', 'said.fleet.notConnected'));
  return {
    async 'fleet:status'() {
      if (!ctx.fleet) return ok({ configured: false, state: 'off', unsentCount: 0, oldestUnsentAt: null, lastShippedAt: null, database: null, passwordSet: false, problem: null });
      return ok(ctx.fleet.status());
    },
    async 'fleet:set-password'({ password }) {
      if (!ctx.fleet) return notConnected();
      return ctx.fleet.setPassword(password);
    },
    async 'fleet:report'(range) {
      if (!ctx.fleet) return notConnected();
      return ctx.fleet.report(range);
    },
  };
}
