import type { CinemaExperience, Experience } from './catalogue';
import { headquarters } from './catalogue-index';
import { reject, success } from './envelope';
import { experienceView, ticketView } from './experience-view';
import { slotsRemaining } from './inventory';
import { calendarParts, daysInMonth, epochDay, isoDate, parseMonth, type EpochDay } from '../../shared/dates';
import { hashString } from './prng';
import { integerIdParam, paginate, queryBoolean, queryPaging, queryString, uuidPathParam } from './request-input';
import type { RouteHandler, RouteRequest, SandboxParts } from './route-context';
import { runOf, scheduleAt, showtimesOn } from './schedule';
import { hasEnded } from './sale-window';

const SORTS = ['just_added', 'upcoming', 'randomly'] as const;
type Sort = (typeof SORTS)[number];

function firstDay(experience: Experience, today: EpochDay): EpochDay {
  return experience.cinema ? Math.max(today, today + experience.run.start_offset) : today + experience.start_offset;
}

function matchesSearch(experience: Experience, term: string, parts: SandboxParts): boolean {
  if (experience.title.toLowerCase().includes(term)) return true;
  if (!experience.cinema) return false;
  return experience.locations.some((location) => {
    const site = parts.index.sites.get(location.site_id);
    return site !== undefined && (site.city.toLowerCase().includes(term) || site.state.toLowerCase().includes(term));
  });
}

export const listExperiences: RouteHandler = (parts, { url, today }) => {
  const cinema = queryBoolean(url, 'cinema');
  const featured = queryBoolean(url, 'featured');
  const search = queryString(url, 'search')?.toLowerCase();
  const businessId = queryString(url, 'business_id')?.toLowerCase();
  const categoryId = queryString(url, 'category_id')?.toLowerCase();
  const sortedBy = queryString(url, 'sorted_by');
  if (sortedBy !== undefined && !SORTS.includes(sortedBy as Sort)) {
    throw reject(422, 'The given data was invalid.', { sorted_by: [`must be one of ${SORTS.join(', ')}`] });
  }
  const paging = queryPaging(url);

  // cinema=true selects cinema items and cinema=false the regular ones (the two kinds of the
  // spec); featured=false does not filter: the spec only defines what `true` selects.
  const matches = parts.index.catalogue.experiences.filter(
    (e) =>
      !hasEnded(e) && // details still answer for ended ones, for old links
      (cinema === undefined || e.cinema === cinema) &&
      (featured !== true || e.featured) &&
      (businessId === undefined || e.business.id.toLowerCase() === businessId) &&
      (categoryId === undefined || e.category.id.toLowerCase() === categoryId) &&
      (search === undefined || matchesSearch(e, search, parts)),
  );
  const sorted = sortExperiences(matches, sortedBy as Sort | undefined, today);
  const page = paginate(sorted, paging);
  return success(200, 'Experiences retrieved successfully', {
    experiences: page.items.map((e) => experienceView(e, parts.index, today)),
    next_page: page.next_page,
    count: page.count,
    per_page: page.per_page,
  });
};

function sortExperiences(items: Experience[], sort: Sort | undefined, today: EpochDay): Experience[] {
  const keyed = items.map((e, position) => ({ e, position }));
  const by = (key: (e: Experience) => number) => keyed.sort((a, b) => key(a.e) - key(b.e) || a.position - b.position).map((k) => k.e);
  switch (sort) {
    case 'just_added':
      return by((e) => -e.created_offset_days);
    case 'upcoming':
      return by((e) => firstDay(e, today));
    case 'randomly':
      // A different order each day, but stable within the day so pages do not overlap.
      return by((e) => hashString(`${today}:${e.id}`));
    case undefined:
      return items;
  }
}

function findExperience(parts: SandboxParts, rawId: string): Experience {
  const id = uuidPathParam(rawId, 'experience_id', 'experience id');
  const experience = parts.index.experiences.get(id);
  if (!experience) throw reject(404, 'Experience not found.');
  return experience;
}

export const experienceDetails: RouteHandler = (parts, { params, today }) => {
  const experience = findExperience(parts, params[0] ?? '');
  return success(200, 'Experience retrieved successfully', experienceView(experience, parts.index, today));
};

/** The cinema location a request names, or the headquarters when it names none. */
function locationFor(experience: CinemaExperience, request: RouteRequest): number {
  const raw = request.url.searchParams.get('cinema_location_id')?.trim();
  if (!raw) return headquarters(experience).site_id;
  const siteId = integerIdParam(raw, 'cinema_location_id', 'cinema location id');
  if (!experience.locations.some((l) => l.site_id === siteId)) throw reject(404, 'This film is not shown at that cinema location.');
  return siteId;
}

export const cinemaDates: RouteHandler = (parts, request) => {
  const experience = findExperience(parts, request.params[0] ?? '');
  const month = parseMonth(request.params[1] ?? '');
  if (month === null) {
    throw reject(400, 'The month is not valid.', { month: ['must be a lowercase English month name (e.g. november) or a number from 1 to 12'] });
  }
  if (!experience.cinema) throw reject(422, 'Show dates exist only for cinema experiences.', { experience_id: ['is not a cinema experience'] });
  const siteId = locationFor(experience, request);
  const { today } = request;
  const schedule = scheduleAt(experience, siteId);
  const run = runOf(experience, today);
  const current = calendarParts(today);
  const year = month >= current.month ? current.year : current.year + 1;
  const first = epochDay(year, month, 1) ?? today;
  const last = first + daysInMonth(year, month) - 1;
  const dates: string[] = [];
  for (let day = Math.max(first, today); schedule && day <= last; day++) {
    if (showtimesOn(schedule, run, today, day).length > 0) dates.push(isoDate(day));
  }
  return success(200, 'Show dates retrieved successfully', dates);
};

export const ticketCategories: RouteHandler = (parts, request) => {
  const experience = findExperience(parts, request.params[0] ?? '');
  let siteId: number | undefined;
  if (experience.cinema) siteId = locationFor(experience, request);
  else {
    // Regular experiences have one price list; a location id is only checked for form.
    const raw = request.url.searchParams.get('cinema_location_id')?.trim();
    if (raw) integerIdParam(raw, 'cinema_location_id', 'cinema location id');
  }
  const state = parts.store.state;
  return success(200, 'Tickets retrieved successfully', {
    tickets: experience.tickets.map((ticket) => ticketView(ticket, siteId, slotsRemaining(state, ticket, request.now))),
  });
};
