import path from 'node:path';
import { posError } from '../../../shared/errors';
import { fail, ok, type Result } from '../../../shared/result';
import { journalFile, listQuarantined, openSalvage } from '../../journal';
import type { PosContext } from '../context';
import type { Handlers } from '../dispatch';

/**
 * Damaged journals are moved aside, never deleted; these channels let staff take out what is
 * still readable. Staff sign in through the journal itself, so while no journal opens there is
 * nobody to sign in: then a counter or desk may export, a kiosk in a public lobby may not.
 */
export function createJournalSalvageHandlers(ctx: PosContext): Pick<Handlers, 'journal:set-aside' | 'journal:salvage-export'> {
  const live = journalFile(ctx.config.dataDir);
  const allowed = (): Result<true> => {
    if (!ctx.sales.ok) {
      return ctx.config.terminal.profile === 'kiosk' ? fail(posError('FORBIDDEN', 'Export the damaged journal from a staffed counter, not from a kiosk.')) : ok(true);
    }
    const status = ctx.sales.value.staff.status();
    if (!status.ok) return status;
    return status.value.signedIn?.role === 'supervisor' ? ok(true) : fail(posError('FORBIDDEN', 'Only a supervisor can export a damaged journal.'));
  };

  return {
    async 'journal:set-aside'() {
      return ok({ files: listQuarantined(live).map((file) => ({ name: path.basename(file) })) });
    },
    async 'journal:salvage-export'({ name }) {
      const permitted = allowed();
      if (!permitted.ok) return permitted;
      const file = listQuarantined(live).find((candidate) => path.basename(candidate) === name);
      if (!file) return fail(posError('NOT_FOUND', `There is no set-aside journal called ${name}.`));
      const salvage = openSalvage({ file });
      if (!salvage.ok) return salvage;
      try {
        const exported = salvage.value.exportCsv();
        if (!exported.ok) return exported;
        return ok({ ...exported.value, fileName: `${name}.csv` });
      } finally {
        salvage.value.close();
      }
    },
  };
}
