import type pg from 'pg';
import type { Logger } from '../core/logger';
import type { ChainBacklog, ChainLink, ChainOutbox } from '../journal';
import { centralSchemaVersion, requiredCentralVersion } from './central-migrations';

export interface ShipperTuning {
  /** Links per PostgreSQL transaction (at most 500). */
  batchSize: number;
  /** How often an idle shipper looks for new links. */
  pollMs: number;
  /** A nudge ships this soon, so a burst of sales goes as one batch rather than one each. */
  nudgeDelayMs: number;
  /** How often an idle shipper tells head office it is alive and what it still holds. */
  heartbeatMs: number;
  /** Backoff while head office is away: doubling from min to max, with jitter. */
  backoffMinMs: number;
  backoffMaxMs: number;
}

export const defaultShipperTuning: ShipperTuning = { batchSize: 500, pollMs: 1_000, nudgeDelayMs: 200, heartbeatMs: 30_000, backoffMinMs: 1_000, backoffMaxMs: 60_000 };

export type ShipperState = 'starting' | 'shipping' | 'idle' | 'offline' | 'refused' | 'stopped';

export interface ShipperStatus {
  state: ShipperState;
  backlog: ChainBacklog;
  /** When a batch last reached head office (ISO), or null. */
  lastShippedAt: string | null;
  /** Why the last attempt failed, in words for staff (never a password or a URL with one). */
  problem: string | null;
  /** When the next attempt is due while offline (ISO), or null. */
  retryAt: string | null;
}

export interface Shipper {
  start(): void;
  /** Ships new links soon instead of at the next poll (a sale just committed). */
  nudge(): void;
  /** Tries head office now even while backing off (a supervisor just fixed the password). */
  retryNow(): void;
  status(): ShipperStatus;
  /** Resolves once the loop has stopped and the connection is closed. */
  stop(): Promise<void>;
}

/**
 * Sends the till's chain links to head office in order, at most `batchSize` per PostgreSQL
 * transaction, with `ON CONFLICT (terminal_id, seq) DO NOTHING` so a batch sent twice (a crash
 * between COMMIT and the till's note of it) changes nothing. The till notes the highest link
 * head office acknowledged; on every (re)connect the shipper starts from what head office
 * actually holds, so it resumes after any crash on either side; before that, it claims the till's
 * number for its journal, and sends nothing when head office keeps that number for another journal
 * (two tills given one number). It never touches the sale path:
 * it reads the journal on a connection of its own and waits on the network asynchronously.
 */
export function createShipper(deps: {
  outbox: ChainOutbox;
  /** Opens a connection to head office (throws when it cannot). */
  connect: () => Promise<pg.Client>;
  terminalName?: string;
  clock?: () => Date;
  logger: Logger;
  tuning?: Partial<ShipperTuning>;
  random?: () => number;
}): Shipper {
  const tuning = { ...defaultShipperTuning, ...deps.tuning };
  const batchSize = Math.max(1, Math.min(500, tuning.batchSize));
  const clock = deps.clock ?? (() => new Date());
  const random = deps.random ?? Math.random;
  const { outbox, logger } = deps;
  const terminalId = outbox.terminalId;

  let state: ShipperState = 'starting';
  let problem: string | null = null;
  let retryAt: string | null = null;
  let lastShippedAt: string | null = null;
  let backlog: ChainBacklog = outbox.backlog();
  let client: pg.Client | null = null;
  let cursor: number | null = null;
  let lastHeartbeat = 0;
  let stopping = false;
  let nudged = false;
  let retrying = false;
  // Logged once as an error, not at every slow retry: staff see it on the status strip meanwhile.
  let saidNumberTaken = false;
  let nudgeTimer: ReturnType<typeof setTimeout> | null = null;
  let loop: Promise<void> | null = null;
  let wake: (() => void) | null = null;

  const sleep = (ms: number, interruptible: 'nudge' | 'retry') =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = null;
        resolve();
      }
      wake = () => {
        if (stopping || (interruptible === 'nudge' && nudged) || retrying) done();
      };
    });

  const refreshBacklog = () => {
    try {
      backlog = outbox.backlog();
    } catch (error) {
      logger.warn('fleet: could not read the unsent backlog', { error: describe(error) });
    }
  };

  const closeClient = async () => {
    const closing = client;
    client = null;
    cursor = null;
    if (closing) await closing.end().catch(() => undefined);
  };

  /** After (re)connecting: check head office's schema, and start from what it actually holds. */
  const handshake = async (db: pg.Client) => {
    const version = await centralSchemaVersion(db);
    if (version < requiredCentralVersion) throw new RefusedError(`Head office's database is not prepared (schema ${version}, needs ${requiredCentralVersion}): run npm run fleet -- migrate.`);
    // Before anything else is read or written under this number: it may be another journal's.
    await claimNumber(db);
    const held = await db.query<{ max: string | null }>('SELECT max(seq) AS max FROM fleet_chain WHERE terminal_id = $1', [terminalId]);
    const centralHead = Number(held.rows[0]?.max ?? 0);
    const localHead = outbox.headSeq();
    if (centralHead > localHead) {
      // Head office holds links this journal no longer has: its tail was cut off (or the file replaced).
      await db.query('SELECT fleet_record_break($1, $2, $3, $4)', [terminalId, localHead + 1, 'behind-central', `the till's journal ends at link ${localHead}, but head office already holds links up to ${centralHead}`]);
      logger.error('fleet: this journal is behind the central copy', { terminalId, localHead, centralHead });
    }
    const start = Math.min(centralHead, localHead);
    if (start > 0) {
      const centralHashAt = async (seq: number) =>
        (await db.query<{ hash: string }>('SELECT hash FROM fleet_chain WHERE terminal_id = $1 AND seq = $2', [terminalId, seq])).rows[0]?.hash;
      const agrees = async (seq: number) => {
        const theirs = await centralHashAt(seq);
        return theirs === undefined || theirs === outbox.hashAt(seq);
      };
      if (!(await agrees(start))) {
        // Two chains that agree at a link agree on everything before it: halve to the first difference.
        let good = 0;
        let bad = start;
        while (bad - good > 1) {
          const mid = Math.floor((good + bad) / 2);
          if (await agrees(mid)) good = mid;
          else bad = mid;
        }
        await db.query('SELECT fleet_record_break($1, $2, $3, $4)', [terminalId, bad, 'differs-from-central', `the till's link ${bad} differs from the copy head office received: its history was rewritten`]);
        logger.error('fleet: this journal differs from the central copy', { terminalId, seq: bad });
      }
      outbox.ack(start, clock());
    }
    cursor = start;
  };

  /**
   * Head office keeps a till number for the first journal that ships under it (fleet_claim_terminal,
   * atomic). Another journal under the same number (a second till left at the default T01, or this
   * till's journal replaced by a new file) would mix two chains into one: refused here, before a
   * break is recorded, a link sent or the other till's row touched. Head office notes the refusal
   * itself, with this till's name, so its owner learns that a till sells outside the figures.
   */
  const claimNumber = async (db: pg.Client) => {
    const journalId = outbox.journalId();
    const claimed = await db.query<{ owner: string | null }>('SELECT fleet_claim_terminal($1, $2, $3, $4) AS owner', [terminalId, journalId, outbox.hashAt(1) ?? null, deps.terminalName ?? null]);
    const owner = claimed.rows[0]?.owner ?? null;
    if (owner !== journalId) throw new NumberTakenError(terminalId, journalId, owner);
  };

  const sendBatch = async (db: pg.Client, links: ChainLink[]) => {
    const column = <K extends keyof ChainLink>(key: K) => links.map((link) => link[key]);
    const last = links.at(-1)!;
    const oldestLeft = outbox.after(last.seq, 1)[0]?.at ?? null;
    await db.query('BEGIN');
    try {
      await db.query(
        `INSERT INTO fleet_chain (terminal_id, seq, tbl, op, row_id, at, content, delta_kobo, grand_total_kobo, prev_hash, hash)
         SELECT * FROM unnest($1::text[], $2::bigint[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::bigint[], $9::bigint[], $10::text[], $11::text[])
         ON CONFLICT (terminal_id, seq) DO NOTHING`,
        [
          column('terminalId'), column('seq'), column('tbl'), column('op'), column('rowId'), column('at'), column('content'),
          column('deltaKobo'), column('grandTotalKobo'), column('prevHash'), column('hash'),
        ],
      );
      await reportSelf(db, Math.max(outbox.headSeq(), last.seq), oldestLeft);
      await db.query('COMMIT');
    } catch (error) {
      await db.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
    // Only after COMMIT answered: a crash before this line sends the batch again, harmlessly.
    outbox.ack(last.seq, clock());
    cursor = last.seq;
    lastShippedAt = clock().toISOString();
  };

  /** The till's own account of itself, for head office's backlog report. */
  const reportSelf = async (db: pg.Client, headSeq: number, oldestUnsentAt: string | null) => {
    await db.query(
      `INSERT INTO fleet_terminals (terminal_id, terminal_name, till_head_seq, till_oldest_unsent_at, last_contact_at)
       VALUES ($1, $2, $3, $4, now())
       ON CONFLICT (terminal_id) DO UPDATE SET terminal_name = coalesce(excluded.terminal_name, fleet_terminals.terminal_name),
         till_head_seq = excluded.till_head_seq, till_oldest_unsent_at = excluded.till_oldest_unsent_at, last_contact_at = now()`,
      [terminalId, deps.terminalName ?? null, headSeq, oldestUnsentAt],
    );
    lastHeartbeat = Date.now();
  };

  const run = async () => {
    let failures = 0;
    while (!stopping) {
      try {
        if (!client) {
          client = await deps.connect();
          await handshake(client);
          saidNumberTaken = false;
          logger.info('fleet: connected to head office', { terminalId, from: cursor });
        }
        nudged = false;
        retrying = false;
        const links = outbox.after(cursor!, batchSize);
        if (links.length > 0) {
          state = 'shipping';
          await sendBatch(client, links);
          failures = 0;
          problem = null;
          retryAt = null;
          refreshBacklog();
          // Let the till's own work run between batches of a long catch-up.
          await new Promise((resolve) => setImmediate(resolve));
          continue;
        }
        if (Date.now() - lastHeartbeat >= tuning.heartbeatMs) await reportSelf(client, outbox.headSeq(), null);
        failures = 0;
        problem = null;
        retryAt = null;
        state = 'idle';
        refreshBacklog();
        await sleep(tuning.pollMs, 'nudge');
      } catch (error) {
        await closeClient();
        if (stopping) break;
        failures++;
        const refused = error instanceof RefusedError;
        const taken = error instanceof NumberTakenError;
        state = refused ? 'refused' : 'offline';
        problem = describe(error);
        // A number owned by another journal stays so until staff act: asking again soon changes
        // nothing, so it waits the longest backoff (or a supervisor's retryNow).
        const backoff = taken ? tuning.backoffMaxMs : Math.min(tuning.backoffMaxMs, tuning.backoffMinMs * 2 ** Math.min(failures - 1, 16));
        const delay = backoff * (0.5 + random() / 2);
        retryAt = new Date(clock().getTime() + delay).toISOString();
        if (taken) {
          if (!saidNumberTaken) logger.error('fleet: another journal ships under this till number; nothing of this journal is sent', { terminalId, journalId: error.journalId, ownerJournalId: error.owner });
          saidNumberTaken = true;
        } else if (failures === 1 || failures % 20 === 0) logger.warn('fleet: head office unreachable; will retry', { terminalId, problem, failures, retryInMs: Math.round(delay) });
        refreshBacklog();
        // A retry asked for before this attempt failed was this attempt; only a later one cuts the wait.
        retrying = false;
        await sleep(delay, 'retry');
      }
    }
    await closeClient();
    state = 'stopped';
  };

  return {
    start() {
      if (loop) return;
      loop = run().catch((error) => {
        // run() catches everything itself; this is the last guard so main never sees a rejection.
        logger.error('fleet: the shipper stopped unexpectedly', { error: describe(error) });
        state = 'stopped';
      });
    },
    nudge() {
      if (nudgeTimer) return;
      nudgeTimer = setTimeout(() => {
        nudgeTimer = null;
        nudged = true;
        wake?.();
      }, tuning.nudgeDelayMs);
    },
    retryNow() {
      retrying = true;
      wake?.();
    },
    status: () => {
      // Counted now (one indexed query), so a shift or cash move written since the last poll shows.
      refreshBacklog();
      return { state, backlog, lastShippedAt, problem, retryAt };
    },
    async stop() {
      stopping = true;
      if (nudgeTimer) clearTimeout(nudgeTimer);
      wake?.();
      // A batch in flight gets a moment to finish; a server that hangs does not hold the till's
      // shutdown: closing the connection fails the query, and the batch is simply sent next time.
      let timer: ReturnType<typeof setTimeout> | undefined;
      const finished = await Promise.race([loop?.then(() => true) ?? true, new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), 3_000)))]);
      clearTimeout(timer);
      if (!finished) await closeClient();
      await loop;
      await closeClient();
      state = 'stopped';
    },
  };
}

class RefusedError extends Error {}

/** Head office holds this till number for another journal (see claimNumber). */
class NumberTakenError extends RefusedError {
  constructor(
    terminalId: string,
    readonly journalId: string,
    readonly owner: string | null,
  ) {
    super(
      `Head office already holds the records of another till numbered ${terminalId} (another till set up with the same number, or this till’s journal was replaced). ` +
        'This till’s records stay here and are not sent. A till that has not opened a shift yet takes a number of its own under Staff → Settings → Terminal number; otherwise call support.',
    );
  }
}

/** An error as staff may read it: pg's messages carry no password; URLs are never included. */
function describe(error: unknown): string {
  if (error instanceof RefusedError) return error.message;
  const code = (error as { code?: string }).code;
  if (code === 'ECONNREFUSED') return 'Head office is not answering (connection refused).';
  if (code === 'ETIMEDOUT' || code === 'ENETUNREACH' || code === 'EHOSTUNREACH') return 'Head office cannot be reached from this till.';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return "Head office's server name cannot be looked up.";
  if (code === '28P01' || code === '28000') return 'Head office refused the till’s sign-in (check the fleet password).';
  if (code === '57P01' || code === '57P02' || code === '57P03') return 'Head office’s database is restarting.';
  const message = error instanceof Error ? error.message : String(error);
  return `Head office could not take the records: ${message.replace(/postgres(ql)?:\/\/\S+/gi, '(database)')}`;
}
