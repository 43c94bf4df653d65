import type { z } from 'zod';

/**
 * Who may call a channel. Written on every channel of the contract and enforced once, in
 * electron/app/dispatch.ts, before the request reaches a handler (see ./README.md):
 *
 * - `public`: anyone at the screen, signed in or not (browsing, the status strip, signing in).
 * - `customer`: a kiosk customer for their own sale (the sale begun on that screen, until the
 *   screen resets), or any signed-in member of staff. On a counter or front desk there is no
 *   self-service, so there it means signed-in staff.
 * - `staff`: a signed-in member of staff (cashier or supervisor).
 * - `supervisor`: a signed-in supervisor.
 */
export const accessLevels = ['public', 'customer', 'staff', 'supervisor'] as const;
export type Access = (typeof accessLevels)[number];

/** One contract channel: its request and response schemas and its access rule. */
export interface ChannelSpec {
  request: z.ZodType;
  response: z.ZodType;
  access: Access;
  /**
   * `customer` channels only: what a kiosk customer begins with this call. `sale`: the request's
   * `saleId` becomes the screen's own sale (refused if it is already someone else's); `hold`: the
   * answer's `holdId` becomes one of the screen's own holds. Any other `saleId` or `holdId` a
   * customer names must already be the screen's own.
   */
  customerBegins?: 'sale' | 'hold';
  /**
   * `supervisor` channels only: `counter` lets a counter or front desk (never a kiosk) call it
   * while no journal opens, because staff sign in through the journal and nobody could otherwise
   * rescue what is in it.
   */
  whileNoJournal?: 'counter';
  /** The screen starts over (the kiosk's reset signs staff out): the customer's sale and holds are forgotten. */
  endsCustomer?: true;
}

/**
 * A pushed event and who may receive it, by the same levels. A `customer` event reaches a
 * signed-out kiosk screen only when it concerns that screen's own sale: its payload's `saleId`,
 * or `id` for a sale's own view.
 */
export interface EventSpec {
  payload: z.ZodType;
  access: Access;
}
