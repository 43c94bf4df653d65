import { readConfigFileObject, textAtNextStart } from '../core/config/config-file';
import type { PosContext } from './context';

/**
 * The number this till takes at its next start when it differs from the one it runs under (a
 * change saved in Settings, not yet applied), else null. A number given by POS_TERMINAL_ID or
 * --terminal-id wins over config.json, so nothing is pending then.
 */
export function pendingTillNumber(ctx: Pick<PosContext, 'config' | 'configSources'>): string | null {
  const next = textAtNextStart(readConfigFileObject(ctx.config.dataDir), ctx.configSources, 'terminal.id', ctx.config.terminal.id);
  return next !== ctx.config.terminal.id ? next : null;
}
