/**
 * Which ids each page of a listing already showed, so an item the partner repeats on a later page
 * (its list shifted between two page loads, or it simply sends duplicates) reaches the screens
 * once. Screens key rows by id and join pages, so a repeat would show twice or break the list.
 *
 * A listing is one path with one set of filters; page 1 starts it afresh. Bounded: the most
 * recent listings only, each up to a fixed number of ids.
 */
export interface PageMemory {
  /** The items of `page` not shown on an earlier page of the same listing, nor earlier on this one. */
  fresh<T>(listing: string, page: number, items: readonly T[], idOf: (item: T) => string | number): { items: T[]; repeated: number };
}

const maxListings = 32;
const maxIdsPerListing = 20_000;

export function createPageMemory(): PageMemory {
  /** listing -> page -> ids shown on that page. Map order is recency (oldest first). */
  const listings = new Map<string, Map<number, Set<string>>>();

  const listingOf = (key: string, page: number) => {
    let pages = listings.get(key);
    if (pages && page <= 1) pages = undefined;
    listings.delete(key);
    pages ??= new Map();
    listings.set(key, pages);
    while (listings.size > maxListings) listings.delete(listings.keys().next().value!);
    return pages;
  };

  return {
    fresh(listing, page, items, idOf) {
      const pages = listingOf(listing, page);
      const shown = new Set<string>();
      const kept: typeof items[number][] = [];
      let earlier = 0;
      for (const [number, ids] of pages) if (number !== page) earlier += ids.size;
      for (const item of items) {
        const id = String(idOf(item));
        if (shown.has(id) || seenBefore(pages, page, id)) continue;
        shown.add(id);
        kept.push(item);
      }
      if (earlier + shown.size <= maxIdsPerListing) pages.set(page, shown);
      return { items: kept, repeated: items.length - kept.length };
    },
  };
}

function seenBefore(pages: Map<number, Set<string>>, page: number, id: string): boolean {
  for (const [number, ids] of pages) if (number < page && ids.has(id)) return true;
  return false;
}
