import { readConfigFileObject } from '../core/config/config-file';
import { givenAtStart } from '../core/config/load';
import type { PosContext } from './context';

/**
 * The number this till takes at its next start when it differs from the one it runs under (a
 * change saved in Settings, not yet applied), else null. A number given by POS_TERMINAL_ID or
 * --terminal-id wins over config.json, so nothing is pending then.
 */
export function pendingTillNumber(ctx: Pick<PosContext, 'config' | 'configSources'>): string | null {
  if (givenAtStart(ctx.configSources, 'terminal.id')) return null;
  const saved = (readConfigFileObject(ctx.config.dataDir) as { terminal?: { id?: unknown } }).terminal?.id;
  return typeof saved === 'string' && saved.trim() !== ctx.config.terminal.id ? saved.trim() : null;
}
