import type { Result } from '../../shared/result';
import type { PartnerClient } from '../partner/client';
import type { Sales } from '../sales';
import type { PosConfig } from './config/schema';
import type { EventHub } from './event-hub';
import type { HealthMonitor } from './health';
import type { Logger } from './logger';
import type { SecretStore } from './secrets';

/** What every handler group may use; built once by createPos from its explicit dependencies. */
export interface PosContext {
  config: PosConfig;
  version: string;
  logger: Logger;
  clock: () => Date;
  secrets: SecretStore;
  events: EventHub;
  health: HealthMonitor;
  partner: PartnerClient;
  /** Selling, staff and shifts; a failure (the journal could not be opened) refuses every such channel. */
  sales: Result<Sales>;
}
