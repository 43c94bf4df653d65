import { useMemo, useState } from 'react';
import { useQueries } from '@tanstack/react-query';
import type { PosError } from '@shared/errors';
import { addDays, lagosDate, monthOf } from '@shared/dates';
import { usePos } from '@renderer/pos/PosProvider';
import { unwrap, type PosCallError } from '@renderer/pos/queries';

/**
 * The days a film shows at the given cinemas, from today on, at most `limit` of them. This month
 * and next are asked for: enough to sell today's and next weekend's shows at a glance. Used by
 * the counter's schedule (one cinema) and the kiosk's show step (every cinema showing the film).
 * `date` is the day chosen, the first show day until someone picks another (`choose`), or
 * `initialDate` when the screen comes back with a day already chosen (Back from checkout).
 */
export function useShowDates(filmId: string, locationIds: readonly number[], options: { limit: number; staleTimeMs?: number; initialDate?: string }) {
  const pos = usePos();
  const today = lagosDate(new Date());
  const months = [monthOf(today), monthOf(addDays(today, 31))];
  const queries = useQueries({
    queries: locationIds.flatMap((locationId) =>
      months.map((month) => ({
        queryKey: ['cinema:dates', { filmId, locationId, month }],
        queryFn: async () => unwrap(await pos['cinema:dates']({ filmId, locationId, month })),
        ...(options.staleTimeMs !== undefined && { staleTime: options.staleTimeMs }),
      })),
    ),
  });
  const dates = useMemo(
    () => [...new Set(queries.flatMap((q) => q.data?.dates ?? []))].filter((d) => d >= today).sort().slice(0, options.limit),
    [queries, today, options.limit],
  );
  const [picked, choose] = useState<string | null>(options.initialDate ?? null);
  const failed = queries.find((q) => q.isError);
  return {
    dates,
    date: picked ?? dates[0] ?? null,
    choose,
    error: failed ? ((failed.error as PosCallError).error as PosError) : null,
    pending: queries.some((q) => q.isPending),
    retry: () => queries.forEach((q) => void q.refetch()),
  };
}
