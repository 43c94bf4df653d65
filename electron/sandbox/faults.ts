import { z } from 'zod';

/** Switchable misbehaviour, so every failure path of the app can be exercised on demand. */
export interface Faults {
  /** Added before answering every partner route. */
  latencyMs: number;
  /** The next N partner calls answer 503. */
  failNext: number;
  /** The next N partner calls answer 429 Too Many Requests with `Retry-After: 1` and change nothing. */
  throttleNext: number;
  /** The next N partner calls never answer (until the request is aborted). */
  hangNext: number;
  /** The next N purchases/bookings commit, then the connection is dropped. */
  dropAfterCommitNext: number;
}

const count = z.number().int().min(0).max(1_000_000);
export const faultsPatchSchema = z.strictObject({
  latencyMs: z.number().int().min(0).max(600_000),
  failNext: count,
  throttleNext: count,
  hangNext: count,
  dropAfterCommitNext: count,
}).partial();

const NO_FAULTS: Faults = { latencyMs: 0, failNext: 0, throttleNext: 0, hangNext: 0, dropAfterCommitNext: 0 };

export interface FaultController {
  set(patch: Partial<Faults>): void;
  reset(): void;
  get(): Faults;
  /** Each take* consumes one use of a counted fault and says whether it fires now. */
  takeFail(): boolean;
  takeThrottle(): boolean;
  takeHang(): boolean;
  takeDrop(): boolean;
}

export function createFaultController(): FaultController {
  let faults: Faults = { ...NO_FAULTS };
  const take = (key: 'failNext' | 'throttleNext' | 'hangNext' | 'dropAfterCommitNext') => {
    if (faults[key] <= 0) return false;
    faults = { ...faults, [key]: faults[key] - 1 };
    return true;
  };
  return {
    set(patch) {
      faults = { ...faults, ...faultsPatchSchema.parse(patch) };
    },
    reset() {
      faults = { ...NO_FAULTS };
    },
    get: () => ({ ...faults }),
    takeFail: () => take('failNext'),
    takeThrottle: () => take('throttleNext'),
    takeHang: () => take('hangNext'),
    takeDrop: () => take('dropAfterCommitNext'),
  };
}

/**
 * Thrown by `handle` after a purchase has committed when a drop is due: the HTTP adapter destroys
 * the socket without answering and the in-process fetch rejects like undici does.
 */
export class SandboxConnectionDropped extends Error {
  constructor() {
    super('The sandbox dropped the connection after committing (fault injection).');
    this.name = 'SandboxConnectionDropped';
  }
}
