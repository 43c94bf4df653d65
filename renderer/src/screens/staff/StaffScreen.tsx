import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usePos } from '@renderer/pos/PosProvider';
import { PosCallError, unwrap, usePosQuery } from '@renderer/pos/queries';
import { Chip } from '@ui/Chip';
import { PinPad } from '@ui/PinPad';
import { LoadingBlock, QueryState } from '@ui/Status';
import { AttentionPanel, JournalPanel } from './SalesPanels';
import { RefundsPanel } from '@renderer/screens/refunds/RefundsPanel';
import { ShiftPanel } from './ShiftPanel';
import { PrinterPanel } from '@renderer/screens/printing/PrinterPanel';
import { SalvagePanel } from './SalvagePanel';
import { SettingsPanel } from './SettingsPanel';
import { FleetPanel } from '@renderer/screens/fleet/FleetPanel';
import { ErrorPanel } from '@ui/ErrorPanel';
import { FirstSupervisorSetup, SignIn } from './SignIn';

export function StaffScreen() {
  const status = usePosQuery('staff:status', {}, { staleTime: 0 });
  return (
    <div className="screen staff">
      <h1>Staff</h1>
      {status.isError ? (
        // The journal holds the staff list: when it cannot open there is nobody to sign in as.
        <>
          <ErrorPanel error={status.error.error} onRetry={() => void status.refetch()} />
          <SalvagePanel />
        </>
      ) : (
        <QueryState query={status} loading={<LoadingBlock label="Loading" rows={1} />}>
          {({ signedIn, needsFirstSupervisor }) =>
            needsFirstSupervisor ? <FirstSupervisorSetup /> : signedIn === null ? <SignIn /> : <SignedIn name={signedIn.name} isSupervisor={signedIn.role === 'supervisor'} />
          }
        </QueryState>
      )}
    </div>
  );
}

function SignedIn({ name, isSupervisor }: { name: string; isSupervisor: boolean }) {
  const pos = usePos();
  const client = useQueryClient();
  const signOut = useMutation({ mutationFn: async () => unwrap(await pos['staff:sign-out']({})), onSuccess: () => client.invalidateQueries() });
  return (
    <>
      <div className="signed-in">
        <span>
          Signed in: <strong>{name}</strong> ({isSupervisor ? 'supervisor' : 'cashier'})
        </span>
        <button type="button" className="button button-ghost-dark" onClick={() => signOut.mutate()}>
          Sign out
        </button>
      </div>
      <ShiftPanel isSupervisor={isSupervisor} />
      <PrinterPanel />
      <AttentionPanel />
      <RefundsPanel />
      <JournalPanel isSupervisor={isSupervisor} />
      {isSupervisor && <AddStaff />}
      {isSupervisor && <FleetPanel />}
      {isSupervisor && <SettingsPanel />}
      {isSupervisor && <SalvagePanel />}
    </>
  );
}

function AddStaff() {
  const pos = usePos();
  const client = useQueryClient();
  const [name, setName] = useState('');
  const [role, setRole] = useState<'cashier' | 'supervisor'>('cashier');
  const create = useMutation({
    mutationFn: async (pin: string) => unwrap(await pos['staff:create']({ name: name.trim(), role, pin })),
    onSuccess: () => (setName(''), client.invalidateQueries({ queryKey: ['staff:list'] })),
  });
  return (
    <section className="panel" aria-labelledby="add-staff">
      <h2 id="add-staff">Add staff</h2>
      <div className="form-row">
        <label className="field">
          <span>Name</span>
          <input value={name} onChange={(e) => setName(e.target.value)} />
        </label>
        <Chip selected={role === 'cashier'} onClick={() => setRole('cashier')}>Cashier</Chip>
        <Chip selected={role === 'supervisor'} onClick={() => setRole('supervisor')}>Supervisor</Chip>
      </div>
      {name.trim().length >= 2 && <PinPad label={`PIN for ${name.trim()}`} busy={create.isPending} error={create.error instanceof PosCallError ? create.error.error.message : undefined} onSubmit={(pin) => create.mutate(pin)} />}
      {create.isSuccess && <p role="status">Added {create.data.name}.</p>}
    </section>
  );
}
