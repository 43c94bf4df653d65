import type { HealthItem } from '../../shared/app';
import type { FleetReport, FleetStatus } from '../../shared/fleet/report';
import { saidError } from '../../shared/errors';
import { fail, ok, type Result } from '../../shared/result';
import type { Logger } from '../core/logger';
import { openChainOutbox } from '../journal';
import { connectFleet, describeDatabase, type FleetConnectionSettings } from './connection';
import type { FleetPasswordStore } from './fleet-password';
import { ageText } from './report-format';
import { buildFleetReport } from './report';
import { createShipper, type ShipperTuning } from './shipper';

/** What the rest of the till sees of fleet: the shipper's state, head office's report, and a nudge. */
export interface Fleet {
  /** New links were just written (a sale moved, a shift closed): ship them now. */
  nudge(): void;
  status(): FleetStatus;
  /** For the status strip. */
  health(): HealthItem;
  /** Stores the database password (write-only) and tries head office again at once. */
  setPassword(password: string): Result<FleetStatus>;
  /** Head office's figures for a range of days, read live from PostgreSQL. */
  report(range: { from: string; to: string }): Promise<Result<FleetReport>>;
  close(): Promise<void>;
}

/**
 * Starts shipping this till's journal to head office. Only called when `fleet.databaseUrl` is
 * set; without it the till stands alone and nothing here runs.
 */
export function createFleet(deps: {
  settings: Omit<FleetConnectionSettings, 'password'>;
  password: FleetPasswordStore;
  journalFile: string;
  terminalId: string;
  terminalName: string;
  nativeBinding?: string;
  logger: Logger;
  clock?: () => Date;
  tuning?: Partial<ShipperTuning>;
}): Fleet {
  const clock = deps.clock ?? (() => new Date());
  const settings: FleetConnectionSettings = {
    ...deps.settings,
    password: () => {
      try {
        return deps.password.get();
      } catch (error) {
        deps.logger.error('fleet: the stored password cannot be read', { error: (error as Error).message });
        return null;
      }
    },
  };
  const database = describeDatabase(settings.databaseUrl);
  const outbox = openChainOutbox({ file: deps.journalFile, terminalId: deps.terminalId, nativeBinding: deps.nativeBinding });
  const shipper = createShipper({ outbox, connect: () => connectFleet(settings), terminalName: deps.terminalName, clock, logger: deps.logger, tuning: deps.tuning });
  shipper.start();

  const status = (): FleetStatus => {
    const s = shipper.status();
    return {
      configured: true,
      state: s.state,
      unsentCount: s.backlog.count,
      oldestUnsentAt: s.backlog.oldestAt,
      lastShippedAt: s.lastShippedAt,
      database,
      passwordSet: passwordSet(),
      problem: s.problem,
    };
  };
  const passwordSet = () => {
    try {
      return deps.password.has();
    } catch {
      return false;
    }
  };

  return {
    nudge: () => shipper.nudge(),
    status,
    health() {
      const s = status();
      const waiting = s.unsentCount > 0 ? `${s.unsentCount} ${s.unsentCount === 1 ? 'record' : 'records'} not sent, oldest ${ageText(s.oldestUnsentAt, clock())} ago` : '';
      if (s.state === 'refused') return { state: 'down', label: waiting || 'Head office refuses', detail: s.problem ?? '' };
      if (s.state === 'offline') return { state: 'degraded', label: waiting || 'Head office offline', detail: `${s.problem ?? ''} Sales go on; records are kept and sent when head office is back.`.trim() };
      // The strip is public (a kiosk shows it too): it names no server; staff see that in fleet:status.
      if (s.unsentCount > 0) return { state: s.state === 'shipping' ? 'ok' : 'degraded', label: waiting, detail: 'Sending to head office.' };
      return { state: 'ok', label: 'Head office up to date', detail: 'Every record has reached head office.' };
    },
    setPassword(password) {
      try {
        deps.password.set(password);
      } catch (error) {
        deps.logger.error('fleet: the password could not be stored', { error: (error as Error).message });
        return fail(saidError('INTERNAL', 'said.fleet.passwordNotStored'));
      }
      deps.logger.info('fleet: database password stored');
      shipper.retryNow();
      return ok(status());
    },
    async report(range) {
      let client;
      try {
        client = await connectFleet(settings);
      } catch (error) {
        deps.logger.warn('fleet: report: head office unreachable', { error: (error as Error).message });
        return fail(saidError('INTERNAL', 'said.fleet.unreachable'));
      }
      try {
        return ok(await buildFleetReport(client, range, clock));
      } catch (error) {
        deps.logger.error('fleet: report failed', { error: (error as Error).message });
        return fail(saidError('INTERNAL', 'said.fleet.unreadable'));
      } finally {
        await client.end().catch(() => undefined);
      }
    },
    async close() {
      await shipper.stop();
      outbox.close();
    },
  };
}
