/**
 * The hotels' standard check-in and check-out times, as the partner's hotel listing last gave them.
 * The rooms list and the booking answer carry no times, so the listing the screens browsed before
 * the sale is the one place they come from: app hands each listing page here (`hotelsSeen`), and a
 * hotel sale keeps its hotel's times in its details for the receipt. Unknown (never listed since
 * start, or listed without times): null, and the receipt leaves the line out. Bounded: the oldest
 * hotels are forgotten first.
 */
export interface HotelTimes {
  remember(hotels: ReadonlyArray<{ id: number; check_in_time?: string | null; check_out_time?: string | null }>): void;
  of(hotelId: number): { checkInTime: string | null; checkOutTime: string | null };
}

const clean = (value: string | null | undefined): string | null => {
  const text = value?.trim() ?? '';
  return text === '' ? null : text.slice(0, 32);
};

export function createHotelTimes(max = 1_000): HotelTimes {
  const times = new Map<number, { checkInTime: string | null; checkOutTime: string | null }>();
  return {
    remember(hotels) {
      for (const hotel of hotels) {
        times.delete(hotel.id);
        times.set(hotel.id, { checkInTime: clean(hotel.check_in_time), checkOutTime: clean(hotel.check_out_time) });
      }
      while (times.size > max) times.delete(times.keys().next().value!);
    },
    of: (hotelId) => times.get(hotelId) ?? { checkInTime: null, checkOutTime: null },
  };
}
