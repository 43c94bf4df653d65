import { journalFile, openJournal, type Journal, type JournalOptions } from '../../electron/journal';
import { createPartnerClient, type PartnerClientOptions } from '../../electron/partner/client';
import { loadConfig } from '../../electron/core/config/load';
import type { PosConfig } from '../../electron/core/config/schema';
import { createPos, type Pos } from '../../electron/app/create-pos';
import { silentLogger } from '../../electron/core/logger';
import { createFileSecretStore } from '../../electron/core/secrets';
import type { SalesTuning } from '../../electron/sales';
import { instantTerminal } from './terminal-fixture';
import { createSandbox, SANDBOX_DEFAULT_API_KEY, startSandboxServer, type Sandbox, type SandboxServer } from '../../electron/sandbox';
import type { HealthItem, TerminalProfile } from '../../shared/app';
import { addDays, lagosDate } from '../../shared/dates';
import type { Result } from '../../shared/result';
import type { CinemaSelection, HotelSelection } from '../../shared/sales/checkout';
import { tempFolder } from './temp-folder';

/**
 * What the sales tests share: the sandbox partner over real HTTP (with hooks around purchases, so
 * a fault can hit the purchase itself and not the reads before it), a till built by createPos on
 * a real journal file, and ways to find something to sell.
 */

export function value<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`expected success, got ${JSON.stringify(result.error)}`);
  return result.value;
}

export function failure<T>(result: Result<T>) {
  if (result.ok) throw new Error(`expected a failure, got ${JSON.stringify(result.value).slice(0, 300)}`);
  return result.error;
}

/** What happens to the next purchases/bookings (each entry is used once, in order). */
export interface PurchaseFaultSpec {
  /** 503 before anything is committed (the sandbox's own fault). */
  failBefore?: boolean;
  /** 500 before anything is committed: the till cannot tell this from a failure after. */
  error500Before?: boolean;
  /** Anything to do first, e.g. another buyer taking the last room. */
  before?: () => Promise<void>;
  /** Runs once the sandbox committed, before anything is answered. */
  afterCommit?: () => void;
  /** Commits, then never answers (the client times out). */
  hang?: boolean;
  /** Commits, then answers 500. */
  error500?: boolean;
  /** Rewrites the 201 answer's envelope. */
  answer?: (envelope: any) => any;
}
export type PurchaseFault = 'fail-before' | 'hang-after-commit' | 'error-after-commit' | PurchaseFaultSpec;

const specOf = (fault: PurchaseFault | undefined): PurchaseFaultSpec =>
  fault === 'fail-before' ? { failBefore: true } : fault === 'hang-after-commit' ? { hang: true } : fault === 'error-after-commit' ? { error500: true } : (fault ?? {});

export interface SalesPartner {
  sandbox: Sandbox;
  server: SandboxServer;
  url: string;
  /** Purchases and bookings that reached the sandbox, answered or not. */
  purchaseAttempts(): number;
  /** Every partner request that reached the sandbox. */
  requests(): number;
  faults: PurchaseFault[];
  /** Moves the sandbox's clock (holds expire, "today" changes) without touching ours. */
  shiftClock(ms: number): void;
  /** Called after a purchase committed, before its answer is sent (crash tests kill there). */
  afterCommit: ((request: { merchantReference: string | null }) => Promise<void>) | null;
  close(): Promise<void>;
}

const purchasePath = /\/(experience\/buy\/tickets|hotels\/(buy|book))$/;

export async function startSalesPartner(): Promise<SalesPartner> {
  let offsetMs = 0;
  let attempts = 0;
  let requests = 0;
  const sandbox = createSandbox({ clock: () => new Date(Date.now() + offsetMs) });
  const partner: Omit<SalesPartner, 'server' | 'url' | 'close'> = {
    sandbox,
    purchaseAttempts: () => attempts,
    requests: () => requests,
    faults: [],
    shiftClock: (ms) => {
      offsetMs += ms;
    },
    afterCommit: null,
  };

  const handle = async (request: Request): Promise<Response> => {
    requests += 1;
    if (request.method !== 'POST' || !purchasePath.test(new URL(request.url).pathname)) return sandbox.handle(request);
    attempts += 1;
    const fault = specOf(partner.faults.shift());
    if (fault.failBefore) sandbox.faults.set({ failNext: 1 });
    await fault.before?.();
    if (fault.error500Before) return Response.json({ success: false, status: 500, message: 'Server Error' }, { status: 500 });
    const merchantReference = ((await request.clone().json()) as { merchant_reference?: string }).merchant_reference ?? null;
    const response = await sandbox.handle(request);
    if (response.status === 201) {
      fault.afterCommit?.();
      if (partner.afterCommit) await partner.afterCommit({ merchantReference });
    }
    if (fault.hang) {
      await new Promise<never>((_, reject) => {
        if (request.signal.aborted) reject(request.signal.reason);
        request.signal.addEventListener('abort', () => reject(request.signal.reason), { once: true });
      });
    }
    if (fault.error500) return Response.json({ success: false, status: 500, message: 'Server Error' }, { status: 500 });
    if (fault.answer && response.status === 201) return Response.json(fault.answer(await response.json()), { status: 201 });
    return response;
  };

  const server = await startSandboxServer({ sandbox: { ...sandbox, handle }, port: 0 });
  // The same object the hooks read, so a test can set afterCommit and push faults on it.
  return Object.assign(partner, { server, url: server.url, close: () => server.close() });
}

/** Purchases the sandbox holds under one merchant reference (our sale id). */
export const purchasesOf = (sandbox: Sandbox, saleId: string) => sandbox.transactions().filter((t) => t.merchant_reference === saleId);

export interface Till {
  pos: Pos;
  journal: Journal;
  dataDir: string;
  close(): Promise<void>;
}

export const fastTuning: Partial<SalesTuning> = {
  settleWindowMs: 400,
  reconcileDelaysMs: [30, 60, 120],
  recoveryProbeMs: 100,
  pinLockMs: 30_000,
};

/** Through the real loader with its defaults, so settings added later need no change here. */
export function tillConfig(dataDir: string, profile: TerminalProfile = 'counter', baseUrl = 'http://127.0.0.1:1'): PosConfig {
  const loaded = loadConfig({ env: {}, flags: { 'data-dir': dataDir, profile, 'partner-url': baseUrl, 'partner-timeout-ms': '1000' } });
  if (!loaded.ok) throw new Error(loaded.message);
  return loaded.config;
}

const idle = async (): Promise<HealthItem> => ({ state: 'ok', label: 'Idle', detail: 'Not part of this test.' });

/** A till on a fresh (or given) data folder, talking to `url` with a short timeout. */
export function openTill(options: {
  url: string;
  dataDir?: string;
  profile?: TerminalProfile;
  clock?: () => Date;
  tuning?: Partial<SalesTuning>;
  journal?: Partial<JournalOptions>;
  timeoutMs?: number;
  /** Partner client options over the defaults here (prefixes, a recording fetch). */
  partner?: Partial<PartnerClientOptions>;
}): Till {
  const dataDir = options.dataDir ?? tempFolder('lobby-sales-');
  const config = tillConfig(dataDir, options.profile, options.url);
  const opened = openJournal({ file: journalFile(dataDir), terminalId: 'T01', clock: options.clock, ...options.journal });
  if (!opened.ok) throw new Error(`journal did not open: ${opened.error.message}`);
  const journal = opened.value;
  const partner = createPartnerClient({
    baseUrl: options.url,
    apiKey: () => SANDBOX_DEFAULT_API_KEY,
    timeoutMs: options.timeoutMs ?? 1000,
    retry: { attempts: 2, baseDelayMs: 5 },
    clock: options.clock,
    ...options.partner,
  });
  const pos = createPos(config, {
    version: '0.0.0-test',
    logger: silentLogger,
    secrets: createFileSecretStore({ dataDir, env: { POS_API_KEY: SANDBOX_DEFAULT_API_KEY } }),
    partner,
    probes: { printer: idle },
    journal: opened,
    clock: options.clock,
    salesTuning: { ...fastTuning, ...options.tuning },
    // A kiosk takes cards only at a card terminal: a simulated one that approves at once.
    ...(options.profile === 'kiosk' ? { cardTerminal: instantTerminal() } : {}),
    onClose: () => journal.close(),
  });
  return { pos, journal, dataDir, close: () => pos.close() };
}

/** A supervisor signed in (set up on a fresh till) and a shift open with a float. */
export async function readyToSell(pos: Pos, floatKobo = 1_000_000): Promise<{ id: number; name: string }> {
  const status = value(await pos.api['staff:status']({}));
  const supervisor = status.needsFirstSupervisor
    ? value(await pos.api['staff:setup']({ name: 'Bola Adeyemi', pin: '2468' }))
    : value(await pos.api['staff:sign-in']({ staffId: 1, pin: '2468' }));
  const current = value(await pos.api['shift:current']({}));
  if (!current.report) value(await pos.api['shift:open']({ floatKobo }));
  return supervisor;
}

/** A film showing at one of its cinemas within the next week, with its ticket categories. */
export async function findShowing(pos: Pos, search = 'Harmattan Heart') {
  const films = value(await pos.api['cinema:films']({ search }));
  const film = films.films.find((f) => f.title === search) ?? films.films[0];
  if (!film) throw new Error(`no film found for ${search}`);
  for (const location of film.locations) {
    for (let day = 1; day <= 7; day++) {
      const date = addDays(lagosDate(new Date()), day);
      const { showtimes } = value(await pos.api['cinema:showtimes']({ filmId: film.id, locationId: location.id, date }));
      const showtime = showtimes[0];
      if (!showtime) continue;
      const { categories } = value(await pos.api['cinema:tickets']({ filmId: film.id, locationId: location.id }));
      return { film, location, date, showtime, categories };
    }
  }
  throw new Error(`${film.title} is not showing in the next week`);
}

export function selectionOf(showing: Awaited<ReturnType<typeof findShowing>>, tickets: Array<[title: string, count: number]>): CinemaSelection {
  return {
    filmId: showing.film.id,
    locationId: showing.location.id,
    date: showing.date,
    showtimeId: showing.showtime.id,
    tickets: tickets.map(([title, count]) => {
      const category = showing.categories.find((c) => c.title === title);
      if (!category) throw new Error(`no ${title} tickets`);
      return { categoryId: category.id, count };
    }),
  };
}

/** A stay in an available room of the first hotel that has one with at least `roomsLeft` left. */
export async function findStay(pos: Pos, options: { roomsLeft?: number; maxRoomsLeft?: number; skipRooms?: number[] } = {}): Promise<{ selection: HotelSelection; priceKobo: number; roomsLeft: number }> {
  const hotels = value(await pos.api['hotels:list']({ availableRoomsOnly: true, perPage: 100 }));
  for (const hotel of hotels.hotels) {
    const { rooms } = value(await pos.api['hotels:rooms']({ hotelId: hotel.id, perPage: 100 }));
    const room = rooms.find(
      (r) => r.isAvailable && r.roomsLeft >= (options.roomsLeft ?? 1) && r.roomsLeft <= (options.maxRoomsLeft ?? Infinity) && !options.skipRooms?.includes(r.id),
    );
    if (!room) continue;
    const checkIn = addDays(lagosDate(new Date()), 1);
    return {
      selection: { hotelId: hotel.id, roomId: room.id, checkIn, checkOut: addDays(checkIn, 2), guests: Math.min(2, room.maxOccupancy), rooms: 1 },
      priceKobo: room.priceKobo,
      roomsLeft: room.roomsLeft,
    };
  }
  throw new Error('no hotel room to book');
}

export const customer = { name: 'Chiamaka Eze', email: 'chiamaka@example.com', phone: '0803 123 4567', dob: '1990-04-12' };

let saleCounter = 0;
export const newSaleId = (prefix = 'S') => `${prefix}-${process.pid}-${Date.now().toString(36)}-${(++saleCounter).toString(36)}`;
