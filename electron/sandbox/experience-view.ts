import type { CinemaExperience, Experience, TicketCategory } from './catalogue';
import type { CatalogueIndex } from './catalogue-index';
import { isoDate, lagosMidnight, type EpochDay } from '../../shared/dates';
import { ticketPriceAt, toNaira, unitPriceKobo } from './money';
import { placeholderImage } from './placeholder-images';
import { runOf, scheduleView, showingOf, defaultSchedule } from './schedule';

/** Wire objects for experiences and ticket categories, as of `today`. */

function cinemaInfo(experience: CinemaExperience, index: CatalogueIndex, today: EpochDay) {
  const run = runOf(experience, today);
  const schedule = defaultSchedule(experience);
  const shared = experience.shared_times ? scheduleView(experience.schedule, run, today) : scheduleView(undefined, run, today);
  return {
    ...(schedule ? showingOf(schedule) : { showing: 'daily', per_day_times: false }),
    shared_times: experience.shared_times,
    start_date: isoDate(run.start),
    end_date: isoDate(run.end),
    ...shared,
    locations: experience.locations.map((location) => {
      const site = index.sites.get(location.site_id);
      return {
        id: location.site_id,
        name: site?.name ?? '',
        is_headquarters: location.is_headquarters,
        address: site?.address ?? '',
        city: site?.city ?? '',
        state: site?.state ?? '',
        ...scheduleView(experience.shared_times ? undefined : location.schedule, run, today),
      };
    }),
  };
}

export function experienceView(experience: Experience, index: CatalogueIndex, today: EpochDay) {
  const base = {
    id: experience.id,
    title: experience.title,
    description: experience.description,
    image: [{ image: placeholderImage(experience.title, 'poster') }],
    business: experience.business,
    category: experience.category,
    featured: experience.featured,
    cinema: experience.cinema,
    created_at: new Date(lagosMidnight(today + experience.created_offset_days).getTime() + 10 * 3600_000).toISOString(),
  };
  if (experience.cinema) {
    return {
      ...base,
      duration_minutes: experience.duration_minutes,
      rating: experience.rating,
      genre: experience.genre,
      cinema_info: cinemaInfo(experience, index, today),
    };
  }
  return {
    ...base,
    start_date: isoDate(today + experience.start_offset),
    end_date: isoDate(today + experience.end_offset),
    venue: experience.venue,
  };
}

export function ticketView(ticket: TicketCategory, siteId: number | undefined, slotsRemaining: number) {
  const breakdown = ticketPriceAt(ticket, siteId);
  return {
    id: ticket.id,
    title: ticket.title,
    price: toNaira(unitPriceKobo(breakdown)),
    slots_remaining: slotsRemaining,
    price_breakdown: {
      ticket_price: breakdown.ticket_price,
      convenience_fee: breakdown.convenience_fee,
      merchant_commission: breakdown.merchant_commission,
    },
  };
}
