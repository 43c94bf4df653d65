import { useNavigation } from '@renderer/navigation';
import { usePosQuery } from '@renderer/pos/queries';
import { Button } from '@ui/Button';
import { ageText, lagosTime, records } from './fleet-format';

/** Staff screen, supervisors: this till's link to head office and the way to every terminal's figures. */
export function FleetPanel() {
  const { go } = useNavigation();
  const status = usePosQuery('fleet:status', {}, { refetchInterval: 10_000 });
  const s = status.data;
  if (!s?.configured) return null;
  return (
    <section className="panel" aria-labelledby="fleet-panel">
      <h2 id="fleet-panel">Head office</h2>
      <p role="status">
        {s.unsentCount === 0
          ? `Every record has reached head office${s.lastShippedAt ? ` (last sent ${lagosTime(s.lastShippedAt)})` : ''}.`
          : `${records(s.unsentCount)} not sent, oldest ${ageText(s.oldestUnsentAt)} ago.`}
        {s.problem ? ` ${s.problem}` : ''}
      </p>
      <div>
        <Button variant="primary" size="large" onClick={() => go({ name: 'fleet' })}>
          All terminals
        </Button>
      </div>
    </section>
  );
}
