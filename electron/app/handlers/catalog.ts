import { saidError } from '../../../shared/errors';
import { koboToNaira } from '../../../shared/money';
import { fail, ok } from '../../../shared/result';
import { toFilm, toHotel, toRoom, toTicketCategory } from '../../../shared/catalog/from-wire';
import { resolveShowtimes } from '../../../shared/catalog/schedule';
import { lagosDate } from '../../../shared/dates';
import { showtimeOnSale } from '../../../shared/showtime';
import { createHotelPrices } from '../../partner/hotel-prices';
import type { PartnerError } from '../../partner/partner-error';
import { toPosError, type PartnerErrorContext } from '../../partner/to-pos-error';
import type { PosContext } from '../context';
import type { Handlers } from '../dispatch';

type CatalogChannel =
  | 'cinema:films'
  | 'cinema:film'
  | 'cinema:showtimes'
  | 'cinema:dates'
  | 'cinema:tickets'
  | 'hotels:list'
  | 'hotels:rooms';

/** The browsing channels: partner reads, answered in the app's own types (camelCase, kobo). */
export function createCatalogHandlers(ctx: PosContext): Pick<Handlers, CatalogChannel> {
  const { partner } = ctx;
  const partnerFailure = (error: PartnerError, context: PartnerErrorContext) => {
    ctx.logger.warn('partner read failed', { service: context.service, kind: error.kind, status: error.status, cause: error.cause, detail: error.message });
    return fail(toPosError(error, context));
  };
  const cinema: PartnerErrorContext = { service: 'cinema' };
  const hotels: PartnerErrorContext = { service: 'hotels' };
  const hotelPrices = createHotelPrices(partner);

  return {
    async 'cinema:films'({ featured, search, page, perPage }) {
      const result = await partner.listExperiences({ cinema: true, featured, search, page, perPage });
      if (!result.ok) return partnerFailure(result.error, cinema);
      const { experiences, next_page, count, per_page } = result.value;
      return ok({
        // Only cinema items are films, whatever the partner's filter let through.
        films: experiences.filter((experience) => experience.cinema).map(toFilm),
        nextPage: next_page,
        count: count ?? experiences.length,
        perPage: per_page ?? perPage,
      });
    },

    async 'cinema:film'({ filmId }) {
      const result = await partner.getExperience(filmId);
      if (!result.ok) return partnerFailure(result.error, cinema);
      if (!result.value.cinema) return fail(notAFilm());
      return ok(toFilm(result.value));
    },

    async 'cinema:showtimes'({ filmId, locationId, date }) {
      const result = await partner.getExperience(filmId);
      if (!result.ok) return partnerFailure(result.error, cinema);
      const info = result.value.cinema_info;
      if (!result.value.cinema || !info) return fail(notAFilm());
      if (!info.locations.some((location) => location.id === locationId)) return fail(notShownThere());
      // A showing that started more than a moment ago is not offered (checkout refuses it too).
      const now = ctx.clock();
      return ok({ date, showtimes: resolveShowtimes(info, date, locationId).filter((showtime) => showtimeOnSale(date, showtime.start, now)) });
    },

    async 'cinema:dates'({ filmId, locationId, month }) {
      const result = await partner.getCinemaDates(filmId, month, locationId);
      if (!result.ok) return partnerFailure(result.error, cinema);
      // Today is offered only while one of its showings here is still sold: in the evening the
      // screens open on tomorrow instead of on a day whose showings are all over.
      const now = ctx.clock();
      const today = lagosDate(now);
      const dates = result.value;
      if (!dates.includes(today)) return ok({ dates });
      const film = await partner.getExperience(filmId);
      const info = film.ok ? film.value.cinema_info : null;
      if (!info) return ok({ dates });
      const todayOnSale = resolveShowtimes(info, today, locationId).some((showtime) => showtimeOnSale(today, showtime.start, now));
      return ok({ dates: todayOnSale ? dates : dates.filter((date) => date !== today) });
    },

    async 'cinema:tickets'({ filmId, locationId }) {
      const result = await partner.getTickets(filmId, locationId);
      if (!result.ok) return partnerFailure(result.error, cinema);
      return ok({ categories: result.value.map(toTicketCategory) });
    },

    async 'hotels:list'(request) {
      const query = {
        businessId: request.businessId,
        city: request.city,
        state: request.state,
        country: request.country,
        propertyType: request.propertyType,
        availableRoomsOnly: request.availableRoomsOnly,
        minPriceNaira: request.minPriceKobo === undefined ? undefined : koboToNaira(request.minPriceKobo),
        maxPriceNaira: request.maxPriceKobo === undefined ? undefined : koboToNaira(request.maxPriceKobo),
        minOccupancy: request.minOccupancy,
        maxOccupancy: request.maxOccupancy,
        amenities: request.amenities,
        search: request.search,
        page: request.page,
        perPage: request.perPage,
      };
      // The prices are asked beside the list, never instead of it (hotel-prices.ts).
      const [result, prices] = await Promise.all([partner.listHotels(query), hotelPrices(query)]);
      if (!result.ok) return partnerFailure(result.error, hotels);
      const { hotels: found, next_page, count, per_page } = result.value;
      // Their check-in/out times go on the receipt of a hotel sold later (the rooms list has none).
      if (ctx.sales.ok) ctx.sales.value.hotelsSeen(found);
      return ok({ hotels: found.map((hotel) => toHotel(hotel, prices.get(hotel.id) ?? null)), nextPage: next_page, count, perPage: per_page });
    },

    // Never cached: rooms left and availability change with every booking.
    async 'hotels:rooms'({ hotelId, page, perPage }) {
      const result = await partner.listRooms(hotelId, { page, perPage });
      if (!result.ok) return partnerFailure(result.error, hotels);
      const { hotel, rooms, next_page, count, per_page } = result.value;
      return ok({
        hotel: { id: hotel.id, name: hotel.name },
        rooms: rooms.map((room) => toRoom(room, hotel.id)),
        nextPage: next_page,
        count: count ?? rooms.length,
        perPage: per_page ?? perPage,
      });
    },
  };
}

const notAFilm = () => saidError('NOT_FOUND', 'said.notAFilmGoBack');
const notShownThere = () => saidError('NOT_FOUND', 'said.notShowingThereChoose');
