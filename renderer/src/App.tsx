import { lazy, Suspense, useCallback, useMemo, useRef, useState } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { AppInfo, Health } from '@shared/app';
import { NavigationProvider, useNavigation, type Route } from './navigation';
import { usePosEvent, usePosQuery } from './pos/queries';
import { usePos } from './pos/PosProvider';
import { useHealthCatchUp } from './pos/use-health-catch-up';
import { useT } from './i18n/I18nProvider';
import { useStaffLanguage } from './i18n/staff-language';
import { FilmScreen } from './screens/cinema/FilmScreen';
import { FilmsScreen } from './screens/cinema/FilmsScreen';
import { HomeScreen } from './screens/HomeScreen';
import { HotelScreen } from './screens/hotels/HotelScreen';
import { HotelsScreen } from './screens/hotels/HotelsScreen';
import { CheckoutScreen } from './screens/checkout/CheckoutScreen';
import { SaleScreen } from './screens/checkout/SaleScreen';
import { StaffScreen } from './screens/staff/StaffScreen';
import { KioskApp } from './kiosk/KioskApp';
import { ScreenLock } from './screens/staff/ScreenLock';
import { releaseHeldSeats } from './screens/checkout/release-holds';
import { useShortcuts } from './ui/shortcuts';
import { useScans } from './ui/scans';
import { ScreenBoundary } from './ui/ScreenBoundary';
import { BrokenScreen } from './screens/BrokenScreen';
import { reportScreenError } from './pos/report-screen-error';
import { useKeptScroll } from './ui/kept-scroll';
import { ErrorPanel } from './ui/ErrorPanel';
import { TopBar } from './ui/TopBar';
import { ConnectionBanner } from './ui/ConnectionBanner';
import { hotelSearchAt } from './screens/hotels/hotel-search';
import styles from './App.module.css';

export function App() {
  const t = useT();
  const info = usePosQuery('app:info', {}, { staleTime: Infinity });
  const onHealth = useCallback((health: Health, client: QueryClient) => {
    // The same health again (the catch-up's usual answer) changes nothing on screen.
    client.setQueryData<AppInfo>(['app:info', {}], (old) => (old && JSON.stringify(old.health) !== JSON.stringify(health) ? { ...old, health } : old));
  }, []);
  usePosEvent('app:health-changed', onHealth);
  useHealthCatchUp(onHealth);

  if (info.isPending) {
    return (
      <div className={styles.app} aria-busy="true">
        <main className={styles.content}>
          <div className={styles.splash}>{t('app.starting')}</div>
        </main>
      </div>
    );
  }
  if (info.isError) {
    return (
      <div className={styles.app}>
        <main className={styles.content}>
          <ErrorPanel error={info.error.error} onRetry={() => void info.refetch()} />
        </main>
      </div>
    );
  }
  return (
    <NavigationProvider>
      {info.data.profile === 'kiosk' ? <KioskApp info={info.data} /> : <Shell info={info.data} />}
    </NavigationProvider>
  );
}

/** Counter and front desk: a top bar that stays, the screen below, keyboard shortcuts throughout. */
function Shell({ info }: { info: AppInfo }) {
  const { route, stack, depth, back, home, go, replace, lastHotelPlace } = useNavigation();
  const pos = usePos();
  useStaffLanguage();
  const leave = (to: () => void, leaving: readonly Route[]) => () => {
    releaseHeldSeats(pos, leaving);
    to();
  };
  const goBack = depth > 1 ? leave(back, [route]) : undefined;
  // The screens share one scrolling area: each opens at its top, and Back finds the last as left.
  const content = useRef<HTMLElement>(null);
  useKeptScroll(content, 'screen', route);
  // A screen that breaks while drawing: its error to the log, the screen told so; Try again draws it anew.
  const report = useMemo(() => reportScreenError(pos), [pos]);
  const [attempt, setAttempt] = useState(0);
  useShortcuts({
    Escape: goBack,
    F2: () => go({ name: 'films' }),
    F3: () => go({ name: 'hotels', search: hotelSearchAt(lastHotelPlace()) }),
    F9: route.name === 'staff' ? undefined : () => go({ name: 'staff' }),
  });
  // A receipt's code read by a scanner, wherever the till stands: the journal searched for it
  // (after signing in), where the sale opens for a copy or a refund and a held receipt prints.
  // The rest of a code whose keys came late takes the place of the part searched before it, so
  // Back still leads where the scan began.
  useScans((code, extendsCode) => {
    const search: Route = { name: 'staff', section: 'journal', search: code };
    if (extendsCode !== null && route.name === 'staff' && route.search === extendsCode) replace(search);
    else go(search);
  });
  return (
    <ScreenLock minutes={info.lockMinutes}>
      <div className={styles.app} data-profile={info.profile}>
        <TopBar info={info} onBack={goBack} onHome={depth > 2 ? leave(home, stack) : undefined} onStaff={route.name === 'staff' ? undefined : () => go({ name: 'staff' })} />
        <main ref={content} className={styles.content}>
          <ConnectionBanner partner={info.health.partner} trainingMode={info.trainingMode} />
          <ScreenBoundary key={`${depth}:${route.name}:${attempt}`} screen={route.name} report={report} fallback={<BrokenScreen onRetry={() => setAttempt((n) => n + 1)} onHome={depth > 1 ? leave(home, stack) : undefined} />}>
            <CurrentScreen route={route} info={info} />
          </ScreenBoundary>
        </main>
      </div>
    </ScreenLock>
  );
}

// Head office's screen brings Chart.js: it loads only when a supervisor opens it.
const AllTerminalsScreen = lazy(() => import('./screens/fleet/AllTerminalsScreen'));

export function CurrentScreen({ route, info }: { route: Route; info: AppInfo }) {
  switch (route.name) {
    case 'home':
      return <HomeScreen info={info} />;
    case 'films':
      return <FilmsScreen />;
    case 'film':
      return <FilmScreen filmId={route.filmId} choice={route.choice} />;
    case 'hotels':
      return <HotelsScreen search={route.search} />;
    case 'hotel':
      return <HotelScreen hotel={route.hotel} search={route.search} roomId={route.roomId ?? null} />;
    case 'checkout':
      return <CheckoutScreen order={route.order} profile={info.profile} />;
    case 'sale':
      return <SaleScreen saleId={route.saleId} order={route.order} />;
    case 'staff':
      // Keyed by the search: a second scan opens the journal anew on its own code.
      return <StaffScreen key={route.search ?? ''} section={route.section} search={route.search} />;
    case 'fleet':
      return (
        <Suspense fallback={null}>
          <AllTerminalsScreen />
        </Suspense>
      );
    default:
      return null;
  }
}
