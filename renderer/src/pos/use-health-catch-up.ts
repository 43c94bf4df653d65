import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Health } from '@shared/app';
import { usePos } from './PosProvider';

/** How often the screen asks the till how it stands, besides the changes it is sent. */
const catchUpMs = 5_000;

/**
 * A change sent while the screen was not listening (the page still loading, its event stream
 * reconnecting after a restart) is not sent again, and the strip would show the old state until
 * the next change: a printer out of paper shown "offline" for good. So the health is also asked
 * for every few seconds (the till answers from what it last checked; nothing is probed), and
 * `onHealth` takes it as it takes a change.
 */
export function useHealthCatchUp(onHealth: (health: Health, client: QueryClient) => void) {
  const pos = usePos();
  const client = useQueryClient();
  useEffect(() => {
    const timer = setInterval(() => {
      void pos['app:health']({}).then((result) => {
        if (result.ok) onHealth(result.value, client);
      });
    }, catchUpMs);
    return () => clearInterval(timer);
  }, [pos, client, onHealth]);
}
