import path from 'node:path';
import { saidError } from '../../../shared/errors';
import { fail, ok } from '../../../shared/result';
import { journalFile, listQuarantined, openSalvage } from '../../journal';
import type { PosContext } from '../context';
import type { Handlers } from '../dispatch';

/**
 * Damaged journals are moved aside, never deleted; these channels let staff take out what is
 * still readable. Who may (a supervisor; any counter while no journal opens, since nobody can sign
 * in then; never a kiosk) is the channels' access rule in the contract, checked by dispatch.
 */
export function createJournalSalvageHandlers(ctx: PosContext): Pick<Handlers, 'journal:set-aside' | 'journal:salvage-export'> {
  const live = journalFile(ctx.config.dataDir);

  return {
    async 'journal:set-aside'() {
      return ok({ files: listQuarantined(live).map((file) => ({ name: path.basename(file) })) });
    },
    async 'journal:salvage-export'({ name }) {
      const file = listQuarantined(live).find((candidate) => path.basename(candidate) === name);
      if (!file) return fail(saidError('NOT_FOUND', 'said.salvage.noSuchFile', { name }));
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
