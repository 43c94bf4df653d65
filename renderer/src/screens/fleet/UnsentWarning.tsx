import { usePosQuery } from '@renderer/pos/queries';
import { useT } from '@renderer/i18n/I18nProvider';
import { ageText } from './fleet-format';

/**
 * Shown beside "Close shift": records head office has not received yet. Closing is still safe
 * (they stay in this till's journal and go when head office is reachable), but the supervisor
 * should know the Z report is not yet at head office.
 */
export function UnsentWarning() {
  const t = useT();
  const status = usePosQuery('fleet:status', {}, { refetchInterval: 10_000, staleTime: 0 });
  const s = status.data;
  if (!s?.configured || s.unsentCount === 0) return null;
  return (
    <p className="field-error" role="status" data-testid="fleet-unsent-warning">
      {t('fleet.unsentWarning', { count: s.unsentCount, age: ageText(t, s.oldestUnsentAt) })}
      {s.problem ? ` ${s.problem}` : ''}
    </p>
  );
}
