import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';

/** The numbered SQL files beside this module (electron/fleet/sql/NNNN-name.sql). */
export const defaultSqlDir = () => path.join(path.dirname(fileURLToPath(import.meta.url)), 'sql');

export interface CentralMigration {
  version: number;
  name: string;
  sql: string;
}

export function readCentralMigrations(sqlDir = defaultSqlDir()): CentralMigration[] {
  return fs
    .readdirSync(sqlDir)
    .filter((name) => /^\d{4}-[a-z0-9-]+\.sql$/.test(name))
    .sort()
    .map((name) => ({ version: Number(name.slice(0, 4)), name, sql: fs.readFileSync(path.join(sqlDir, name), 'utf8') }));
}

/** The newest step this code knows; a till refuses to ship to a database behind it. */
export const requiredCentralVersion = 2;

const lockKey = 0x10bb7; // one advisory lock for every migrating client of this database

/**
 * Brings head office's database up to the newest schema, one file per transaction, under an
 * advisory lock so two people (or a person and a test) migrating at once do not collide.
 */
export async function applyCentralMigrations(client: pg.Client, migrations = readCentralMigrations()): Promise<{ from: number; to: number }> {
  await client.query('CREATE TABLE IF NOT EXISTS fleet_schema_migrations (version int PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())');
  const from = await centralSchemaVersion(client);
  for (const migration of migrations) {
    await client.query('BEGIN');
    try {
      await client.query('SELECT pg_advisory_xact_lock($1)', [lockKey]);
      const done = await client.query('SELECT 1 FROM fleet_schema_migrations WHERE version = $1', [migration.version]);
      if (done.rowCount === 0) {
        await client.query(migration.sql);
        await client.query('INSERT INTO fleet_schema_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
      }
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  }
  return { from, to: await centralSchemaVersion(client) };
}

/** 0 for a database nobody has prepared. */
export async function centralSchemaVersion(client: pg.Client): Promise<number> {
  const table = await client.query<{ exists: boolean }>("SELECT to_regclass('fleet_schema_migrations') IS NOT NULL AS exists");
  if (!table.rows[0]?.exists) return 0;
  const result = await client.query<{ version: number | null }>('SELECT max(version) AS version FROM fleet_schema_migrations');
  return result.rows[0]?.version ?? 0;
}
