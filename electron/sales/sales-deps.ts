import type { Journal } from '../journal';
import type { PartnerClient } from '../partner/client';
import type { PosConfig } from '../core/config/schema';
import type { DomainEvents } from '../core/domain-events';
import type { Logger } from '../core/logger';
import type { CardMoneyBack } from './corrections/card-money-back';
import type { CardTerminalPort } from './card-terminal-port';
import type { DrawerWatchPort } from './drawer-watch-port';

/** Where sale changes are announced: printing, the screen (through app) and others subscribe. */
export type SaleEvents = Pick<DomainEvents, 'publish'>;

/** Timings with safe defaults; tests shorten them. */
export interface SalesTuning {
  /**
   * The grace window: how long after a purchase was sent a "no such transaction" answer is still
   * not believed, because the purchase may be queued at the partner. Default: twice the partner
   * timeout, at least a minute.
   */
  settleWindowMs: number;
  /** Waits between background lookups of an unsettled sale; the last one repeats (never over 15 s). */
  reconcileDelaysMs: readonly number[];
  /** While the partner does not answer lookups, how often one is tried to notice it back. */
  recoveryProbeMs: number;
  /** A hold with less than this left is held again before buying: a purchase takes time too. */
  holdMarginMs: number;
  /** Consecutive wrong PINs before sign-in is locked, and for how long (doubling on repeat). */
  pinFailuresBeforeLock: number;
  pinLockMs: number;
  /** Waits between lookups of a card terminal's lost answer to a void or refund; the last one repeats. */
  correctionLookupDelaysMs: readonly number[];
}

export function salesTuning(config: PosConfig, overrides: Partial<SalesTuning> = {}): SalesTuning {
  return {
    settleWindowMs: Math.max(2 * config.partner.timeoutMs, 60_000),
    reconcileDelaysMs: [1_000, 2_000, 5_000, 10_000, 15_000],
    recoveryProbeMs: 2_000,
    holdMarginMs: 20_000,
    pinFailuresBeforeLock: 5,
    pinLockMs: 30_000,
    correctionLookupDelaysMs: [1_000, 2_000, 5_000, 10_000, 30_000, 60_000],
    ...overrides,
  };
}

export interface SalesDeps {
  journal: Journal;
  partner: PartnerClient;
  clock: () => Date;
  events: SaleEvents;
  logger: Logger;
  /** terminal (id, profile), merchant (the contact sent with holds), partner timeout, locale. */
  config: PosConfig;
  tuning?: Partial<SalesTuning>;
  /** The integrated card terminal's way of giving money back (app fills it from payments); none: by approval code. */
  cardMoneyBack?: CardMoneyBack | null;
  /** The integrated card terminal (app fills it from payments); none: card by approval code, never at a kiosk. */
  cardTerminal?: CardTerminalPort | null;
  /** The drawer's sensor (app fills it from the printer's readings): a drawer standing open at a close is counted on its Z report. */
  drawerWatch?: DrawerWatchPort | null;
}
