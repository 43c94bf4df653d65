import { useEffect, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AppInfo, HealthItem } from '@shared/app';
import { usePos } from '@renderer/pos/PosProvider';
import { unwrap, usePosQuery } from '@renderer/pos/queries';

/**
 * Says, on every screen, when selling cannot work: the computer is offline, or the partner is not
 * answering. `partner` follows the pushed health; it is re-checked every 30 s and on "Check again".
 */
export function ConnectionBanner({ partner, trainingMode }: { partner: HealthItem; trainingMode: boolean }) {
  const pos = usePos();
  const client = useQueryClient();
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  // Polling asks the till to probe; a change comes back as app:health-changed.
  usePosQuery('app:health', {}, { refetchInterval: 30_000, staleTime: 0 });
  const check = useMutation({
    mutationFn: async () => unwrap(await pos['app:health']({ refresh: true })),
    onSuccess: (health) => client.setQueryData<AppInfo>(['app:info', {}], (old) => (old ? { ...old, health } : old)),
  });

  // The training sandbox runs inside the till: a lost network does not stop it.
  if (!online && !trainingMode) {
    return (
      <div className="connection-banner" role="alert">
        This computer is offline. Searches and sales will fail until the network is back.
      </div>
    );
  }
  if (partner.state !== 'down') return null;
  return (
    <div className="connection-banner" role="alert">
      <span>
        <strong>{partner.label}.</strong> {partner.detail}
      </span>
      <button type="button" className="button button-primary" disabled={check.isPending} onClick={() => check.mutate()}>
        {check.isPending ? 'Checking…' : 'Check again'}
      </button>
    </div>
  );
}
