import { describe, expect, it } from 'vitest';
import type { HealthItem } from '../../shared/app';
import { createHealthMonitor } from '../../electron/app/health';
import { createEventHub } from '../../electron/core/event-hub';

const item = (label: string): HealthItem => ({ state: 'ok', label, detail: '' });

describe('the health summary: cached for a while, probed on refresh, read as it stands for a screen catching up', () => {
  it('probes once within its time to live, again after it, at once on refresh, and never for a cached read that has a summary', async () => {
    let now = Date.parse('2026-11-27T10:00:00Z');
    let pings = 0;
    const health = createHealthMonitor({
      probes: { partner: async () => (pings++, item('Partner online')), printer: async () => item('Printer ready'), journal: async () => item('Journal ready') },
      events: createEventHub(),
      clock: () => new Date(now),
      ttlMs: 15_000,
    });
    // Nothing read yet: even a cached read has to probe once.
    await health.current({ cached: true });
    expect(pings).toBe(1);
    now += 10_000;
    await health.current();
    expect(pings).toBe(1);
    now += 10_000;
    // Stale: a plain read probes, a cached one (the screen's 5 s catch-up) does not.
    await health.current({ cached: true });
    expect(pings).toBe(1);
    await health.current();
    expect(pings).toBe(2);
    await health.current({ refresh: true });
    expect(pings).toBe(3);
    now += 60_000;
    const last = await health.current({ cached: true });
    expect(pings).toBe(3);
    expect(last.partner.label).toBe('Partner online');
  });
});
