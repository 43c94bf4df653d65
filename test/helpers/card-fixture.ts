import fs from 'node:fs';
import path from 'node:path';
import { createPos, type Pos } from '../../electron/app/create-pos';
import { loadConfig } from '../../electron/core/config/load';
import type { PosConfig } from '../../electron/core/config/schema';
import { silentLogger } from '../../electron/core/logger';
import { createFileSecretStore } from '../../electron/core/secrets';
import { journalFile, openJournal, type Journal } from '../../electron/journal';
import { createPartnerClient } from '../../electron/partner/client';
import { chooseTerminal } from '../../electron/payments/choose-terminal';
import type { CardPaymentsTuning } from '../../electron/payments/card-payments';
import { paystackKeyFileName } from '../../electron/payments/paystack/paystack-secret';
import type { SalesTuning } from '../../electron/sales';
import { catalogueSchema, createSandbox, generateHotels, loadSeedCatalogue, SANDBOX_DEFAULT_API_KEY, startSandboxServer, type Catalogue, type Sandbox, type SandboxServer } from '../../electron/sandbox';
import type { TerminalProfile } from '../../shared/app';
import { addDays, lagosDate } from '../../shared/dates';
import { fastTerminal, type TerminalRig } from './terminal-fixture';
import { tempFolder } from './temp-folder';

/**
 * Card sales end to end: the sandbox partner over HTTP with a catalogue whose prices script the
 * terminal's outcomes by their last kobo digits, and a till whose card terminal is the Paystack
 * adapter pointed at the simulated terminal over HTTP (what a live till does with api.paystack.co).
 */

/** One ticket of each category totals these kobo endings: which outcome the simulated terminal gives. */
export const scriptedTickets = {
  'Harmattan Heart': { Regular: 'approved', VIP: 'insufficient-funds', Student: 'wrong-pin', 'Twin Seat': 'approved-answer-lost' },
  'Eko Nights': { Regular: 'declined', VIP: 'issuer-unavailable', Student: 'approved' },
} as const;

const endings: Record<string, number> = { approved: 0, declined: 0.01, 'insufficient-funds': 0.51, 'wrong-pin': 0.55, 'issuer-unavailable': 0.91, 'approved-answer-lost': 0.99 };

export function scriptedCatalogue(): Catalogue {
  const catalogue = structuredClone(loadSeedCatalogue());
  for (const [title, categories] of Object.entries(scriptedTickets)) {
    const film = catalogue.experiences.find((e) => e.title === title)!;
    for (const [category, outcome] of Object.entries(categories)) {
      const ticket = film.tickets.find((t) => t.title === category)!;
      ticket.price = { ...ticket.price, ticket_price: Math.round(ticket.price.ticket_price) + endings[outcome]! };
    }
  }
  return catalogue;
}

export interface CardPartner {
  sandbox: Sandbox;
  /** What the sandbox sells. */
  catalogue: Catalogue;
  /** A showing of Harmattan Heart in the coming week (no tickets chosen). */
  showing: { filmId: string; locationId: number; date: string; showtimeId: number } | null;
  server: SandboxServer;
  url: string;
  close(): Promise<void>;
}

/** Purchases whose merchant_reference starts with this are refused by the partner (422), as a sold-out room would be. */
export const refusedPrefix = 'REFUSE-';
/** Purchases whose merchant_reference starts with this never reach the partner's books: a 502 from a gateway, and no record to look up. */
export const lostPrefix = 'LOST-';

export async function startCardPartner(options: { hotels?: number } = {}): Promise<CardPartner> {
  const catalogue = options.hotels === undefined ? scriptedCatalogue() : catalogueSchema.parse({ ...scriptedCatalogue(), ...generateHotels(options.hotels) });
  const sandbox = createSandbox({ catalogue });
  const handle = async (request: Request): Promise<Response> => {
    if (request.method === 'POST' && /\/(buy|book)(\/tickets)?$/.test(new URL(request.url).pathname)) {
      const body = (await request.clone().json().catch(() => ({}))) as { merchant_reference?: string };
      if (body.merchant_reference?.startsWith(refusedPrefix)) {
        return Response.json({ success: false, status: 422, message: 'The given data was invalid.', errors: { room_id: ['The room is no longer available.'] } }, { status: 422 });
      }
      if (body.merchant_reference?.startsWith(lostPrefix)) return new Response('<html>502 Bad Gateway</html>', { status: 502, headers: { 'Content-Type': 'text/html' } });
    }
    return sandbox.handle(request);
  };
  const server = await startSandboxServer({ sandbox: { ...sandbox, handle }, port: 0 });
  return { sandbox, catalogue, showing: await findShowingAt(server.url), server, url: server.url, close: () => server.close() };
}

/** Settings for a till with a Paystack Terminal at `terminalUrl`, through the real loader. */
export function cardTillConfig(dataDir: string, options: { partnerUrl: string; terminalUrl: string; profile?: TerminalProfile; timeoutSeconds?: number; terminal?: string }): PosConfig {
  const loaded = loadConfig({
    env: {},
    flags: {
      'data-dir': dataDir,
      profile: options.profile ?? 'kiosk',
      'partner-url': options.partnerUrl,
      'partner-timeout-ms': '1000',
      'payments-terminal': options.terminal ?? 'paystack:TERM-1',
      'paystack-url': options.terminalUrl,
      'paystack-customer': 'CUS_walk_in',
      'payments-timeout-seconds': String(options.timeoutSeconds ?? 2),
    },
  });
  if (!loaded.ok) throw new Error(loaded.message);
  return loaded.config;
}

/** The Paystack key where a till keeps it: a 0600 file in its data folder. */
export function storePaystackKey(dataDir: string, key: string) {
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(path.join(dataDir, paystackKeyFileName), key, { mode: 0o600 });
}

export const fastSales: Partial<SalesTuning> = { settleWindowMs: 400, reconcileDelaysMs: [30, 60, 120], pinLockMs: 30_000 };
export const fastPayments: Partial<CardPaymentsTuning> = { settleWithinChargeMs: 1_500, retryDelaysMs: [30, 60, 120, 240] };

export interface CardTill {
  pos: Pos;
  journal: Journal;
  dataDir: string;
  config: PosConfig;
  close(): Promise<void>;
}

/**
 * A till built by createPos on a real journal file, its card terminal chosen from the config as at start-up.
 * `terminalSettleMs`: how long a called-off payment is watched for a card already being read.
 */
export function openCardTill(options: { partner: CardPartner; terminal: TerminalRig; profile?: TerminalProfile; dataDir?: string; timeoutSeconds?: number; clock?: () => Date; terminalSettleMs?: number }): CardTill {
  const dataDir = options.dataDir ?? tempFolder('lobby-card-');
  storePaystackKey(dataDir, options.terminal.simulator.secretKey);
  const config = cardTillConfig(dataDir, { partnerUrl: options.partner.url, terminalUrl: options.terminal.url, profile: options.profile, timeoutSeconds: options.timeoutSeconds });
  const opened = openJournal({ file: journalFile(dataDir), terminalId: config.terminal.id, clock: options.clock });
  if (!opened.ok) throw new Error(opened.error.message);
  const journal = opened.value;
  const pos = createPos(config, {
    version: '0.0.0-test',
    logger: silentLogger,
    secrets: createFileSecretStore({ dataDir, env: { POS_API_KEY: SANDBOX_DEFAULT_API_KEY } }),
    partner: createPartnerClient({ baseUrl: options.partner.url, apiKey: () => SANDBOX_DEFAULT_API_KEY, timeoutMs: 1000, retry: { attempts: 2, baseDelayMs: 5 }, clock: options.clock }),
    probes: { printer: async () => ({ state: 'ok', label: 'Idle', detail: 'Not part of this test.' }) },
    journal: opened,
    clock: options.clock,
    salesTuning: fastSales,
    cardTerminal: chooseTerminal(config, { training: false, secretKey: () => fs.readFileSync(path.join(dataDir, paystackKeyFileName), 'utf8'), clock: options.clock, timings: { pollMs: fastTerminal.pollMs, settleMs: options.terminalSettleMs ?? fastTerminal.settleMs, missedPollsBeforeUnknown: fastTerminal.missedPollsBeforeUnknown } }),
    paymentsTuning: fastPayments,
    onClose: () => journal.close(),
  });
  return { pos, journal, dataDir, config, close: () => pos.close() };
}

/** A showing of Harmattan Heart in the coming week, read from the partner as a till would. */
async function findShowingAt(url: string): Promise<CardPartner['showing']> {
  const client = createPartnerClient({ baseUrl: url, apiKey: () => SANDBOX_DEFAULT_API_KEY, timeoutMs: 2000 });
  const dataDir = tempFolder('lobby-card-probe-');
  const till = createPos(cardTillConfig(dataDir, { partnerUrl: url, terminalUrl: 'http://127.0.0.1:1', profile: 'counter', terminal: 'none' }), {
    version: 'probe',
    logger: silentLogger,
    secrets: createFileSecretStore({ dataDir, env: { POS_API_KEY: SANDBOX_DEFAULT_API_KEY } }),
    partner: client,
    probes: { printer: async () => ({ state: 'ok', label: 'Idle', detail: '' }) },
  });
  try {
    const films = await till.api['cinema:films']({ search: 'Harmattan Heart' });
    const film = films.ok ? films.value.films.find((f) => f.title === 'Harmattan Heart') : undefined;
    for (const location of film?.locations ?? []) {
      for (let day = 1; day <= 7; day++) {
        const date = addDays(lagosDate(new Date()), day);
        const shows = await till.api['cinema:showtimes']({ filmId: film!.id, locationId: location.id, date });
        const first = shows.ok ? shows.value.showtimes[0] : undefined;
        if (first) return { filmId: film!.id, locationId: location.id, date, showtimeId: first.id };
      }
    }
    return null;
  } finally {
    await till.close();
  }
}
