import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usePos } from '@renderer/pos/PosProvider';
import { PosCallError, unwrap, usePosQuery } from '@renderer/pos/queries';
import { PinPad } from '@ui/PinPad';
import { LoadingBlock, QueryState } from '@ui/Status';

export function FirstSupervisorSetup() {
  const pos = usePos();
  const client = useQueryClient();
  const [name, setName] = useState('');
  const [firstPin, setFirstPin] = useState<string | null>(null);
  const setup = useMutation({
    mutationFn: async (pin: string) => unwrap(await pos['staff:setup']({ name: name.trim(), pin })),
    onSuccess: () => client.invalidateQueries(),
  });
  const mismatch = setup.error instanceof PosCallError ? setup.error.error.message : undefined;
  return (
    <section className="panel">
      <h2>Set up this till</h2>
      <p>No staff exist yet. The person setting up becomes the supervisor, who can then add cashiers.</p>
      <label className="field">
        <span>Your name</span>
        <input value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      {firstPin === null ? (
        <PinPad key="first" label="Choose a PIN (4 to 8 digits)" onSubmit={(pin) => (name.trim().length >= 2 ? setFirstPin(pin) : undefined)} />
      ) : (
        <PinPad
          key="again"
          label="Type the PIN again"
          busy={setup.isPending}
          error={mismatch}
          onSubmit={(pin) => (pin === firstPin ? setup.mutate(pin) : (setFirstPin(null), setup.reset()))}
        />
      )}
    </section>
  );
}

export function SignIn() {
  const pos = usePos();
  const client = useQueryClient();
  // Names only: the full list (with roles) is for signed-in staff.
  const staff = usePosQuery('staff:roster', {});
  const [staffId, setStaffId] = useState<number | null>(null);
  const signIn = useMutation({
    mutationFn: async (pin: string) => unwrap(await pos['staff:sign-in']({ staffId: staffId!, pin })),
    onSuccess: () => client.invalidateQueries(),
  });
  return (
    <section className="panel">
      <h2>Sign in</h2>
      <QueryState query={staff} loading={<LoadingBlock label="Loading staff" rows={1} />}>
        {({ staff: people }) => (
          <div className="chips">
            {people.map((person) => (
              <button key={person.id} type="button" className={`chip${person.id === staffId ? ' chip-selected' : ''}`} aria-pressed={person.id === staffId} onClick={() => (setStaffId(person.id), signIn.reset())}>
                {person.name}
              </button>
            ))}
          </div>
        )}
      </QueryState>
      {staffId !== null && <PinPad label="PIN" busy={signIn.isPending} error={signIn.error instanceof PosCallError ? signIn.error.error.message : undefined} onSubmit={(pin) => signIn.mutate(pin)} />}
    </section>
  );
}
