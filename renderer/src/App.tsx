import { useCallback, useState } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { AppInfo, Health } from '../../shared/app';
import { usePosEvent, usePosQuery } from './pos/queries';
import { HomeScreen } from './screens/HomeScreen';
import { ComingSoonScreen } from './screens/ComingSoonScreen';
import { TopBar } from './ui/TopBar';
import { ErrorPanel } from './ui/ErrorPanel';

export type Screen = 'home' | 'cinema' | 'hotels';

export function App() {
  const [screen, setScreen] = useState<Screen>('home');
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
    <div className={`app profile-${info.data.profile}`}>
      <TopBar info={info.data} onHome={screen === 'home' ? undefined : () => setScreen('home')} />
      <main className="content">
        {screen === 'home' ? (
          <HomeScreen info={info.data} onOpen={setScreen} />
        ) : (
          <ComingSoonScreen what={screen === 'cinema' ? 'Cinema tickets' : 'Hotel rooms'} onBack={() => setScreen('home')} />
        )}
      </main>
    </div>
  );
}
