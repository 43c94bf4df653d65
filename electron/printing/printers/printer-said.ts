import type { SentenceKey, SentenceValues } from '../../../shared/error-sentences';
import { saidInEnglish, type Said } from '../../../shared/errors';
import type { PrinterState, PrinterStatus } from './printer';

/**
 * A printer's status that says one of the shared sentences: the English in `detail` (logs, an
 * English screen), the sentence named in `said` so the strip and Staff → Printer say it in the
 * reader's language.
 */
export function statusSaying(state: PrinterState, key: SentenceKey, values?: SentenceValues): PrinterStatus {
  const said: Said = values ? { key, values } : { key };
  return { state, detail: saidInEnglish(said), said };
}
