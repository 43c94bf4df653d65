import { useNavigation } from '@renderer/navigation';
import { usePosQuery } from '@renderer/pos/queries';
import { plural } from './plural';

/** Tells the cashier, before she starts, whether a sale would go through and what to do if not. */
export function ReadyBanner() {
  const { go } = useNavigation();
  const staff = usePosQuery('staff:status', {}, { staleTime: 0 });
  // The drawer and the sales needing attention are for signed-in staff only (the channels' access rule).
  const signedIn = Boolean(staff.data?.signedIn);
  const shift = usePosQuery('shift:current', {}, { staleTime: 0, enabled: signedIn });
  const attention = usePosQuery('sale:attention', {}, { staleTime: 0, enabled: signedIn });
  if (!staff.data || (signedIn && !shift.data)) return null;
  const problem = staff.data.needsFirstSupervisor
    ? 'Set up the first supervisor before selling.'
    : !staff.data.signedIn
      ? 'Sign in to start selling.'
      : !shift.data?.report
        ? 'Open a shift to start selling.'
        : null;
  const waiting = attention.data?.sales.length ?? 0;
  return (
    <div className={`ready-banner${problem ? ' ready-problem' : ''}`} role="status">
      <span>{problem ?? `Signed in: ${staff.data.signedIn!.name} · shift ${shift.data!.report!.shiftNumber} open`}</span>
      {waiting > 0 && <span className="ready-attention">{plural(waiting, 'sale')} need attention</span>}
      {(problem || waiting > 0) && (
        <button type="button" className="button button-primary" onClick={() => go({ name: 'staff' })}>
          Go to Staff
        </button>
      )}
    </div>
  );
}
