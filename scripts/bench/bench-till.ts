import { createPos, type Pos, type PosDeps } from '../../electron/app/create-pos';
import { loadConfig } from '../../electron/core/config/load';
import type { PosConfig } from '../../electron/core/config/schema';
import { silentLogger } from '../../electron/core/logger';
import { createFileSecretStore } from '../../electron/core/secrets';
import { journalFile, openJournal, type Journal } from '../../electron/journal';
import { createPartnerClient, type PartnerClient } from '../../electron/partner/client';
import { SANDBOX_DEFAULT_API_KEY, type Sandbox } from '../../electron/sandbox';
import type { HealthItem } from '../../shared/app';
import { addDays, lagosDate } from '../../shared/dates';
import type { HotelSelection } from '../../shared/sales/checkout';
import { ok, value } from './results';

/** The customer every benched sale is for (and the phone as the partner is sent it). */
export const benchCustomer = { name: 'Oluwaseun Adebayo', email: 'seun.adebayo@example.ng', phone: '0803 123 4567', dob: '1990-05-17' };
export const benchPhoneNumber = '+2348031234567';

/** The partner client on the in-process sandbox: a loopback URL the config's rules accept; nothing listens there. */
export const sandboxPartner = (sandbox: Sandbox): PartnerClient =>
  createPartnerClient({ baseUrl: 'http://127.0.0.1:9', apiKey: () => SANDBOX_DEFAULT_API_KEY, fetch: sandbox.fetch, timeoutMs: 30_000, retry: { attempts: 1, baseDelayMs: 0 } });

export interface BenchTillOptions {
  partner: PartnerClient;
  profile?: 'kiosk';
  /** Changes to the loaded settings (a printer address). */
  configure?: (config: PosConfig) => PosConfig;
  /** Sees the journal before the till does (to note when sales commit). */
  journal?: (journal: Journal) => void;
  /** What differs from the bench's till (a card terminal, a printer made from the settings). */
  deps?: Partial<PosDeps> | ((config: PosConfig) => Partial<PosDeps>);
}

/**
 * A till as the app composes it (createPos with a real journal file in `dataDir`), on the partner
 * given, with a silent log and no probes but the ones `deps` brings.
 */
export function openBenchTill(dataDir: string, options: BenchTillOptions): { pos: Pos; config: PosConfig } {
  const loaded = loadConfig({ env: {}, flags: { 'data-dir': dataDir, 'partner-url': 'http://127.0.0.1:9', ...(options.profile && { profile: options.profile }) } });
  if (!loaded.ok) throw new Error(loaded.message);
  const config = options.configure ? options.configure(loaded.config) : loaded.config;
  const journal = openJournal({ file: journalFile(dataDir), terminalId: config.terminal.id });
  if (!journal.ok) throw new Error(journal.error.message);
  options.journal?.(journal.value);
  const idle = async (): Promise<HealthItem> => ({ state: 'ok', label: 'Idle', detail: 'Not measured.' });
  const pos = createPos(config, {
    version: 'bench',
    logger: silentLogger,
    secrets: createFileSecretStore({ dataDir, env: { POS_API_KEY: SANDBOX_DEFAULT_API_KEY } }),
    partner: options.partner,
    probes: { printer: idle },
    journal,
    onClose: () => journal.value.close(),
    ...(typeof options.deps === 'function' ? options.deps(config) : options.deps),
  });
  return { pos, config };
}

/** A supervisor set up and a shift open: the till can sell. */
export async function readyToSell(pos: Pos) {
  value(await pos.api['staff:setup']({ name: 'Bench Supervisor', pin: '2468' }));
  value(await pos.api['shift:open']({ floatKobo: 0 }));
}

/** Two nights from tomorrow in the sandbox's first hotel, in a room with stock for many bookings. */
export async function findStay(pos: Pos): Promise<HotelSelection> {
  const { rooms } = value(await pos.api['hotels:rooms']({ hotelId: 1, perPage: 100 }));
  const room = rooms.find((r) => r.isAvailable && r.roomsLeft >= 16);
  if (!room) throw new Error('bench: no hotel room to book');
  const checkIn = addDays(lagosDate(new Date()), 1);
  return { hotelId: 1, roomId: room.id, checkIn, checkOut: addDays(checkIn, 2), guests: 2, rooms: 1 };
}

/** The partner calls the app makes for a booking, made directly: rooms read fresh, then the booking. */
export async function rawHotelBooking(partner: PartnerClient, stay: HotelSelection, saleId: string) {
  await ok(partner.listRooms(stay.hotelId, { page: 1, perPage: 100 }));
  await ok(
    partner.bookHotel({
      room_id: stay.roomId,
      number_of_guests: stay.guests,
      number_of_rooms: stay.rooms,
      checkin_date: stay.checkIn,
      checkout_date: stay.checkOut,
      customer_info: { name: benchCustomer.name, email: benchCustomer.email, phone_number: benchPhoneNumber, dob: benchCustomer.dob },
      merchant_reference: saleId,
    }),
  );
}
