import { z } from 'zod';
import { dateOfBirthSchema, emailSchema, isInThePast, merchantReferenceSchema, nameSchema, phoneNumberSchema } from './customer-info';
import { fieldErrors, reject, success } from './envelope';
import { SandboxConnectionDropped } from './faults';
import { roomsLeft } from './inventory';
import { parseIsoDate } from '../../shared/dates';
import { roomPriceKobo, toNaira } from './money';
import type { HotelBookingResult, SandboxTransaction } from './records';
import { newBookingNumber, newReference } from './references';
import { parseBody, readJsonBody } from './request-input';
import type { RouteHandler } from './route-context';

const isoDateField = z.string().refine((v) => parseIsoDate(v) !== null, 'must be a date in the format YYYY-MM-DD');

const bookingBodySchema = z.object({
  room_id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  number_of_guests: z.number().int().min(1).max(1000),
  number_of_rooms: z.number().int().min(1).max(1000),
  checkin_date: isoDateField,
  checkout_date: isoDateField,
  // The docs ask only for the e-mail; the live service refused bookings without the rest.
  customer_info: z.object({ name: nameSchema, email: emailSchema, phone_number: phoneNumberSchema, dob: dateOfBirthSchema }),
  merchant_reference: merchantReferenceSchema,
});

/** Served at both /hotels/buy and /hotels/book: the docs use both. There is no hold for rooms. */
export const bookRoom: RouteHandler = async (parts, { request, now, today }) => {
  const body = parseBody(bookingBodySchema, await readJsonBody(request));
  const found = parts.index.rooms.get(body.room_id);
  if (!found) throw reject(404, 'Room not found.');
  const { room, hotel } = found;
  const state = parts.store.state;
  const checkin = parseIsoDate(body.checkin_date) ?? today;
  const checkout = parseIsoDate(body.checkout_date) ?? today;
  const left = roomsLeft(state, room);

  const problems = fieldErrors();
  if (hotel.status !== 'active') problems.add('room_id', 'this property is not taking bookings');
  else if (!room.is_available || left === 0) problems.add('room_id', 'this room is not available');
  if (checkin < today) problems.add('checkin_date', 'must not be in the past');
  if (checkout <= checkin) problems.add('checkout_date', 'must be after the check-in date');
  if (body.number_of_rooms > left) problems.add('number_of_rooms', left > 0 ? `only ${left} rooms of this type are left` : 'no rooms of this type are left');
  if (body.number_of_guests > room.max_occupancy * body.number_of_rooms) {
    problems.add('number_of_guests', `at most ${room.max_occupancy} guests per room (${room.max_occupancy * body.number_of_rooms} for ${body.number_of_rooms} rooms)`);
  }
  if (!isInThePast(body.customer_info.dob, today)) problems.add('customer_info.dob', 'must be in the past');
  problems.throwIfAny();

  const nights = checkout - checkin;
  const nightlyKobo = roomPriceKobo(room);
  const amount = toNaira(nightlyKobo * nights * body.number_of_rooms);
  const details: HotelBookingResult = {
    reference: newReference('HTL', state),
    invoice_id: state.next_invoice_id,
    booking_number: newBookingNumber(),
    name: body.customer_info.name,
    email: body.customer_info.email,
    phone_number: body.customer_info.phone_number,
    merchant_reference: body.merchant_reference ?? null,
    hotel: { id: hotel.id, name: hotel.name, location: hotel.location },
    room: { id: room.id, room_name: room.room_name },
    checkin_date: body.checkin_date,
    checkout_date: body.checkout_date,
    number_of_nights: nights,
    number_of_rooms: body.number_of_rooms,
    number_of_guests: body.number_of_guests,
    price_per_night: toNaira(nightlyKobo),
    amount,
  };
  const transaction: SandboxTransaction = {
    reference: details.reference,
    merchant_reference: details.merchant_reference,
    type: 'hotel',
    status: 'successful',
    amount,
    invoice_id: details.invoice_id,
    created_at: now.toISOString(),
    details,
  };
  parts.store.commit((s) => {
    s.booked_rooms[String(room.id)] = (s.booked_rooms[String(room.id)] ?? 0) + body.number_of_rooms;
    s.transactions.push(transaction);
    s.next_invoice_id += 1;
  });
  if (parts.faults.takeDrop()) throw new SandboxConnectionDropped();
  return success(201, 'Booking successful', details);
};
