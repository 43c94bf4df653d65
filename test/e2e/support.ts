import { expect, type Page } from '@playwright/test';
import Database from 'better-sqlite3';
import path from 'node:path';
import { createSandbox, SANDBOX_DEFAULT_API_KEY, startSandboxServer, type Sandbox } from '../../electron/sandbox';
import { AnswerLost, createTerminalSimulator, startTerminalServer, type TerminalSimulator } from '../../electron/payments/simulator';
import { startPreviewHost, type PreviewHost } from '../helpers/preview-host';

export interface Stack {
  host: PreviewHost;
  sandbox: Sandbox;
  sandboxUrl: string;
  /** The card terminal (the simulated one over HTTP, driven as a Paystack Terminal), when the till has one. */
  terminal: TerminalSimulator | null;
  /**
   * While cut, every call the till makes to the terminal's API loses its answer (the connection
   * closes without one), as when the network drops between them; the terminal itself carries on.
   */
  cutTerminal(cut: boolean): void;
  /** Rows of the till's own journal, read straight from its SQLite file. */
  journal<T = Record<string, unknown>>(sql: string, ...params: unknown[]): T[];
  /** The till killed (SIGKILL) and started again on the same data folder and settings; `host` is the new one (a new URL). */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The app (built preview host, child process) selling to a sandbox partner served over real HTTP
 * from the test process, so tests can read the partner's own record and switch its faults.
 */
export async function startStack(options: { args?: string[]; env?: NodeJS.ProcessEnv; terminal?: { autoPresentMs: number | null } | false } = {}): Promise<Stack> {
  const sandbox = createSandbox();
  const server = await startSandboxServer({ sandbox, port: 0 });
  // A kiosk takes cards only at a card terminal: unless told otherwise, a simulated one over HTTP
  // on which the customer presents a card a moment after it asks for one.
  const kiosk = (options.args ?? []).join(' ').includes('--profile kiosk');
  const wanted = options.terminal === false ? null : (options.terminal ?? (kiosk ? { autoPresentMs: 300 } : null));
  const terminal = wanted ? createTerminalSimulator({ timings: { autoPresentMs: wanted.autoPresentMs, stepMs: 250 } }) : null;
  let terminalCut = false;
  const terminalServer = terminal ? await startTerminalServer({ handle: (request) => (terminalCut ? Promise.reject(new AnswerLost()) : terminal.handle(request)) }) : null;
  const terminalArgs = terminalServer ? ['--payments-terminal', 'paystack:E2E-1', '--paystack-url', terminalServer.url, '--paystack-customer', 'CUS_e2e_walk_in'] : [];
  const launch = {
    args: ['--partner-url', server.url, '--partner-timeout-ms', '3000', ...terminalArgs, ...(options.args ?? [])],
    env: { POS_API_KEY: SANDBOX_DEFAULT_API_KEY, ...(terminal ? { POS_PAYSTACK_SECRET_KEY: terminal.secretKey } : {}), ...options.env },
  };
  let host = await startPreviewHost(launch);
  return {
    get host() {
      return host;
    },
    sandbox,
    sandboxUrl: server.url,
    terminal,
    cutTerminal(cut) {
      terminalCut = cut;
    },
    journal(sql, ...params) {
      const db = new Database(path.join(host.dataDir, 'journal.sqlite'), { readonly: true, fileMustExist: true });
      try {
        return db.prepare(sql).all(...params) as never;
      } finally {
        db.close();
      }
    },
    async restart() {
      await host.kill();
      host = await startPreviewHost({ ...launch, dataDir: host.dataDir, removeDataOnStop: true });
    },
    async stop() {
      await host.stop();
      await server.close();
      terminal?.close();
      await terminalServer?.close();
    },
  };
}

export const naira = (text: string) => Math.round(Number(text.replace(/[^0-9.]/g, '')) * 100);

/** First run: the first supervisor, typed twice, signed in on the back office (no shift opened). */
export async function setUpSupervisor(page: Page, options: { name?: string; pin?: string } = {}) {
  const name = options.name ?? 'Ada Supervisor';
  const pin = options.pin ?? '2468';
  await page.getByRole('button', { name: 'Staff', exact: true }).click();
  await page.getByLabel('Your name').fill(name);
  await page.getByLabel('Choose a PIN (4 to 8 digits)').fill(pin);
  await page.getByRole('button', { name: 'OK' }).click();
  await page.getByLabel('Type the PIN again').fill(pin);
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText(`Signed in: ${name}`)).toBeVisible();
}

/**
 * A till ready to sell, then the page opened on it at Home: the first supervisor (signed in) and a
 * shift with a float, made through the contract as the page itself makes its calls (`POST /rpc/…`
 * with the host's token), before the page loads. The first-setup and open-shift screens are walked
 * by the tests about them (back-office, settings, shift and staff-admin specs); walking them again
 * here, before each of some fifty tests about something else, cost about a second of CPU each, and
 * making the calls from a page that was then loaded again cost a second load of the app.
 */
export async function openTill(page: Page, host: PreviewHost, options: { name?: string; pin?: string; floatNaira?: number } = {}) {
  const name = options.name ?? 'Ada Supervisor';
  const said = [(await host.rpc('staff:setup', { name, pin: options.pin ?? '2468' })).json, (await host.rpc('shift:open', { floatKobo: (options.floatNaira ?? 10000) * 100 })).json];
  expect(said, 'the first supervisor and a shift, through the contract').toMatchObject([{ ok: true }, { ok: true }]);
  await page.goto(host.url);
  await expect(page.locator('.ready-banner')).toContainText(`Signed in: ${name}`);
}

/** From Home: the first film with two sellable categories, its first cinema, date and showtime. */
export async function chooseShowtime(page: Page) {
  await page.getByRole('button', { name: /Cinema/ }).first().click();
  await page.locator('.film-card').first().click();
  await page.getByRole('region', { name: 'Cinema' }).getByRole('button').first().click();
  await page.getByRole('region', { name: 'Showtime' }).getByRole('button').first().click();
  await expect(page.locator('.ticket-row').first()).toBeVisible();
}

/** From Home: the first showtime (chooseShowtime), one ticket of the first category left, Checkout. */
export async function toCinemaCheckout(page: Page) {
  await chooseShowtime(page);
  await page.locator('.ticket-row:not(.ticket-sold-out)').first().getByRole('button', { name: /^More:/ }).click();
  await page.getByRole('button', { name: 'Checkout' }).click();
}

/** From Home: Hotels, the first hotel, its first room that can be booked, Checkout. */
export async function toHotelCheckout(page: Page) {
  await page.getByRole('button', { name: /Hotels/ }).first().click();
  await page.locator('.hotel-card').first().click();
  await page.locator('.room-card:not([disabled])').first().click();
  await page.getByRole('button', { name: 'Checkout' }).click();
}

export async function fillCustomer(page: Page, customer: { name: string; email: string; phone: string; dob?: string }) {
  await page.getByLabel('Full name').fill(customer.name);
  await page.getByLabel('E-mail').fill(customer.email);
  await page.getByLabel('Phone').fill(customer.phone);
  // Typed the Nigerian way, day first: the screen reads it back in words under the field.
  if (customer.dob) await page.getByLabel(/Date of birth/).fill(customer.dob.replace(/^(\d{4})-(\d{2})-(\d{2})$/, '$3/$2/$1'));
}

/**
 * Another buyer, through the partner's own API, holds every remaining seat of one category of a
 * film (found by title, cinema name and category title, as the cashier sees them).
 */
export async function holdAllSeats(stack: Stack, film: { title: string; location: string; category: string }) {
  const headers = { 'X-API-KEY': SANDBOX_DEFAULT_API_KEY, TransactionMedium: 'POS', Accept: 'application/json', 'Content-Type': 'application/json' };
  const get = async (path: string) => (await (await fetch(new URL(path, stack.sandboxUrl), { headers })).json()).data;
  const list = await get(`/api/v1/partner/experience?cinema=true&search=${encodeURIComponent(film.title)}`);
  const experience = list.experiences.find((e: { title: string }) => e.title === film.title);
  const location = experience.cinema_info.locations.find((l: { name: string }) => l.name === film.location);
  const { tickets } = await get(`/api/v1/partner/experience/tickets/${experience.id}?cinema_location_id=${location.id}`);
  const category = tickets.find((t: { title: string }) => t.title === film.category);
  const response = await fetch(new URL('/api/v1/partner/validate', stack.sandboxUrl), {
    method: 'POST',
    headers,
    body: JSON.stringify({ tickets: [{ ticket_type: 'entertainment', resource_id: category.id, quantity: category.slots_remaining }], customer_info: { email: 'rival@example.com', phone_number: '+2348030000000' } }),
  });
  expect(response.status).toBe(201);
}

/** A kiosk sells only inside a shift a supervisor opened: set one up through the contract, then sign out. */
export async function openKioskShift(stack: Stack) {
  expect((await stack.host.rpc('staff:setup', { name: 'Kiosk Supervisor', pin: '2468' })).json.ok).toBe(true);
  expect((await stack.host.rpc('shift:open', { floatKobo: 0 })).json.ok).toBe(true);
  await stack.host.rpc('staff:sign-out', {});
}

/**
 * The element is on screen and nothing covers it (a keyboard, a pinned bar, the fold): the topmost
 * element at its corners and centre is the element itself or inside it. Scrolls nothing.
 */
export async function expectInView(locator: ReturnType<Page['locator']>, what: string) {
  await expect(locator, what).toBeVisible();
  const blocked = await locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const inset = Math.min(10, r.width / 4, r.height / 4);
    const points: [number, number][] = [
      [r.left + inset, r.top + inset],
      [r.right - inset, r.top + inset],
      [r.left + inset, r.bottom - inset],
      [r.right - inset, r.bottom - inset],
      [(r.left + r.right) / 2, (r.top + r.bottom) / 2],
    ];
    return points
      .map(([x, y]) => ({ x: Math.round(x), y: Math.round(y), hit: document.elementFromPoint(x, y) }))
      .filter(({ hit }) => !hit || !el.contains(hit))
      .map(({ x, y, hit }) => `(${x}, ${y}) ${hit ? `${hit.tagName.toLowerCase()}.${[...hit.classList].join('.')} "${(hit.textContent ?? '').trim().slice(0, 30)}"` : 'off screen'}`);
  });
  expect(blocked, `${what}: in view and uncovered (points covered or off screen)`).toEqual([]);
}
