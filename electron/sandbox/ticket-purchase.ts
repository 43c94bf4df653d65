import { z } from 'zod';
import { uuidSchema, type CinemaExperience, type TicketCategory } from './catalogue';
import { headquarters } from './catalogue-index';
import { dateOfBirthSchema, emailSchema, isInThePast, merchantReferenceSchema, nameSchema, phoneNumberSchema } from './customer-info';
import { fieldErrors, PartnerRejection, reject, success } from './envelope';
import { SandboxConnectionDropped } from './faults';
import { slotsRemaining } from './inventory';
import { parseDayMonthYear, parseIsoDate, type EpochDay } from '../../shared/dates';
import { ticketPriceAt, toNaira, unitPriceKobo } from './money';
import { holdStatus, type Hold, type SandboxTransaction, type TicketPurchaseResult } from './records';
import { newReference } from './references';
import { parseBody, readJsonBody } from './request-input';
import type { RouteHandler } from './route-context';
import { hasEnded } from './sale-window';
import { runOf, scheduleAt, showtimesOn } from './schedule';

const positiveId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

const purchaseBodySchema = z.object({
  experience_id: uuidSchema,
  tickets: z.array(z.object({ id: uuidSchema, count: z.number().int().min(1).max(1000) })).min(1).max(50),
  customer_info: z.object({
    name: nameSchema,
    email: emailSchema,
    phone_number: phoneNumberSchema,
    dob: dateOfBirthSchema.nullish(),
    username: z.string().trim().max(100).nullish(),
  }),
  reservation_ids: z.array(uuidSchema).max(50).nullish(),
  merchant_reference: merchantReferenceSchema,
  attendance_date: z.string().max(32).nullish(),
  time_id: positiveId.nullish(),
  cinema_location_id: positiveId.nullish(),
});
type PurchaseBody = z.infer<typeof purchaseBodySchema>;

type Problems = ReturnType<typeof fieldErrors>;

/** The showing a cinema purchase is for, or undefined after recording what is wrong with it. */
function checkShowing(experience: CinemaExperience, body: PurchaseBody, today: EpochDay, problems: Problems) {
  const siteId = body.cinema_location_id ?? headquarters(experience).site_id;
  if (!experience.locations.some((l) => l.site_id === siteId)) {
    problems.add('cinema_location_id', 'this film is not shown at that cinema location');
    return undefined;
  }
  if (!body.attendance_date) problems.add('attendance_date', 'is required for cinema tickets');
  if (body.time_id == null) problems.add('time_id', 'is required for cinema tickets');
  if (!body.attendance_date || body.time_id == null) return undefined;
  // The live service stores attendance_date in a DATE column: YYYY-MM-DD goes in; DD-MM-YYYY (the
  // docs' format) passes validation and then fails the insert with a 500 (see databaseRefuses).
  const isoDay = parseIsoDate(body.attendance_date);
  const day = isoDay ?? parseDayMonthYear(body.attendance_date);
  if (day === null) {
    problems.add('attendance_date', 'must be a date in the format YYYY-MM-DD');
    return undefined;
  }
  if (day < today) {
    problems.add('attendance_date', 'is in the past');
    return undefined;
  }
  const schedule = scheduleAt(experience, siteId);
  const times = schedule ? showtimesOn(schedule, runOf(experience, today), today, day) : [];
  if (times.length === 0) {
    problems.add('attendance_date', 'the film is not showing on that date at this cinema location');
    return undefined;
  }
  const time = times.find((t) => t.id === body.time_id);
  if (!time) {
    problems.add('time_id', 'is not a showtime of this film on that date at this cinema location');
    return undefined;
  }
  return { siteId, attendanceDate: body.attendance_date, time, databaseRefuses: isoDay === null };
}

/** What the live service answered when a DD-MM-YYYY attendance_date reached its DATE column. */
const databaseError = (value: string) =>
  new PartnerRejection(
    500,
    `SQLSTATE[22007]: Invalid datetime format: 1292 Incorrect date value: '${value}' for column 'attendance_date' at row 1 (SQL: insert into \`ticket_purchases\` (\`attendance_date\`) values (${value}))`,
  );

interface Line {
  ticket: TicketCategory;
  count: number;
  /** The first index of this category in the request's tickets[], for error field names. */
  index: number;
}

export const buyTickets: RouteHandler = async (parts, { request, now, today }) => {
  const body = parseBody(purchaseBodySchema, await readJsonBody(request));
  const experience = parts.index.experiences.get(body.experience_id.toLowerCase());
  if (!experience) throw reject(404, 'Experience not found.');
  const state = parts.store.state;

  const problems = fieldErrors();
  if (hasEnded(experience)) problems.add('experience_id', 'this experience has ended');
  if (body.customer_info.dob && !isInThePast(body.customer_info.dob, today)) problems.add('customer_info.dob', 'must be in the past');
  const lines = new Map<string, Line>();
  body.tickets.forEach((wanted, index) => {
    const ticket = experience.tickets.find((t) => t.id.toLowerCase() === wanted.id.toLowerCase());
    if (!ticket) return problems.add(`tickets.${index}.id`, 'is not a ticket category of this experience');
    const line = lines.get(ticket.id);
    if (line) line.count += wanted.count;
    else lines.set(ticket.id, { ticket, count: wanted.count, index });
  });
  const showing = experience.cinema ? checkShowing(experience, body, today, problems) : undefined;
  problems.throwIfAny();

  const reservationIds = new Set((body.reservation_ids ?? []).map((id) => id.toLowerCase()));
  const holds = checkReservations(reservationIds, lines, state.holds, now);

  const short = fieldErrors();
  let soldOut = true;
  for (const { ticket, count, index } of lines.values()) {
    const available = slotsRemaining(state, ticket, now, reservationIds);
    if (count <= available) continue;
    if (available > 0) soldOut = false;
    short.add(`tickets.${index}.count`, available > 0 ? `not enough ${ticket.title} tickets: only ${available} left` : `${ticket.title} is sold out`);
  }
  short.throwIfAny(soldOut ? 'Sold out: no tickets left in the chosen category.' : 'Not enough tickets left for this purchase.');

  const siteId = showing?.siteId;
  const units = [...lines.values()].map(({ ticket, count }) => ({ ticket, count, kobo: unitPriceKobo(ticketPriceAt(ticket, siteId)) }));
  const amount = toNaira(units.reduce((sum, u) => sum + u.kobo * u.count, 0));
  const details: TicketPurchaseResult = {
    reference: newReference('EX', state),
    invoice_id: state.next_invoice_id,
    name: body.customer_info.name,
    email: body.customer_info.email,
    phone_number: body.customer_info.phone_number,
    merchant_reference: body.merchant_reference ?? null,
    amount,
    tickets: units.flatMap(({ ticket, count, kobo }) => Array.from({ length: count }, () => ({ id: ticket.id, title: ticket.title, price: toNaira(kobo) }))),
    experience: { id: experience.id, title: experience.title },
    ...(showing && {
      showtime: {
        attendance_date: showing.attendanceDate,
        time_id: showing.time.id,
        start: showing.time.start,
        end: showing.time.end,
        cinema_location: { id: showing.siteId, name: parts.index.sites.get(showing.siteId)?.name ?? '' },
      },
    }),
  };
  const transaction: SandboxTransaction = {
    reference: details.reference,
    merchant_reference: details.merchant_reference,
    type: 'experience',
    status: 'successful',
    amount,
    invoice_id: details.invoice_id,
    created_at: now.toISOString(),
    details,
  };
  // The insert fails as a whole: nothing is sold, no hold is used, no reference is spent.
  if (showing?.databaseRefuses) throw databaseError(showing.attendanceDate);
  parts.store.commit((s) => {
    for (const { ticket, count } of lines.values()) s.sold_tickets[ticket.id] = (s.sold_tickets[ticket.id] ?? 0) + count;
    for (const hold of holds) hold.status = 'converted';
    s.transactions.push(transaction);
    s.next_invoice_id += 1;
  });
  if (parts.faults.takeDrop()) throw new SandboxConnectionDropped();
  return success(201, 'Tickets purchased successfully', details);
};

/** Reservations named by a purchase must exist, be active, and cover every ticket bought. */
function checkReservations(ids: ReadonlySet<string>, lines: Map<string, Line>, all: Hold[], now: Date): Hold[] {
  if (ids.size === 0) return [];
  const problems = fieldErrors();
  const holds: Hold[] = [];
  for (const id of ids) {
    const hold = all.find((h) => h.reservation_id === id);
    if (!hold) {
      problems.add('reservation_ids', `reservation ${id} was not found`);
      continue;
    }
    const status = holdStatus(hold, now);
    if (status === 'expired') throw reject(422, 'Reservation expired', { reservation_ids: ['reservation expired'] });
    if (status === 'released') problems.add('reservation_ids', `reservation ${id} was released`);
    else if (status === 'converted') problems.add('reservation_ids', `reservation ${id} has already been used`);
    else if (!lines.has(hold.resource_id)) problems.add('reservation_ids', `reservation ${id} is for a ticket not in this purchase`);
    holds.push(hold);
  }
  problems.throwIfAny();
  for (const { ticket, count, index } of lines.values()) {
    const reserved = holds.filter((h) => h.resource_id === ticket.id).reduce((sum, h) => sum + h.quantity, 0);
    if (reserved < count) problems.add(`tickets.${index}.count`, `only ${reserved} ${ticket.title} reserved`);
  }
  problems.throwIfAny('The reservations do not cover the tickets.');
  return holds;
}
