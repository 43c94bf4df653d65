import fs from 'node:fs';
import type pg from 'pg';

export interface FleetConnectionSettings {
  /** postgres://user@host:port/database, never with a password in it. */
  databaseUrl: string;
  tls: 'off' | 'require' | 'verify';
  /** PEM file of the CA to check the server against (tls=verify); empty = the system's. */
  caFile?: string;
  /** Read when connecting, so a password stored later is picked up without a restart. */
  password?: () => string | null;
  /** Aborts a connect that hangs (a server that accepts TCP but never answers). */
  connectTimeoutMs?: number;
  /** Aborts any statement that takes longer, so a stalled server cannot hold a batch forever. */
  statementTimeoutMs?: number;
  applicationName?: string;
}

/** The pg client settings for head office's database; TLS from the config, never from the URL. */
export function clientConfig(settings: FleetConnectionSettings): pg.ClientConfig {
  // Parsed here rather than handed to pg as a connection string: pg lets a URL's (empty) password
  // and sslmode override the explicit ones.
  const url = new URL(settings.databaseUrl);
  const ssl =
    settings.tls === 'off'
      ? false
      : settings.tls === 'require'
        ? { rejectUnauthorized: false }
        : { rejectUnauthorized: true, ...(settings.caFile ? { ca: fs.readFileSync(settings.caFile, 'utf8') } : {}) };
  return {
    host: decodeURIComponent(url.hostname).replace(/^\[|\]$/g, ''),
    port: url.port ? Number(url.port) : 5432,
    user: decodeURIComponent(url.username) || undefined,
    database: decodeURIComponent(url.pathname.replace(/^\//, '')) || undefined,
    ssl,
    password: settings.password ? async () => settings.password?.() ?? '' : undefined,
    connectionTimeoutMillis: settings.connectTimeoutMs ?? 10_000,
    statement_timeout: settings.statementTimeoutMs ?? 60_000,
    query_timeout: (settings.statementTimeoutMs ?? 60_000) + 5_000,
    application_name: settings.applicationName ?? 'lobby-pos',
    keepAlive: true,
  };
}

/** A connected client; a failure to connect throws (the caller backs off and tries later). */
export async function connectFleet(settings: FleetConnectionSettings): Promise<pg.Client> {
  // Loaded at the first connection, not at every start: most tills send to no head office, and
  // loading pg cost a till's start about 85 ms of CPU (of 880).
  const { default: postgres } = await import('pg');
  const client = new postgres.Client(clientConfig(settings));
  // A dropped connection emits 'error' on the client; without a listener that would crash main.
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error;
  }
  return client;
}

/** The URL as it may be shown or logged: host, port and database, never a password or user. */
export function describeDatabase(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    return `${url.hostname}${url.port ? `:${url.port}` : ''}${url.pathname}`;
  } catch {
    return '(not a valid URL)';
  }
}
