import { useState } from 'react';
import { usePosQuery } from '@renderer/pos/queries';
import { Chip } from '@ui/Chip';
import { LoadingBlock, QueryState } from '@ui/Status';
import { AttentionPanel, JournalPanel } from './SalesPanels';
import { RefundsPanel } from '@renderer/screens/refunds/RefundsPanel';
import { ShiftPanel } from './ShiftPanel';
import { PrinterPanel } from '@renderer/screens/printing/PrinterPanel';
import { SalvagePanel } from './SalvagePanel';
import { SettingsPanel } from './SettingsPanel';
import { FleetPanel } from '@renderer/screens/fleet/FleetPanel';
import { ErrorPanel } from '@ui/ErrorPanel';
import { Button } from '@ui/Button';
import { usePosMutation } from '@renderer/pos/mutations';
import { useLanguage, useT } from '@renderer/i18n/I18nProvider';
import { languages } from '@renderer/i18n/languages';
import { saveStaffLanguage } from '@renderer/i18n/staff-language';
import type { MessageKey } from '@renderer/i18n/catalogues/en';
import { FirstSupervisorSetup, SignIn } from './SignIn';
import { AddStaff, StaffList } from './StaffPanel';
import { MyPin } from './MyPin';
import { PastZReports } from './PastZReports';
import { RestartNotice } from './RestartNotice';

export const backOfficeSections = ['shift', 'sales', 'journal', 'printer', 'staff', 'settings'] as const;
export type BackOfficeSection = (typeof backOfficeSections)[number];

/**
 * The back office: signing in, then one section at a time (Shift, Sales, Journal, Printer, Staff,
 * Settings). `onSignedOut`: where the screen goes once staff sign out. At a counter it stays on
 * Sign in for the next cashier; a kiosk goes back to its customers' Welcome.
 */
export function StaffScreen({ section, search, onSignedOut }: { section?: BackOfficeSection; search?: string; onSignedOut?: () => void } = {}) {
  const t = useT();
  const status = usePosQuery('staff:status', {}, { staleTime: 0 });
  return (
    <div className="screen staff">
      <h1>{t('staff.title')}</h1>
      {status.isError ? (
        // The journal holds the staff list: when it cannot open there is nobody to sign in as.
        <>
          <ErrorPanel error={status.error.error} onRetry={() => void status.refetch()} />
          <SalvagePanel />
        </>
      ) : (
        <QueryState query={status} loading={<LoadingBlock label={t('staff.loading')} rows={1} />}>
          {({ signedIn, needsFirstSupervisor }) =>
            needsFirstSupervisor ? <FirstSupervisorSetup /> : signedIn === null ? <SignIn /> : <SignedIn staffId={signedIn.id} name={signedIn.name} isSupervisor={signedIn.role === 'supervisor'} opening={section} search={search} onSignedOut={onSignedOut} />
          }
        </QueryState>
      )}
    </div>
  );
}

function SignedIn({ staffId, name, isSupervisor, opening = 'shift', search, onSignedOut }: { staffId: number; name: string; isSupervisor: boolean; opening?: BackOfficeSection; search?: string; onSignedOut?: () => void }) {
  const t = useT();
  const [section, setSection] = useState<BackOfficeSection>(opening);
  const signOut = usePosMutation<'staff:sign-out', void>('staff:sign-out', { request: () => ({}), invalidates: 'all', onSuccess: () => onSignedOut?.() });
  return (
    <>
      <div className="signed-in">
        <span>{t('staff.signedIn', { name, role: t(isSupervisor ? 'role.supervisor' : 'role.cashier') })}</span>
        <Button variant="secondary" onClick={() => signOut.run()}>
          {t('common.signOut')}
        </Button>
      </div>
      {/* The first screen after signing in: what a restart cut off, named sale by sale. */}
      <RestartNotice />
      <nav className="back-office-nav" aria-label={t('staff.sections')}>
        {backOfficeSections.map((key) => (
          <button key={key} type="button" className="back-office-tab" aria-current={key === section ? 'page' : undefined} onClick={() => setSection(key)}>
            {t(`staff.section.${key}` as MessageKey)}
          </button>
        ))}
      </nav>
      <div className="back-office-section">
        {section === 'shift' && (
          <>
            <ShiftPanel isSupervisor={isSupervisor} />
            {/* The Z reports are where the shift is closed: the last one stays in reach after the close. */}
            {isSupervisor && <PastZReports />}
          </>
        )}
        {section === 'sales' && (
          <>
            <AttentionPanel isSupervisor={isSupervisor} />
            <RefundsPanel />
          </>
        )}
        {section === 'journal' && (
          <>
            <JournalPanel isSupervisor={isSupervisor} search={search} />
            {isSupervisor && <SalvagePanel />}
          </>
        )}
        {section === 'printer' && <PrinterPanel />}
        {section === 'staff' && (
          <>
            <MyPin />
            {isSupervisor ? (
              <>
                <StaffList myId={staffId} />
                <AddStaff />
              </>
            ) : (
              <p className="muted">{t('staff.supervisorOnly')}</p>
            )}
          </>
        )}
        {section === 'settings' && (
          <>
            <MyLanguage staffId={staffId} />
            {isSupervisor && <SettingsPanel />}
            {isSupervisor && <FleetPanel />}
          </>
        )}
      </div>
    </>
  );
}

/** Each member of staff picks the language their screens speak; kept on this till. */
function MyLanguage({ staffId }: { staffId: number }) {
  const t = useT();
  const { language, setLanguage } = useLanguage();
  return (
    <section className="panel" aria-labelledby="my-language">
      <h2 id="my-language">{t('settings.myLanguage')}</h2>
      <p>{t('settings.myLanguageHint')}</p>
      <div className="chips" role="group" aria-label={t('settings.myLanguage')}>
        {languages.map((l) => (
          <Chip key={l.code} selected={l.code === language} onClick={() => (saveStaffLanguage(staffId, l.code), setLanguage(l.code))}>
            <span lang={l.intl}>{l.name}</span>
          </Chip>
        ))}
      </div>
    </section>
  );
}
