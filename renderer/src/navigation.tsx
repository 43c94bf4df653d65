import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Hotel } from '@shared/catalog/hotels';
import type { HotelPlace, HotelSearch } from './screens/hotels/hotel-search';
import type { Order } from './screens/checkout/order';
import type { KioskRoute } from './kiosk/routes';
import type { FilmChoice } from './screens/cinema/FilmScreen';
import type { CustomerInput } from '@shared/sales/customer';
import type { TenderDraft } from './screens/checkout/TenderPicker';
import type { Language } from './i18n/languages';

/** What the cashier typed at checkout for the order being sold: the customer's details, how they pay, the receipt's language. */
export interface CheckoutDraft {
  customer: Partial<CustomerInput>;
  tender?: TenderDraft;
  receiptLanguage?: Language;
}

export type Route =
  | { name: 'home' }
  | { name: 'films' }
  /** `choice`: what was chosen when checkout was opened, chosen again when Back returns here. */
  | { name: 'film'; filmId: string; choice?: FilmChoice }
  | { name: 'hotels'; search: HotelSearch }
  | { name: 'hotel'; hotel: Hotel; search: HotelSearch; roomId?: number }
  | { name: 'checkout'; order: Order }
  | { name: 'sale'; saleId: string; order?: Order }
  | { name: 'fleet' }
  /**
   * `section`: the back office section to open at (Home's printer tile opens Printer); `search`:
   * what the journal opens searched for (a code read by a barcode scanner, ui/scans.ts).
   */
  | { name: 'staff'; section?: 'shift' | 'sales' | 'journal' | 'printer' | 'staff' | 'settings'; search?: string }
  | KioskRoute;

interface Navigation {
  route: Route;
  /** Every screen on the stack, oldest first (for cleaning up holds on a reset). */
  stack: readonly Route[];
  depth: number;
  go(route: Route): void;
  back(): void;
  home(): void;
  /** Replace the current screen's state (e.g. its search) so Back returns to it as it was left. */
  replace(route: Route): void;
  /**
   * A sale went through: the current screen becomes its sale screen, and the screens under it
   * forget the counts and room they had kept for Back (that order is sold; Back must not offer it
   * again to the next customer).
   */
  sold(route: Route): void;
  /**
   * What was typed at checkout, kept beside the stack: Back to the film or room and on to checkout
   * again, Staff (to change language) and back, Esc, all find it as left. Forgotten once the order
   * is sold, and when a new sale starts (Home, New sale, or Back all the way home).
   */
  checkoutDraft(): CheckoutDraft | undefined;
  keepCheckoutDraft(draft: CheckoutDraft): void;
  /**
   * Where a scrolling box of the screen at `depth` stood, by the box's name: Back finds a list
   * where it was left (ui/kept-scroll.ts). A screen opened anew starts at its top.
   */
  keptScroll(depth: number, box: string): number | undefined;
  keepScroll(depth: number, box: string, top: number): void;
  /**
   * The cinema last chosen on this till: the next film that shows there opens on it, its dates in
   * view (a box office sells its own cinema's showings, one customer after another). Kept while
   * the app runs, across sales; a film not shown there asks, as before.
   */
  lastCinema(): number | undefined;
  keepCinema(locationId: number): void;
  /**
   * Where the front desk last searched for hotels (city, state, name): Hotels opens there again,
   * for tonight, one guest, one room (a desk sells its own hotel, or its own city's, night after
   * night). Kept while the app runs.
   */
  lastHotelPlace(): HotelPlace | undefined;
  keepHotelPlace(place: HotelPlace): void;
}

const NavigationContext = createContext<Navigation | null>(null);

/** A stack of screens: a POS is not URL-driven, and Back must return to exactly what was there. */
export function NavigationProvider({ children }: { children: ReactNode }) {
  const [stack, setStack] = useState<Route[]>([{ name: 'home' }]);
  // A ref, not state: nothing is drawn from it while it changes (each key typed at checkout).
  const draft = useRef<CheckoutDraft | undefined>(undefined);
  // Also a ref: a scroll is kept on every scroll event, and nothing is drawn from it until Back.
  const scrolls = useRef(new Map<string, number>());
  const cinema = useRef<number | undefined>(undefined);
  const hotelPlace = useRef<HotelPlace | undefined>(undefined);
  /** Forgets where the screens from `depth` up had scrolled to: they are gone, or opened anew. */
  const forgetScrolls = (depth: number) => {
    for (const key of scrolls.current.keys()) if (Number(key.split(':')[0]) >= depth) scrolls.current.delete(key);
  };
  const go = useCallback(
    (route: Route) =>
      setStack((s) => {
        forgetScrolls(s.length + 1);
        return [...s, route];
      }),
    [],
  );
  const back = useCallback(
    () =>
      setStack((s) => {
        const next = s.length > 1 ? s.slice(0, -1) : s;
        // Back all the way home: the next order is another customer's.
        if (next.length === 1) draft.current = undefined;
        forgetScrolls(next.length + 1);
        return next;
      }),
    [],
  );
  const home = useCallback(() => {
    draft.current = undefined;
    scrolls.current.clear();
    setStack([{ name: 'home' }]);
  }, []);
  const replace = useCallback((route: Route) => setStack((s) => [...s.slice(0, -1), route]), []);
  const sold = useCallback((route: Route) => {
    draft.current = undefined;
    setStack((s) => {
      forgetScrolls(s.length);
      return [...s.slice(0, -1).map(forgetOrder), route];
    });
  }, []);
  const keptScroll = useCallback((depth: number, box: string) => scrolls.current.get(`${depth}:${box}`), []);
  const keepScroll = useCallback((depth: number, box: string, top: number) => void scrolls.current.set(`${depth}:${box}`, top), []);
  const checkoutDraft = useCallback(() => draft.current, []);
  const keepCheckoutDraft = useCallback((next: CheckoutDraft) => {
    draft.current = next;
  }, []);
  const lastCinema = useCallback(() => cinema.current, []);
  const keepCinema = useCallback((locationId: number) => {
    cinema.current = locationId;
  }, []);
  const lastHotelPlace = useCallback(() => hotelPlace.current, []);
  const keepHotelPlace = useCallback((place: HotelPlace) => {
    hotelPlace.current = place;
  }, []);
  const value = useMemo(
    () => ({ route: stack.at(-1)!, stack, depth: stack.length, go, back, home, replace, sold, checkoutDraft, keepCheckoutDraft, keptScroll, keepScroll, lastCinema, keepCinema, lastHotelPlace, keepHotelPlace }),
    [stack, go, back, home, replace, sold, checkoutDraft, keepCheckoutDraft, keptScroll, keepScroll, lastCinema, keepCinema, lastHotelPlace, keepHotelPlace],
  );
  return <NavigationContext.Provider value={value}>{children}</NavigationContext.Provider>;
}

export function useNavigation(): Navigation {
  const navigation = useContext(NavigationContext);
  if (!navigation) throw new Error('useNavigation outside NavigationProvider');
  return navigation;
}

/** A screen under a sold order, as Back finds it: the film with nothing counted, the hotel with no room chosen. */
function forgetOrder(route: Route): Route {
  if (route.name === 'film' && route.choice) return { ...route, choice: { ...route.choice, counts: {} } };
  if (route.name === 'hotel' && route.roomId !== undefined) return { name: 'hotel', hotel: route.hotel, search: route.search };
  return route;
}
