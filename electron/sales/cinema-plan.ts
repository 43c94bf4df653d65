import { resolveShowtimes } from '../../shared/catalog/schedule';
import { lagosDate } from '../../shared/dates';
import { lateSaleMinutes, showtimeOnSale } from '../../shared/showtime';
import type { Showtime } from '../../shared/catalog/cinema';
import { saidError } from '../../shared/errors';
import { fail, ok, type Result } from '../../shared/result';
import type { CinemaSelection } from '../../shared/sales/checkout';
import type { Customer } from '../../shared/sales/customer';
import type { WireCinemaLocation, WireExperience } from '../../shared/partner/experiences';
import type { WireTicketPurchaseRequest } from '../../shared/partner/ticket-purchase';
import type { WireTicketCategory } from '../../shared/partner/tickets';
import type { PartnerClient } from '../partner/client';
import { readFailure } from './partner-read';
import type { CinemaDetails } from '../../shared/sales/sale-details';
import { pairTitle, showingLabel } from './labels';

/** `cinema.tickets.0.count` in a sale, `tickets.0.count` in a hold (whose request is the selection itself). */
const at = (field: string, path: string) => (field ? `${field}.${path}` : path);

export interface CinemaQuote {
  film: WireExperience;
  location: WireCinemaLocation;
  showtime: Showtime;
  /** The selection's lines with the partner's category, in the order asked. */
  lines: { ticket: WireTicketCategory; count: number }[];
  totalKobo: number;
}

/**
 * Prices and checks a cinema selection against the partner's data read just now: the film shows
 * at that location, on that date, at that time, and every category exists. Money in kobo.
 */
export async function quoteCinema(partner: PartnerClient, selection: CinemaSelection, now: Date, field = 'cinema'): Promise<Result<CinemaQuote>> {
  if (selection.date < lagosDate(now)) return fail(saidError('VALIDATION', 'said.showDatePassed', undefined, { [at(field, 'date')]: ['is in the past'] }));
  const [film, tickets] = await Promise.all([partner.getExperience(selection.filmId), partner.getTickets(selection.filmId, selection.locationId)]);
  if (!film.ok) return fail(readFailure(film.error, 'cinema'));
  if (!tickets.ok) return fail(readFailure(tickets.error, 'cinema'));
  const info = film.value.cinema_info;
  if (!film.value.cinema || !info) return fail(saidError('VALIDATION', 'said.notAFilm', undefined, { [at(field, 'filmId')]: ['is not a film'] }));
  const location = info.locations.find((candidate) => candidate.id === selection.locationId);
  if (!location) return fail(saidError('VALIDATION', 'said.notShowingThere', undefined, { [at(field, 'locationId')]: ['is not showing this film'] }));
  const showtime = resolveShowtimes(info, selection.date, selection.locationId).find((time) => time.id === selection.showtimeId);
  if (!showtime) {
    return fail(saidError('VALIDATION', 'said.notThatTime', undefined, { [at(field, 'showtimeId')]: ['is not a showtime of this film on that date'] }));
  }
  if (!showtimeOnSale(selection.date, showtime.start, now)) {
    return fail(saidError('VALIDATION', 'said.showStarted', { minutes: lateSaleMinutes }, { [at(field, 'showtimeId')]: [`started more than ${lateSaleMinutes} minutes ago`] }));
  }

  const lines: CinemaQuote['lines'] = [];
  const unknown: Record<string, string[]> = {};
  selection.tickets.forEach((line, index) => {
    const ticket = tickets.value.find((category) => category.id.toLowerCase() === line.categoryId.toLowerCase());
    if (ticket) lines.push({ ticket, count: line.count });
    else unknown[at(field, `tickets.${index}.categoryId`)] = ['is not a ticket category of this film'];
  });
  if (Object.keys(unknown).length > 0) return fail(saidError('VALIDATION', 'said.ticketCategoriesGone', undefined, unknown));

  const totalKobo = lines.reduce((sum, line) => sum + line.ticket.price * line.count, 0);
  return ok({ film: film.value, location, showtime, lines, totalKobo });
}

/** Counts above what is left, as SOLD_OUT with the lines that are short. */
export function slotShortage(quote: CinemaQuote, field = 'cinema'): Result<void> {
  const short: Record<string, string[]> = {};
  quote.lines.forEach(({ ticket, count }, index) => {
    if (count > ticket.slots_remaining) {
      short[at(field, `tickets.${index}.count`)] = [ticket.slots_remaining === 0 ? `${ticket.title} is sold out` : `only ${ticket.slots_remaining} ${ticket.title} left`];
    }
  });
  if (Object.keys(short).length === 0) return ok(undefined);
  return fail(saidError('SOLD_OUT', 'said.ticketsShort', undefined, short));
}

export const quoteLines = (quote: CinemaQuote) =>
  quote.lines.map(({ ticket, count }) => ({ categoryId: ticket.id, title: ticket.title, count, unitKobo: ticket.price, totalKobo: ticket.price * count }));

/** The partner's purchase body, exactly as it will be sent and journaled. */
export function cinemaPurchaseBody(saleId: string, selection: CinemaSelection, quote: CinemaQuote, customer: Customer, reservationIds: string[]): WireTicketPurchaseRequest {
  return {
    experience_id: quote.film.id,
    tickets: quote.lines.map(({ ticket, count }) => ({ id: ticket.id, count })),
    customer_info: { name: customer.name, email: customer.email, phone_number: customer.phone, ...(customer.dob ? { dob: customer.dob } : {}) },
    merchant_reference: saleId,
    reservation_ids: reservationIds,
    // YYYY-MM-DD, exactly as the dates endpoint gives it: the live service stores it in a DATE
    // column and answers the docs' DD-MM-YYYY with a 500 (partner-api-notes.md).
    attendance_date: selection.date,
    time_id: selection.showtimeId,
    cinema_location_id: selection.locationId,
  };
}

export function cinemaDetails(selection: CinemaSelection, quote: CinemaQuote, customer: Customer, locale: string): CinemaDetails {
  return {
    kind: 'cinema',
    title: pairTitle(quote.film.title, quote.location.name),
    subtitle: showingLabel(selection.date, quote.showtime.start, locale),
    lines: quote.lines.map(({ ticket, count }) => ({ label: ticket.title, quantity: count, unitKobo: ticket.price, totalKobo: ticket.price * count })),
    customer: { name: customer.name, email: customer.email, phone: customer.phone, dob: customer.dob ?? null },
    film: { id: quote.film.id, title: quote.film.title },
    location: { id: quote.location.id, name: quote.location.name, address: quote.location.address },
    date: selection.date,
    showtime: { id: quote.showtime.id, start: quote.showtime.start, end: quote.showtime.end },
    tickets: quote.lines.map(({ ticket, count }) => ({
      categoryId: ticket.id,
      title: ticket.title,
      count,
      unitKobo: ticket.price,
      breakdown: {
        ticketKobo: ticket.price_breakdown.ticket_price,
        convenienceFeeKobo: ticket.price_breakdown.convenience_fee,
        merchantCommissionKobo: ticket.price_breakdown.merchant_commission,
      },
    })),
  };
}
