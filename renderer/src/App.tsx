import { useCallback } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { AppInfo, Health } from '@shared/app';
import { NavigationProvider, useNavigation, type Route } from './navigation';
import { usePosEvent, usePosQuery } from './pos/queries';
import { usePos } from './pos/PosProvider';
import { FilmScreen } from './screens/cinema/FilmScreen';
import { FilmsScreen } from './screens/cinema/FilmsScreen';
import { HomeScreen } from './screens/HomeScreen';
import { HotelScreen } from './screens/hotels/HotelScreen';
import { HotelsScreen } from './screens/hotels/HotelsScreen';
import { CheckoutScreen } from './screens/checkout/CheckoutScreen';
import { SaleScreen } from './screens/checkout/SaleScreen';
import { StaffScreen } from './screens/staff/StaffScreen';
import { AttractScreen } from './kiosk/AttractScreen';
import { IdleReset } from './kiosk/IdleReset';
import { OnScreenKeyboard } from './kiosk/OnScreenKeyboard';
import { releaseHeldSeats } from './screens/checkout/release-holds';
import { ErrorPanel } from './ui/ErrorPanel';
import { TopBar } from './ui/TopBar';
import { ConnectionBanner } from './ui/ConnectionBanner';

export function App() {
  const info = usePosQuery('app:info', {}, { staleTime: Infinity });
  const onHealth = useCallback((health: Health, client: QueryClient) => {
    client.setQueryData<AppInfo>(['app:info', {}], (old) => (old ? { ...old, health } : old));
  }, []);
  usePosEvent('app:health-changed', onHealth);

  if (info.isPending) {
    return (
      <div className="app" aria-busy="true">
        <div className="splash">Starting the till…</div>
      </div>
    );
  }
  if (info.isError) {
    return (
      <div className="app">
        <ErrorPanel error={info.error.error} onRetry={() => void info.refetch()} />
      </div>
    );
  }
  return (
    <NavigationProvider>
      <Shell info={info.data} />
    </NavigationProvider>
  );
}

function Shell({ info }: { info: AppInfo }) {
  const { route, stack, depth, back, home, go } = useNavigation();
  const kiosk = info.profile === 'kiosk';
  const pos = usePos();
  // On a kiosk the staff screen never stays signed in behind the customer's back.
  const leave = (to: () => void, leaving: readonly Route[]) => () => {
    if (kiosk && route.name === 'staff') void pos['staff:sign-out']({});
    releaseHeldSeats(pos, leaving);
    to();
  };
  return (
    <div className={`app profile-${info.profile}`}>
      <TopBar info={info} onBack={depth > 1 ? leave(back, [route]) : undefined} onHome={depth > 2 ? leave(home, stack) : undefined} onStaff={kiosk || route.name === 'staff' ? undefined : () => go({ name: 'staff' })} />
      <ConnectionBanner partner={info.health.partner} trainingMode={info.trainingMode} />
      <main className="content">
        <CurrentScreen route={route} info={info} />
      </main>
      {kiosk && <IdleReset idleSeconds={info.kiosk.idleSeconds} warningSeconds={info.kiosk.warningSeconds} />}
      {kiosk && <OnScreenKeyboard />}
    </div>
  );
}

function CurrentScreen({ route, info }: { route: Route; info: AppInfo }) {
  switch (route.name) {
    case 'home':
      return info.profile === 'kiosk' ? <AttractScreen info={info} /> : <HomeScreen info={info} />;
    case 'films':
      return <FilmsScreen />;
    case 'film':
      return <FilmScreen filmId={route.filmId} />;
    case 'hotels':
      return <HotelsScreen search={route.search} />;
    case 'hotel':
      return <HotelScreen hotel={route.hotel} search={route.search} />;
    case 'checkout':
      return <CheckoutScreen order={route.order} profile={info.profile} />;
    case 'sale':
      return <SaleScreen saleId={route.saleId} order={route.order} />;
    case 'staff':
      return <StaffScreen />;
  }
}
