import { useCallback, useRef } from 'react';
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { ChannelName, RequestOf, ResponseOf } from '@shared/ipc/contract';
import type { PosError } from '@shared/errors';
import type { Result } from '@shared/result';
import { usePos } from './PosProvider';
import { PosCallError, unwrap } from './queries';

type Options<C extends ChannelName, V> = Omit<UseMutationOptions<ResponseOf<C>, PosCallError, V>, 'mutationFn'> & {
  /** Builds the channel's request from what the screen passes to mutate(); default: passed as is. */
  request?: (variables: V) => RequestOf<C>;
  /** Channels whose cached answers are stale once this succeeds ('all' refreshes everything). */
  invalidates?: readonly ChannelName[] | 'all';
};

/**
 * Every write a screen makes: one contract call through TanStack Query's useMutation, with the
 * failure as a PosError (`error`), its per-field messages (`fieldErrors`), and `run`, which ignores
 * a second tap while the first is still in flight (before React has re-rendered a disabled button).
 */
export function usePosMutation<C extends ChannelName, V = RequestOf<C>>(channel: C, options: Options<C, V> = {}) {
  const pos = usePos();
  const client = useQueryClient();
  const { request, invalidates, onSuccess, ...rest } = options;
  const call = pos[channel] as unknown as (request: RequestOf<C>) => Promise<Result<ResponseOf<C>>>;
  const mutation = useMutation<ResponseOf<C>, PosCallError, V>({
    mutationFn: async (variables) => unwrap(await call(request ? request(variables) : (variables as unknown as RequestOf<C>))),
    onSuccess: async (...args) => {
      if (invalidates === 'all') void client.invalidateQueries();
      else for (const name of invalidates ?? []) void client.invalidateQueries({ queryKey: [name] });
      await onSuccess?.(...args);
    },
    ...rest,
  });
  const inFlight = useRef(false);
  const { mutate } = mutation;
  const run = useCallback(
    (variables: V) => {
      if (inFlight.current) return;
      inFlight.current = true;
      mutate(variables, { onSettled: () => void (inFlight.current = false) });
    },
    [mutate],
  );
  const error: PosError | null = mutation.error instanceof PosCallError ? mutation.error.error : null;
  return { ...mutation, run, error, fieldErrors: error?.fields ?? {} };
}
