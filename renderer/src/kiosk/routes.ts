import type { Film } from '@shared/catalog/cinema';
import type { Hotel } from '@shared/catalog/hotels';
import type { CustomerInput } from '@shared/sales/customer';
import type { HotelSearch } from '@renderer/screens/hotels/hotel-search';
import type { Order } from '@renderer/screens/checkout/order';

/**
 * The kiosk's guided steps: one decision each, Back to the one before until payment. A step that
 * was answered keeps its answer in its route (`counts`, `customer`), so Back finds it as it was left.
 * Routes carry facts (a cinema's name, a showtime's start), never sentences: the customer may
 * change language on any step, and every screen says them again in the language of now.
 */
export type KioskRoute =
  | { name: 'k-films' }
  | { name: 'k-show'; filmId: string }
  | { name: 'k-tickets'; film: Film; locationId: number; date: string; showtimeId: number; place: string; start: string; counts?: Record<string, number> }
  | { name: 'k-details'; order: Order; customer?: CustomerInput }
  | { name: 'k-pay'; order: Order; customer: CustomerInput }
  | { name: 'k-done'; saleId: string; order: Order }
  | { name: 'k-where'; search: HotelSearch }
  | { name: 'k-when'; search: HotelSearch }
  | { name: 'k-hotels'; search: HotelSearch }
  | { name: 'k-rooms'; hotel: Hotel; search: HotelSearch };

export const cinemaSteps = ['film', 'show', 'tickets', 'details', 'pay'] as const;
export const hotelSteps = ['where', 'when', 'hotel', 'room', 'details', 'pay'] as const;
export type KioskStep = (typeof cinemaSteps)[number] | (typeof hotelSteps)[number];

/** Which flow a step screen belongs to and where it stands in it, for the step indicator. */
export function stepOf(route: KioskRoute): { flow: readonly KioskStep[]; step: KioskStep } | null {
  switch (route.name) {
    case 'k-films':
      return { flow: cinemaSteps, step: 'film' };
    case 'k-show':
      return { flow: cinemaSteps, step: 'show' };
    case 'k-tickets':
      return { flow: cinemaSteps, step: 'tickets' };
    case 'k-details':
    case 'k-pay':
      return { flow: route.order.kind === 'cinema' ? cinemaSteps : hotelSteps, step: route.name === 'k-details' ? 'details' : 'pay' };
    case 'k-where':
      return { flow: hotelSteps, step: 'where' };
    case 'k-when':
      return { flow: hotelSteps, step: 'when' };
    case 'k-hotels':
      return { flow: hotelSteps, step: 'hotel' };
    case 'k-rooms':
      return { flow: hotelSteps, step: 'room' };
    default:
      return null;
  }
}
