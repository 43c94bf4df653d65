import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigation } from '@renderer/navigation';
import { usePos } from '@renderer/pos/PosProvider';
import { PosCallError, unwrap, usePosQuery } from '@renderer/pos/queries';
import { Button } from '@ui/Button';
import { Field } from '@ui/Field';
import { ageText, lagosTime, records } from './fleet-format';

/**
 * Staff screen, supervisors: this till's link to head office, its password (write-only, kept like
 * the partner key), and the way to every terminal's figures. Nothing shows on a till without fleet.
 */
export function FleetPanel() {
  const { go } = useNavigation();
  const pos = usePos();
  const client = useQueryClient();
  const [password, setPassword] = useState('');
  const status = usePosQuery('fleet:status', {}, { refetchInterval: 10_000 });
  const save = useMutation({
    mutationFn: async () => unwrap(await pos['fleet:set-password']({ password })),
    onSuccess: (next) => (setPassword(''), client.setQueryData(['fleet:status', {}], next)),
  });
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
      <form
        className="form-row"
        onSubmit={(event) => {
          event.preventDefault();
          if (password) save.mutate();
        }}
      >
        <Field
          label="Head office database password"
          hint={s.passwordSet ? 'A password is stored. Type a new one to replace it.' : `No password stored yet for ${s.database ?? 'head office'}.`}
          error={save.error instanceof PosCallError ? save.error.error.message : undefined}
        >
          <input type="password" autoComplete="off" value={password} onChange={(e) => setPassword(e.target.value)} />
        </Field>
        <Button type="submit" disabled={!password} busy={save.isPending}>
          Save password
        </Button>
      </form>
      {save.isSuccess && <p role="status">Password stored; this till is trying head office again.</p>}
    </section>
  );
}
