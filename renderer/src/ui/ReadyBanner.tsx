import { useT } from '@renderer/i18n/I18nProvider';
import { useNavigation } from '@renderer/navigation';
import { usePosQuery } from '@renderer/pos/queries';

/** Tells the cashier, before she starts, whether a sale would go through and what to do if not. */
export function ReadyBanner() {
  const t = useT();
  const { go } = useNavigation();
  const staff = usePosQuery('staff:status', {}, { staleTime: 0 });
  // The sales needing attention are for signed-in staff only (the channel's access rule). Whether a
  // shift is open comes with the staff status: the shift's figures (shift:current) grow with the
  // shift and are not read on every return Home.
  const signedIn = Boolean(staff.data?.signedIn);
  const attention = usePosQuery('sale:attention', {}, { staleTime: 0, enabled: signedIn });
  // Settings saved and not in use yet (nobody pressed Restart now): a supervisor hears of it here,
  // not the next morning from a receipt on the old printer.
  const supervisor = staff.data?.signedIn?.role === 'supervisor';
  const settings = usePosQuery('settings:get', {}, { staleTime: 0, enabled: supervisor });
  const restartWaits = supervisor && settings.data?.restartNeeded === true;
  if (!staff.data) return null;
  const problem = staff.data.needsFirstSupervisor
    ? t('ready.setup')
    : !staff.data.signedIn
      ? t('ready.signIn')
      : staff.data.shiftNumber === null
        ? t('ready.openShift')
        : null;
  const waiting = attention.data?.sales.length ?? 0;
  return (
    <div className={`ready-banner${problem ? ' ready-problem' : ''}`} role="status">
      <span>{problem ?? t('ready.ok', { name: staff.data.signedIn!.name, shift: staff.data.shiftNumber! })}</span>
      {waiting > 0 && <span className="ready-attention">{t('ready.attention', { count: waiting })}</span>}
      {restartWaits && <span className="ready-attention">{t('ready.restartWaits')}</span>}
      {(problem || waiting > 0 || restartWaits) && (
        <button type="button" className="button button-primary" onClick={() => go(problem || waiting > 0 ? { name: 'staff' } : { name: 'staff', section: 'settings' })}>
          {t('ready.goStaff')}
        </button>
      )}
    </div>
  );
}
