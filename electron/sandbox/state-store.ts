import { existsSync, readFileSync, renameSync } from 'node:fs';
import { initialState, sandboxStateSchema, type SandboxState } from './records';
import { writePrivateFile } from '../core/private-files';

/**
 * Owns the sandbox's mutable state. Changes go through `commit`, which applies them and, with a
 * data file, writes the whole state atomically (temp file, fsync, rename) before answering; if the
 * write fails the change is undone, so a failed request never changes state.
 */
export interface StateStore {
  readonly state: SandboxState;
  commit<T>(change: (state: SandboxState) => T): T;
  reset(): void;
}

const FINISHED_HOLDS_KEPT_MS = 24 * 60 * 60 * 1000;

export function createStateStore(options: { dataFile?: string | undefined; clock: () => Date }): StateStore {
  const { dataFile, clock } = options;
  let state = dataFile ? load(dataFile) : initialState();

  const pruneFinishedHolds = (s: SandboxState) => {
    const cutoff = clock().getTime() - FINISHED_HOLDS_KEPT_MS;
    s.holds = s.holds.filter((h) => h.status === 'active' ? Date.parse(h.expires_at) > cutoff : Date.parse(h.created_at) > cutoff);
  };

  const persist = () => {
    if (dataFile) writePrivateFile(dataFile, JSON.stringify(state));
  };

  return {
    get state() {
      return state;
    },
    commit(change) {
      const undo = checkpoint(state);
      try {
        const result = change(state);
        pruneFinishedHolds(state);
        persist();
        return result;
      } catch (error) {
        state = undo();
        throw error;
      }
    },
    reset() {
      const previous = state;
      state = initialState();
      try {
        persist();
      } catch (error) {
        state = previous;
        throw error;
      }
    },
  };
}

/**
 * A cheap undo point: transactions are append-only, so only their count is remembered; the rest
 * is small (sparse counters and the recent holds).
 */
function checkpoint(state: SandboxState): () => SandboxState {
  const saved = {
    sold_tickets: { ...state.sold_tickets },
    booked_rooms: { ...state.booked_rooms },
    holds: state.holds.map((h) => ({ ...h })),
    transactionCount: state.transactions.length,
    next_invoice_id: state.next_invoice_id,
  };
  return () => ({
    version: 1,
    sold_tickets: saved.sold_tickets,
    booked_rooms: saved.booked_rooms,
    holds: saved.holds,
    transactions: state.transactions.slice(0, saved.transactionCount),
    next_invoice_id: saved.next_invoice_id,
  });
}

function load(file: string): SandboxState {
  if (!existsSync(file)) return initialState();
  const parsed = sandboxStateSchema.safeParse(safeJson(readFileSync(file, 'utf8')));
  if (parsed.success) return parsed.data;
  // Keep the unreadable file for inspection rather than failing the app's start or overwriting it.
  renameSync(file, `${file}.corrupt-${Date.now()}`);
  return initialState();
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

