import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Health } from '@shared/app';
import { usePosQuery } from './queries';

/** How often the screen asks the till how it stands, besides the changes it is sent. */
const catchUpMs = 5_000;

/**
 * A change sent while the screen was not listening (the page still loading, its event stream
 * reconnecting after a restart) is not sent again, and the strip would show the old state until
 * the next change: a printer out of paper shown "offline" for good. So the till's last reading is
 * also asked for every few seconds (`cached`: nothing is probed, no partner call is made; the
 * probing is the banner's 30 s check and the till's own), and `onHealth` takes it as it takes a change.
 */
export function useHealthCatchUp(onHealth: (health: Health, client: QueryClient) => void) {
  const client = useQueryClient();
  const { data } = usePosQuery('app:health', { cached: true }, { refetchInterval: catchUpMs, staleTime: 0 });
  useEffect(() => {
    if (data) onHealth(data, client);
  }, [data, client, onHealth]);
}
