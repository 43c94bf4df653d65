import fs from 'node:fs';
import path from 'node:path';
import type { HealthItem } from '../../shared/app';
import { journalFile, openJournal } from '../journal';
import { createPartnerClient, partnerUserAgent, type PartnerClient } from '../partner/client';
import { createPrinter } from '../printing';
import { createSandbox, SANDBOX_DEFAULT_API_KEY } from '../sandbox';
import { isFleetConfigured, isTrainingMode, type PosConfig } from '../core/config/schema';
import { givenAtStart } from '../core/config/load';
import { createFleet } from '../fleet/create-fleet';
import { createFleetPasswordStore, type FleetPasswordStore } from '../fleet/fleet-password';
import { createPos, type Pos, type PosDeps } from './create-pos';
import { chooseTerminal, type terminalTimings } from '../payments/choose-terminal';
import type { CardPaymentsTuning } from '../payments/card-payments';
import { paystackKeyStore } from '../payments/paystack/paystack-secret';
import type { TerminalSimulator } from '../payments/simulator';
import type { Logger } from '../core/logger';
import { partnerKeyAccess, type SecretStore } from '../core/secrets';

/** Where training mode keeps the sandbox's sales and stock, so a restart does not forget them. */
export const trainingSandboxFileName = 'training-sandbox.json';

/**
 * The composition root shared by the Electron main process and the preview host: it decides
 * which partner (real, or the embedded sandbox in training mode), journal and printer this till
 * uses, and hands them to createPos. Transports differ; what they drive is the same.
 */
export function createPosRuntime(options: {
  config: PosConfig;
  secrets: SecretStore;
  logger: Logger;
  version: string;
  configSources?: PosDeps['configSources'];
  /** better-sqlite3 built for Electron's ABI (packaged app); plain Node uses its own build. */
  nativeBinding?: string;
  clock?: () => Date;
  /** Where head office's database password is kept; default: POS_FLEET_PASSWORD, else a file sealed with the secret store's codec (Electron: safeStorage) or a 0600 file. */
  fleetPassword?: FleetPasswordStore;
  /** The transport's restart (PosDeps.restart): Electron relaunches, the preview host rebuilds. */
  restart?: PosDeps['restart'];
  /** Tests: faster polls and lookups of the card terminal, or a simulated terminal of their own. */
  cardTerminal?: { timings?: Partial<typeof terminalTimings>; tuning?: Partial<CardPaymentsTuning>; simulator?: TerminalSimulator; fetch?: typeof fetch };
}): Pos {
  const { config } = options;
  fs.mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  // The Paystack key and head office's password are sealed the way the partner key is (Electron: safeStorage).
  const paystackKey = paystackKeyStore({ dataDir: config.dataDir, codec: options.secrets.codec });

  // Speaks for the printer only while the journal is unavailable; otherwise the print queue asks the printer itself.
  const printerProbe = async (): Promise<HealthItem> =>
    config.printer.interface === 'preview'
      ? { state: 'ok', label: 'Preview printer', detail: 'Receipts are kept on this computer and shown on screen.', words: { label: 'printerPreview', detail: 'printerPreview' } }
      : { state: 'unknown', label: 'Printer not checked', detail: `Printer ${config.printer.interface}.`, words: { label: 'printerNotChecked' } };

  // A journal that cannot be opened must not stop the app: browsing still works, selling is
  // refused with the journal's own message, and the status strip says why.
  const journal = openJournal({ file: journalFile(config.dataDir), terminalId: config.terminal.id, clock: options.clock, nativeBinding: options.nativeBinding });
  if (!journal.ok) options.logger.error('journal could not be opened; selling is paused', { message: journal.error.message, movedTo: journal.movedTo });
  else options.logger.info('journal opened', { wholeFileChecked: journal.value.wholeFileCheck.atOpen, lastWholeCheck: journal.value.wholeFileCheck.lastAt.toISOString() });

  // With fleet.databaseUrl set, the journal's hash chain is shipped to head office on a connection
  // of its own, off the sale path; without it nothing here runs and the till stands alone.
  const fleet =
    journal.ok && isFleetConfigured(config)
      ? createFleet({
          settings: { databaseUrl: config.fleet.databaseUrl, tls: config.fleet.tls, caFile: config.fleet.caFile || undefined },
          password: options.fleetPassword ?? createFleetPasswordStore({ dataDir: config.dataDir, codec: options.secrets.codec }),
          journalFile: journal.value.file,
          terminalId: config.terminal.id,
          terminalName: config.terminal.name,
          nativeBinding: options.nativeBinding,
          logger: options.logger,
          clock: options.clock,
        })
      : undefined;

  return createPos(config, {
    version: options.version,
    logger: options.logger,
    secrets: options.secrets,
    paystackKey,
    clock: options.clock,
    partner: createPartner(config, options.secrets, options.logger, options.version, options.clock, options.configSources),
    probes: { printer: printerProbe },
    journal,
    // Confirmed sales print through the journal's durable queue on this printer.
    printer: createPrinter(config.printer, { dataDir: config.dataDir, clock: options.clock }),
    configSources: options.configSources,
    // The card terminal from payments.terminal: the simulated one in training, a Paystack Terminal, or none.
    cardTerminal: chooseTerminal(config, {
      training: isTrainingMode(config),
      secretKey: () => paystackKey.get(),
      clock: options.clock,
      ...options.cardTerminal,
    }),
    paymentsTuning: options.cardTerminal?.tuning,
    fleet,
    restart: options.restart,
    onClose: async () => {
      // The shipper's own connection to the journal closes before the journal does.
      await fleet?.close();
      if (journal.ok) journal.value.close();
    },
  });
}

function createPartner(config: PosConfig, secrets: SecretStore, logger: Logger, version: string, clock?: () => Date, sources?: PosDeps['configSources']): PartnerClient {
  if (isTrainingMode(config)) {
    // In-process: no port is opened, and the sandbox's answers still pass through the real client.
    const sandbox = createSandbox({ dataFile: path.join(config.dataDir, trainingSandboxFileName), clock });
    return createPartnerClient({ baseUrl: 'http://training.sandbox', apiKey: () => SANDBOX_DEFAULT_API_KEY, fetch: sandbox.fetch, timeoutMs: config.partner.timeoutMs, clock, logger });
  }
  return createPartnerClient({
    baseUrl: config.partner.baseUrl,
    // The key goes only to the partner it was given for (core/secrets.ts partnerKeyAccess); a URL
    // changed on the settings screen gets no key until a supervisor enters it again.
    apiKey: () => (partnerKeyAccess(secrets, { origin: new URL(config.partner.baseUrl).origin, urlGivenAtStart: sources === undefined || givenAtStart(sources, 'partner.baseUrl') }).usable ? secrets.getApiKey() : null),
    experiencePrefix: config.partner.experiencePrefix,
    hotelPrefix: config.partner.hotelPrefix,
    slug: config.partner.slug,
    timeoutMs: config.partner.timeoutMs,
    clock,
    // List items left out (unreadable, or repeated across pages) are logged.
    logger,
    userAgent: partnerUserAgent(version),
  });
}
