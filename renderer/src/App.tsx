import { useCallback } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { AppInfo, Health } from '../../shared/app';
import { NavigationProvider, useNavigation, type Route } from './navigation';
import { usePosEvent, usePosQuery } from './pos/queries';
import { FilmScreen } from './screens/cinema/FilmScreen';
import { FilmsScreen } from './screens/cinema/FilmsScreen';
import { HomeScreen } from './screens/HomeScreen';
import { HotelScreen } from './screens/hotels/HotelScreen';
import { HotelsScreen } from './screens/hotels/HotelsScreen';
import { ErrorPanel } from './ui/ErrorPanel';
import { TopBar } from './ui/TopBar';

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
  const { route, depth, back, home } = useNavigation();
  return (
    <div className={`app profile-${info.profile}`}>
      <TopBar info={info} onBack={depth > 1 ? back : undefined} onHome={depth > 2 ? home : undefined} />
      <main className="content">
        <CurrentScreen route={route} info={info} />
      </main>
    </div>
  );
}

function CurrentScreen({ route, info }: { route: Route; info: AppInfo }) {
  switch (route.name) {
    case 'home':
      return <HomeScreen info={info} />;
    case 'films':
      return <FilmsScreen />;
    case 'film':
      return <FilmScreen filmId={route.filmId} />;
    case 'hotels':
      return <HotelsScreen search={route.search} />;
    case 'hotel':
      return <HotelScreen hotel={route.hotel} search={route.search} />;
  }
}
