import { useEffect } from 'react';
import { useQuery, useQueryClient, type QueryClient, type UseQueryOptions } from '@tanstack/react-query';
import type { ChannelName, EventName, EventPayloadOf, RequestOf, ResponseOf } from '@shared/ipc/contract';
import type { PosError } from '@shared/errors';
import type { Result } from '@shared/result';
import { usePos } from './PosProvider';

/** A failed Result, carried through TanStack Query's error state with its code intact. */
export class PosCallError extends Error {
  constructor(readonly error: PosError) {
    super(error.message);
  }
}

export function unwrap<T>(result: Result<T>): T {
  if (result.ok) return result.value;
  throw new PosCallError(result.error);
}

export function usePosQuery<C extends ChannelName>(
  channel: C,
  request: RequestOf<C>,
  options: Omit<UseQueryOptions<ResponseOf<C>, PosCallError>, 'queryKey' | 'queryFn'> = {},
) {
  const pos = usePos();
  const call = pos[channel] as (request: RequestOf<C>) => Promise<Result<ResponseOf<C>>>;
  return useQuery<ResponseOf<C>, PosCallError>({
    queryKey: [channel, request],
    queryFn: async () => {
      const result = await call(request);
      // A partner failure anywhere re-checks the partner at once, so every screen's banner learns of it.
      if (!result.ok && result.error.code === 'PARTNER_UNAVAILABLE' && channel !== 'app:health') void pos['app:health']({ refresh: true });
      return unwrap(result);
    },
    ...options,
  });
}

/** Keeps a query's cached answer in step with a pushed event, so status never needs a reload. */
export function usePosEvent<E extends EventName>(event: E, onPayload: (payload: EventPayloadOf<E>, client: QueryClient) => void) {
  const pos = usePos();
  const queryClient = useQueryClient();
  useEffect(() => {
    const unsubscribe = pos.on(event, (payload) => onPayload(payload, queryClient));
    return unsubscribe;
  }, [pos, event, queryClient, onPayload]);
}
