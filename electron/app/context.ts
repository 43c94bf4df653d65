import type { Result } from '../../shared/result';
import type { PartnerClient } from '../partner/client';
import type { PrintQueue } from '../printing';
import type { Sales } from '../sales';
import type { Fleet } from '../fleet/create-fleet';
import type { PaymentsContext } from './card-payments-wiring';
import type { ConfigKey } from '../core/config/keys';
import type { PosConfig } from '../core/config/schema';
import type { EventHub } from '../core/event-hub';
import type { HealthMonitor } from './health';
import type { Logger } from '../core/logger';
import type { KeptSecret, SecretStore } from '../core/secrets';

/** What every handler group may use; built once by createPos from its explicit dependencies. */
export interface PosContext {
  config: PosConfig;
  /** Where each setting came from (default, config.json, POS_* variable, --flag), when known. */
  configSources?: Partial<Record<ConfigKey, string>>;
  version: string;
  logger: Logger;
  clock: () => Date;
  secrets: SecretStore;
  /** The Paystack secret key: set on the settings screen, never read back. */
  paystackKey: KeptSecret;
  events: EventHub;
  health: HealthMonitor;
  partner: PartnerClient;
  /** Selling, staff and shifts; a failure (the journal could not be opened) refuses every such channel. */
  sales: Result<Sales>;
  /** Receipts, reports and the printer's status; a failure (no journal, no printer) refuses the printing channels. */
  printing: Result<PrintQueue>;
  /** Shipping to head office and its report; null when fleet.databaseUrl is not set. */
  fleet: Fleet | null;
  /** The card terminal: how cards are taken here, and the payments domain when the till drives one. */
  payments: PaymentsContext;
  /** The transport's restart (PosDeps.restart); absent where the till cannot restart itself. */
  restart?: () => Result<void>;
}
