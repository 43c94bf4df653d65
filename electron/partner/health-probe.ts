import type { HealthItem } from '../../shared/app';
import type { PartnerClient } from './client';
import { toPosError } from './to-pos-error';

/** The partner line of the health summary, from one `ping`. */
export function createPartnerProbe(client: PartnerClient, options: { trainingMode: boolean }): () => Promise<HealthItem> {
  return async () => {
    const result = await client.ping();
    if (!result.ok) {
      const error = toPosError(result.error, { service: 'partner' });
      return { state: 'down', label: 'Partner offline', detail: error.message, words: { label: 'partnerOffline', ...(error.said && { said: error.said }) } };
    }
    if (options.trainingMode) {
      return {
        state: 'degraded',
        label: 'Training mode',
        detail: 'Selling against the built-in sandbox: nothing is real and every receipt is marked TRAINING.',
        words: { label: 'training', detail: 'training' },
      };
    }
    return { state: 'ok', label: 'Partner online', detail: `The partner answered in ${result.value.latencyMs} ms.`, words: { label: 'partnerOnline', detail: 'partnerOnline', values: { ms: result.value.latencyMs } } };
  };
}
