import fs from 'node:fs';
import type { HealthItem } from '../../shared/app';
import { isTrainingMode, type PosConfig } from './config/schema';
import { createPos, type Pos } from './create-pos';
import type { Logger } from './logger';
import type { SecretStore } from './secrets';

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
  clock?: () => Date;
}): Pos {
  const { config } = options;
  fs.mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  const training = isTrainingMode(config);

  const partnerProbe = async (): Promise<HealthItem> =>
    training
      ? { state: 'ok', label: 'Training sandbox', detail: 'Sales go to the built-in sandbox; nothing is charged or booked for real.' }
      : { state: 'unknown', label: 'Partner not checked', detail: `Partner at ${new URL(config.partner.baseUrl).host}.` };

  const printerProbe = async (): Promise<HealthItem> =>
    config.printer.interface === 'preview'
      ? { state: 'ok', label: 'Preview printer', detail: 'Receipts are kept on this computer and shown on screen.' }
      : { state: 'unknown', label: 'Printer not checked', detail: `Printer ${config.printer.interface}.` };

  const journalProbe = async (): Promise<HealthItem> => ({
    state: 'unknown',
    label: 'Journal not set up',
    detail: `Sales will be kept in ${config.dataDir}.`,
  });

  return createPos(config, {
    version: options.version,
    logger: options.logger,
    secrets: options.secrets,
    clock: options.clock,
    probes: { partner: partnerProbe, printer: printerProbe, journal: journalProbe },
  });
}
