import { channelNames } from '../../shared/ipc/contract';
import type { PosApi } from '../../shared/ipc/api';
import type { PartnerClient } from '../partner/client';
import { createPartnerProbe } from '../partner/health-probe';
import { isTrainingMode, type PosConfig } from './config/schema';
import { createDispatch, type Dispatch } from './dispatch';
import { createEventHub, type EventHub } from './event-hub';
import { createHealthMonitor, type HealthProbes } from './health';
import { createAppHandlers } from './handlers/app';
import { createCatalogHandlers } from './handlers/catalog';
import type { PosContext } from './context';
import type { Logger } from './logger';
import type { SecretStore } from './secrets';

export interface PosDeps {
  version: string;
  logger: Logger;
  secrets: SecretStore;
  /** The partner's probe is built here from `partner.ping`. */
  probes: Omit<HealthProbes, 'partner'>;
  /** The partner API (real, or the embedded sandbox in training mode). */
  partner: PartnerClient;
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
  const ctx: PosContext = {
    config,
    version: deps.version,
    logger: deps.logger,
    clock,
    secrets: deps.secrets,
    events,
    health: createHealthMonitor({
      probes: { ...deps.probes, partner: createPartnerProbe(deps.partner, { trainingMode: isTrainingMode(config) }) },
      events,
      clock,
    }),
    partner: deps.partner,
  };
  const dispatch = createDispatch({ ...createAppHandlers(ctx), ...createCatalogHandlers(ctx) }, deps.logger);
  const api = Object.fromEntries(channelNames.map((name) => [name, (request: unknown) => dispatch(name, request)])) as PosApi;
  return {
    dispatch,
    api,
    events,
    close: async () => {
      await deps.onClose?.();
    },
  };
}
