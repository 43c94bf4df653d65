import { hash } from 'node:crypto';
import type Database from 'better-sqlite3';

/**
 * SHA-256 of the text's UTF-8 bytes, as lowercase hex: the chain's hash (see chain-spec.ts).
 * `crypto.hash` (Node 20.12+, Electron's Node 22) is the one-shot form: no Hash object per link,
 * which every money write makes several of (2.3 against 3.1 µs for a 1.7 KB link here).
 */
export const sha256Hex = (text: string) => hash('sha256', text, 'hex');

/**
 * Registers `sha256(text)` on a connection. The chain triggers call it, so every connection that
 * writes money rows must register it first (openJournal does); one that has not cannot write a
 * chained table at all, which is the point: no path records money outside the chain.
 */
export function registerChainFunctions(db: Database.Database): Database.Database {
  db.function('sha256', { deterministic: true }, (text: unknown) => (text === null ? null : sha256Hex(String(text))));
  return db;
}
