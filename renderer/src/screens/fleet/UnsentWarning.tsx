import { usePosQuery } from '@renderer/pos/queries';
import { ageText, records } from './fleet-format';

/**
 * Shown beside "Close shift": records head office has not received yet. Closing is still safe
 * (they stay in this till's journal and go when head office is reachable), but the supervisor
 * should know the Z report is not yet at head office.
 */
export function UnsentWarning() {
  const status = usePosQuery('fleet:status', {}, { refetchInterval: 10_000, staleTime: 0 });
  const s = status.data;
  if (!s?.configured || s.unsentCount === 0) return null;
  return (
    <p className="field-error" role="status" data-testid="fleet-unsent-warning">
      {records(s.unsentCount)} not sent to head office yet (the oldest has waited {ageText(s.oldestUnsentAt)}). You can still close the shift:{' '}
      {s.unsentCount === 1 ? 'it stays' : 'they stay'} on this till and {s.unsentCount === 1 ? 'is' : 'are'} sent when head office can be reached.
      {s.problem ? ` ${s.problem}` : ''}
    </p>
  );
}
