import type { HealthItem } from '../../shared/app';
import { posError, type PosError } from '../../shared/errors';
import { channelNames } from '../../shared/ipc/contract';
import type { PosApi } from '../../shared/ipc/api';
import { fail, ok, type Result } from '../../shared/result';
import type { Journal } from '../journal';
import type { PartnerClient } from '../partner/client';
import { createSales, type Sales, type SalesTuning } from '../sales';
import { createPartnerProbe } from '../partner/health-probe';
import { isTrainingMode, type PosConfig } from './config/schema';
import { createDispatch, type Dispatch } from './dispatch';
import { createEventHub, type EventHub } from './event-hub';
import { createHealthMonitor, type HealthProbes } from './health';
import { createAppHandlers } from './handlers/app';
import { createCatalogHandlers } from './handlers/catalog';
import { createSaleHandlers } from './handlers/sales';
import { createShiftHandlers } from './handlers/shifts';
import { createStaffHandlers } from './handlers/staff';
import { createJournalSalvageHandlers } from './handlers/journal-salvage';
import type { PosContext } from './context';
import type { Logger } from './logger';
import type { SecretStore } from './secrets';

export interface PosDeps {
  version: string;
  logger: Logger;
  secrets: SecretStore;
  /** The partner's probe is built here from `partner.ping`; the journal's from the journal, when one is given. */
  probes: Omit<HealthProbes, 'partner' | 'journal'> & { journal?: HealthProbes['journal'] };
  /** The partner API (real, or the embedded sandbox in training mode). */
  partner: PartnerClient;
  /**
   * The sale journal as the composition root opened it. A failed open (or none) still starts the
   * app: browsing works, and every selling, staff and shift channel answers with the failure.
   */
  journal?: { ok: true; value: Journal } | { ok: false; error: PosError };
  /** Shorter settle windows, backoffs and locks, for tests. */
  salesTuning?: Partial<SalesTuning>;
  clock?: () => Date;
  /** Called by `close()`, for the services the composition root opened (journal, printer, sandbox). */
  onClose?: () => Promise<void> | void;
}

export interface Pos {
  /** Untrusted entry for transports: any channel name, any payload. */
  dispatch: Dispatch;
  /** The same calls, typed, for code and tests in the main process. */
  api: PosApi;
  events: EventHub;
  close(): Promise<void>;
}

/** Implements every contract channel as a plain function returning a Result. */
export function createPos(config: PosConfig, deps: PosDeps): Pos {
  const clock = deps.clock ?? (() => new Date());
  const events = createEventHub();
  const journal = deps.journal ?? fail(posError('JOURNAL_UNAVAILABLE', 'No sale journal is set up on this till, so selling is paused. Restart Lobby POS; if it persists, call support.'));
  const sales: Result<Sales> = journal.ok
    ? ok(createSales({ journal: journal.value, partner: deps.partner, clock, events, logger: deps.logger, config, tuning: deps.salesTuning }))
    : journal;
  const journalDown = async (): Promise<HealthItem> => ({ state: 'down', label: 'Journal unavailable', detail: journal.ok ? '' : journal.error.message });
  const journalProbe = journal.ok ? async () => journal.value.probe() : deps.journal ? journalDown : (deps.probes.journal ?? journalDown);
  const ctx: PosContext = {
    config,
    version: deps.version,
    logger: deps.logger,
    clock,
    secrets: deps.secrets,
    events,
    health: createHealthMonitor({
      probes: { printer: deps.probes.printer, journal: journalProbe, partner: createPartnerProbe(deps.partner, { trainingMode: isTrainingMode(config) }) },
      events,
      clock,
    }),
    partner: deps.partner,
    sales,
  };
  const dispatch = createDispatch(
    { ...createAppHandlers(ctx), ...createCatalogHandlers(ctx), ...createSaleHandlers(ctx), ...createStaffHandlers(ctx), ...createShiftHandlers(ctx), ...createJournalSalvageHandlers(ctx) },
    deps.logger,
  );
  const api = Object.fromEntries(channelNames.map((name) => [name, (request: unknown) => dispatch(name, request)])) as PosApi;
  return {
    dispatch,
    api,
    events,
    close: async () => {
      // Purchases in flight finish (and are journaled) before the journal is closed.
      if (sales.ok) await sales.value.close();
      await deps.onClose?.();
    },
  };
}
