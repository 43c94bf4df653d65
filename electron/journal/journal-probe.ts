import fs from 'node:fs';
import path from 'node:path';
import type Database from 'better-sqlite3';
import type { HealthItem } from '../../shared/app';
import type { JournalGuard } from './guard';
import { unsettledStates } from './sale-states';

/** Below this much free disk the journal still works, but staff are warned before it fills. */
const lowDiskBytes = 200 * 1024 * 1024;

/**
 * What the status strip says about the journal. Cheap enough to run every few seconds: a write
 * failure the journal has not recovered from, the file's permissions, free disk space and one
 * indexed count; no writes and no integrity scan.
 */
export function createJournalProbe(deps: { db: Database.Database; file: string; guard: JournalGuard }): () => HealthItem {
  const { db, file, guard } = deps;
  const countUnsettled = db.prepare<[string], number>('SELECT count(*) FROM sales WHERE state IN (SELECT value FROM json_each(?))').pluck();

  return (): HealthItem => {
    if (!db.open) return { state: 'down', label: 'Journal closed', detail: 'The sale journal is closed; restart Lobby POS to sell.', words: { label: 'journalClosed', detail: 'journalClosed' } };
    const failure = guard.lastWriteFailure();
    if (failure) return { state: 'down', label: 'Journal cannot be written', detail: failure.error.message, words: { label: 'journalCannotWrite' } };
    try {
      fs.accessSync(file, fs.constants.R_OK | fs.constants.W_OK);
      fs.accessSync(path.dirname(file), fs.constants.W_OK);
    } catch {
      return {
        state: 'down',
        label: 'Journal is read-only',
        detail: 'The sale journal or its folder cannot be written, so selling is paused. Ask a supervisor to check the data folder permissions.',
        words: { label: 'journalReadOnly', detail: 'journalReadOnly' },
      };
    }
    let unsettled: number;
    try {
      unsettled = countUnsettled.get(JSON.stringify(unsettledStates))!;
    } catch {
      return { state: 'down', label: 'Journal unreadable', detail: 'The sale journal cannot be read right now; restart Lobby POS. If it persists, call support.', words: { label: 'journalUnreadable', detail: 'journalUnreadable' } };
    }
    const attention = unsettled === 0 ? '' : ` ${unsettled} sale${unsettled === 1 ? ' needs' : 's need'} attention.`;
    const free = freeBytes(file);
    if (free !== null && free < lowDiskBytes) {
      const mb = Math.floor(free / (1024 * 1024));
      return { state: 'degraded', label: 'Disk nearly full', detail: `Only ${mb} MB left for the sale journal; free some space soon.${attention}`, words: { label: 'diskNearlyFull', detail: 'diskNearlyFull', values: { mb, unsettled } } };
    }
    return { state: 'ok', label: 'Journal ready', detail: `Every sale is written down on this computer before it is sent.${attention}`, words: { label: 'journalReady', detail: 'journalReady', values: { unsettled } } };
  };
}

function freeBytes(file: string): number | null {
  try {
    const stats = fs.statfsSync(path.dirname(file));
    return stats.bavail * stats.bsize;
  } catch {
    return null;
  }
}
