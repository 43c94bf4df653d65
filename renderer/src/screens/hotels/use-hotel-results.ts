import { useInfiniteQuery } from '@tanstack/react-query';
import { usePos } from '@renderer/pos/PosProvider';
import { unwrap } from '@renderer/pos/queries';
import { toHotelsRequest, type HotelSearch } from './hotel-search';

/**
 * The hotels a search finds, page by page (the front desk's virtual list and the kiosk's "Show
 * more" both ask for the next page): one query, so both screens share its cache and its key.
 */
export function useHotelResults(search: HotelSearch) {
  const pos = usePos();
  const request = toHotelsRequest(search);
  const results = useInfiniteQuery({
    queryKey: ['hotels:list', request],
    queryFn: async ({ pageParam }) => unwrap(await pos['hotels:list']({ ...request, page: pageParam })),
    initialPageParam: 1,
    getNextPageParam: (last) => last.nextPage ?? undefined,
  });
  return { results, hotels: results.data?.pages.flatMap((page) => page.hotels) ?? [] };
}
