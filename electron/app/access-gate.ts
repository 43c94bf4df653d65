import type { StaffView } from '../../shared/sales/staff';
import { saidError } from '../../shared/errors';
import { channels, events, type ChannelName, type EventName } from '../../shared/ipc/contract';
import { fail, ok, type Result } from '../../shared/result';
import { createCustomerScreen, type CustomerScreen } from './customer-screen';

/** Who is calling, as dispatch established it; handlers get it with the request. */
export interface Caller {
  /** The member of staff signed in on this till; null for a kiosk customer or a signed-out screen. */
  staff: StaffView | null;
}

/**
 * What the access rules need from the sales domain, filled in by createPos. Kept this small on
 * purpose: whether someone is signed in (and as what), and whether a sale id is already taken.
 */
export interface AccessPort {
  /** The member of staff signed in now (null: nobody), or why nobody can be (no journal opened). */
  signedIn(): Result<StaffView | null>;
  /** Whether the journal already holds a sale with this id (a customer may not claim another's). */
  saleExists(saleId: string): Result<boolean>;
}

export interface AccessGate {
  /** The channel's level (public, customer, staff, supervisor), checked before the request is even parsed. */
  admit(channel: ChannelName): Result<Caller>;
  /** A customer's request may only name the screen's own sale and holds (or begin a new sale). */
  owns(channel: ChannelName, request: unknown, caller: Caller): Result<void>;
  /** Records what a customer's successful call began, and forgets it when the screen starts over. */
  settled(channel: ChannelName, request: unknown, result: Result<unknown>, caller: Caller): void;
  /** Whether a pushed event may reach the screen as it stands now. */
  mayReceive(event: EventName, payload: unknown): boolean;
}

const signInFirst = () => saidError('UNAUTHORIZED', 'said.signInFirst');
const supervisorOnly = () => saidError('FORBIDDEN', 'said.supervisorOnly');
const notThisScreens = () =>
  saidError('FORBIDDEN', 'said.kioskOwnSaleOnly');
const notFromKiosk = () => saidError('FORBIDDEN', 'said.notFromKiosk');

const field = (request: unknown, name: 'saleId' | 'holdId'): string | undefined => {
  if (typeof request !== 'object' || request === null || !Object.hasOwn(request, name)) return undefined;
  const value = (request as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : undefined;
};

/**
 * The access rules written on each channel of the contract (shared/ipc/access.ts), enforced in one
 * place. Signing in is per till (one screen); a kiosk customer is whoever stands at the kiosk while
 * nobody is signed in, and owns only what they began there until the screen starts over.
 */
export function createAccessGate(deps: {
  port: AccessPort;
  kiosk: boolean;
  clock: () => Date;
  forgetCustomerAfterMs: number;
  /** A kiosk customer's session is over (the screen started over, or forgot them): their sale, once. */
  customerLeft?: (saleId: string) => void;
}): AccessGate {
  const { port, kiosk } = deps;
  const screen: CustomerScreen = createCustomerScreen({ clock: deps.clock, forgetAfterMs: deps.forgetCustomerAfterMs, left: deps.customerLeft });
  const customer: Caller = { staff: null };

  const staffOrCustomer = (): Result<Caller> => {
    const who = port.signedIn();
    if (who.ok && who.value) return ok({ staff: who.value });
    // A kiosk sells to whoever is at it; a counter's screen is run by signed-in staff only.
    if (kiosk) return ok(customer);
    return who.ok ? fail(signInFirst()) : who;
  };

  return {
    admit(channel) {
      const spec = channels[channel];
      if (spec.access === 'public') return ok(customer);
      if (spec.access === 'customer') return staffOrCustomer();
      const who = port.signedIn();
      if (!who.ok) {
        const whileNoJournal = 'whileNoJournal' in spec ? spec.whileNoJournal : undefined;
        if (who.error.code === 'JOURNAL_UNAVAILABLE' && whileNoJournal === 'counter') return kiosk ? fail(notFromKiosk()) : ok(customer);
        return who;
      }
      if (!who.value) return fail(signInFirst());
      if (spec.access === 'supervisor' && who.value.role !== 'supervisor') return fail(supervisorOnly());
      return ok({ staff: who.value });
    },

    owns(channel, request, caller) {
      const spec = channels[channel];
      if (spec.access !== 'customer' || caller.staff) return ok(undefined);
      const saleId = field(request, 'saleId');
      const holdId = field(request, 'holdId');
      if (holdId !== undefined && !screen.ownsHold(holdId)) return fail(notThisScreens());
      if (saleId === undefined || screen.ownsSale(saleId)) return ok(undefined);
      const begins = 'customerBegins' in spec ? spec.customerBegins : undefined;
      if (begins !== 'sale') return fail(notThisScreens());
      // A new sale id begins this customer's sale; an id already in the journal is someone else's.
      const taken = port.saleExists(saleId);
      if (!taken.ok) return taken;
      if (taken.value) return fail(notThisScreens());
      screen.beginSale(saleId);
      return ok(undefined);
    },

    settled(channel, _request, result, caller) {
      const spec = channels[channel];
      if ('endsCustomer' in spec && spec.endsCustomer) return screen.reset();
      if (!result.ok || caller.staff || !kiosk) return;
      const begins = 'customerBegins' in spec ? spec.customerBegins : undefined;
      if (begins === 'hold') {
        const holdId = field(result.value, 'holdId');
        if (holdId) screen.addHold(holdId);
      }
    },

    mayReceive(event, payload) {
      const access = events[event].access as string;
      if (access === 'public') return true;
      const who = port.signedIn();
      const staff = who.ok ? who.value : null;
      if (staff) return access !== 'supervisor' || staff.role === 'supervisor';
      if (access !== 'customer' || !kiosk) return false;
      const saleId = field(payload, 'saleId') ?? (typeof payload === 'object' && payload !== null && typeof (payload as { id?: unknown }).id === 'string' ? (payload as { id: string }).id : undefined);
      return saleId !== undefined && screen.ownsSale(saleId, { peek: true });
    },
  };
}
