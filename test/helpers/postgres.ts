/**
 * A real PostgreSQL server for the fleet tests: Debian's binaries (apt-get install postgresql;
 * .ci/run does it), a fresh cluster in a temp folder, 127.0.0.1 on a free port, stopped and
 * removed by the test. Root cannot run PostgreSQL, so as root the server runs as the `postgres`
 * user the Debian package creates.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export interface TestPostgres {
  readonly url: string;
  readonly port: number;
  readonly dataDir: string;
  client(): Promise<pg.Client>;
  /** Kills the server the way a crash or power cut would (immediate shutdown, no checkpoint). */
  crash(): Promise<void>;
  start(): Promise<void>;
  /** crash() then start(): what a restart of head office's database looks like to the tills. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export function postgresBinDir(): string {
  const fromEnv = process.env.POS_TEST_PG_BIN;
  if (fromEnv) return fromEnv;
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).filter((v) => fs.existsSync(path.join(root, v, 'bin', 'postgres'))) : [];
  versions.sort((a, b) => Number(b) - Number(a));
  if (!versions[0]) throw new Error('PostgreSQL is not installed: apt-get install postgresql (or set POS_TEST_PG_BIN). .ci/run installs it.');
  return path.join(root, versions[0], 'bin');
}

function runAs(): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {};
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  return { uid, gid };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** `password`: TCP sign-ins then need it (scram-sha-256), as on a real head-office server. */
export async function startTestPostgres(options: { password?: string } = {}): Promise<TestPostgres> {
  const bin = postgresBinDir();
  const owner = runAs();
  // The postgres user must reach the folder: a per-run temp folder private to root would stop it.
  const root = fs.mkdtempSync(path.join(owner.uid !== undefined ? '/tmp' : os.tmpdir(), 'lobby-pg-'));
  const dataDir = path.join(root, 'data');
  if (owner.uid !== undefined) fs.chownSync(root, owner.uid, owner.gid!);
  fs.chmodSync(root, 0o700);
  const auth = ['--auth=trust'];
  if (options.password) {
    const pwfile = path.join(root, 'pwfile');
    fs.writeFileSync(pwfile, options.password, { mode: 0o600 });
    if (owner.uid !== undefined) fs.chownSync(pwfile, owner.uid, owner.gid!);
    auth.splice(0, 1, '--auth-local=trust', '--auth-host=scram-sha-256', `--pwfile=${pwfile}`);
  }
  execFileSync(path.join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', ...auth, '-E', 'UTF8', '--locale=C', '--no-sync'], { ...owner, stdio: 'pipe', cwd: root });
  const port = await freePort();
  let server: ChildProcess | null = null;
  let log = '';

  const start = async () => {
    log = '';
    // The tests crash the server process, never the machine: the OS keeps every write, so fsync
    // would only cost time. Frequent checkpoints keep crash recovery (each restart) short.
    const settings = ['listen_addresses=127.0.0.1', 'max_connections=60', 'shared_buffers=32MB', 'fsync=off', 'full_page_writes=off', 'checkpoint_timeout=30s', 'max_wal_size=64MB'];
    server = spawn(path.join(bin, 'postgres'), ['-D', dataDir, '-p', String(port), '-k', root, ...settings.flatMap((setting) => ['-c', setting])], {
      ...owner,
      cwd: root,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    server.stderr!.on('data', (chunk: Buffer) => {
      log = (log + chunk.toString()).slice(-4000);
    });
    const deadline = Date.now() + 20_000;
    for (;;) {
      if (server.exitCode !== null) throw new Error(`postgres exited at start: ${log}`);
      const probe = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password: options.password, database: 'postgres', connectionTimeoutMillis: 1000 });
      probe.on('error', () => undefined);
      try {
        await probe.connect();
        await probe.end();
        return;
      } catch {
        await probe.end().catch(() => undefined);
        if (Date.now() > deadline) throw new Error(`postgres did not start: ${log}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  };

  const halt = async (signal: NodeJS.Signals) => {
    const running = server;
    server = null;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill(signal);
    // A server that ignores a polite signal gets the immediate one.
    const escalate = setTimeout(() => running.kill('SIGQUIT'), 5_000);
    await exited;
    clearTimeout(escalate);
  };

  await start();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    url,
    port,
    dataDir,
    async client() {
      const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password: options.password, database: 'postgres' });
      client.on('error', () => undefined);
      await client.connect();
      return client;
    },
    crash: () => halt('SIGQUIT'),
    start,
    async restart() {
      await halt('SIGQUIT');
      await start();
    },
    async stop() {
      await halt('SIGQUIT');
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}
