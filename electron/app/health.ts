import type { Health, HealthItem } from '../../shared/app';
import type { EventHub } from '../core/event-hub';

/** Each part of the till reports on itself; the probes are owned by the service they describe. */
export interface HealthProbes {
  partner: () => Promise<HealthItem>;
  printer: () => Promise<HealthItem>;
  journal: () => Promise<HealthItem>;
  /** Head office shipping; only when fleet.databaseUrl is set. */
  fleet?: () => Promise<HealthItem>;
}

export interface HealthMonitor {
  /**
   * The last summary while it is fresh; `refresh` asks every probe again; `cached` takes the last
   * summary however old (probing only when there is none yet): a screen catching up on a change it
   * missed must not turn into partner calls.
   */
  current(options?: { refresh?: boolean; cached?: boolean }): Promise<Health>;
}

/**
 * Caches the summary for `ttlMs` so a home screen polling it never turns into a stream of partner
 * calls, and announces `app:health-changed` only when some state actually changed (for the printer,
 * also its label or detail).
 */
export function createHealthMonitor(deps: { probes: HealthProbes; events: EventHub; clock: () => Date; ttlMs?: number }): HealthMonitor {
  const ttlMs = deps.ttlMs ?? 15_000;
  let last: Health | null = null;
  let inFlight: Promise<Health> | null = null;

  const probeAll = async (): Promise<Health> => {
    const [partner, printer, journal, fleet] = await Promise.all([
      settle(deps.probes.partner),
      settle(deps.probes.printer),
      settle(deps.probes.journal),
      deps.probes.fleet ? settle(deps.probes.fleet) : undefined,
    ]);
    const next: Health = { partner, printer, journal, ...(fleet ? { fleet } : {}), checkedAt: deps.clock().toISOString() };
    // The printer's words count too: offline, out of paper and cover open are one state (down), and
    // "ready" and "ready, paper nearly finished" another (ok), but each asks staff for something else.
    // (The partner's detail carries its latency, so only its state counts.)
    const changed =
      !last ||
      (['partner', 'printer', 'journal', 'fleet'] as const).some((part) => last![part]?.state !== next[part]?.state) ||
      last.printer.label !== next.printer.label ||
      last.printer.detail !== next.printer.detail;
    last = next;
    if (changed) deps.events.emit('app:health-changed', next);
    return next;
  };

  return {
    current({ refresh = false, cached = false } = {}) {
      const fresh = last && (cached || deps.clock().getTime() - Date.parse(last.checkedAt) < ttlMs);
      if (fresh && !refresh) return Promise.resolve(last!);
      inFlight ??= probeAll().finally(() => {
        inFlight = null;
      });
      return inFlight;
    },
  };
}

async function settle(probe: () => Promise<HealthItem>): Promise<HealthItem> {
  try {
    return await probe();
  } catch (error) {
    return { state: 'unknown', label: 'Not checked', detail: `The check itself failed: ${(error as Error).message}`, words: { label: 'notChecked' } };
  }
}
