import { pathToFileURL } from 'node:url';
import type { Result } from '../../shared/result';
import type { BenchRow } from './types';

/** A contract call's value; a bench stops on the first failure, naming it. */
export function value<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`bench: ${result.error.code}: ${result.error.message}`);
  return result.value;
}

/** A partner call's value (the client's own result shape). */
export async function ok<T>(call: Promise<{ ok: true; value: T } | { ok: false; error: { message: string } }>): Promise<T> {
  const result = await call;
  if (!result.ok) throw new Error(`bench: partner call failed: ${result.error.message}`);
  return result.value;
}

/** `npx tsx scripts/bench/<suite>.ts` runs that suite alone and prints its rows. */
export async function runAlone(moduleUrl: string, suite: () => Promise<BenchRow[]>): Promise<void> {
  if (moduleUrl !== pathToFileURL(process.argv[1] ?? '').href) return;
  for (const row of await suite()) console.log(`${row.name.padEnd(80)} ${String(row.median).padStart(8)} ${String(row.p99).padStart(8)} ${row.unit}  ${row.note ?? ''}`);
}
