import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface PreviewHost {
  url: string;
  token: string;
  dataDir: string;
  output: () => string;
  /** POST /rpc/<channel> with the token, returning the parsed JSON body and status. */
  rpc(channel: string, body: unknown, init?: { token?: string | null; raw?: string }): Promise<{ status: number; json: any }>;
  /** SIGTERM, then the data folder goes if this host made it (or was told to remove it), unless `keepData` (a restart on it). */
  stop(options?: { keepData?: boolean }): Promise<void>;
  /** SIGKILL, as a crash or a pulled plug: nothing of the app's own shutdown runs. The data folder stays. */
  kill(): Promise<void>;
}

const root = path.resolve(import.meta.dirname, '../..');

/**
 * Starts the built preview host (out/main/host.js, what `npm start` falls back to) as a child
 * process on a free port with its own data directory, and resolves once it prints its URL.
 * `fromSource`: electron/host/cli.ts through tsx instead, serving a stand-in page, for vitest
 * (which runs before anything is built); the partner key is then only what `env` gives.
 */
export async function startPreviewHost(options: { args?: string[]; env?: NodeJS.ProcessEnv; dataDir?: string; removeDataOnStop?: boolean; fromSource?: boolean } = {}): Promise<PreviewHost> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'lobby-pos-e2e-'));
  // A folder this host made goes when it stops; one handed in is the caller's, unless it says so.
  const removeDataOnStop = options.removeDataOnStop ?? options.dataDir === undefined;
  const token = randomBytes(16).toString('hex');
  const entry: { args: string[]; env: NodeJS.ProcessEnv; rendererDir?: string } = options.fromSource ? fromSource() : { args: [builtHost()], env: {} };
  const child: ChildProcess = spawn(process.execPath, [...entry.args, '--port', '0', '--data-dir', dataDir, ...(options.args ?? [])], {
    cwd: root,
    env: { ...process.env, POS_HOST_TOKEN: token, ...entry.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Lobby POS preview: (http:\/\/127\.0\.0\.1:\d+\/)/.exec(output);
      if (match) resolve(match[1]!);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`preview host exited with ${code}: ${output}`)));
    setTimeout(() => reject(new Error(`preview host did not start in 15 s: ${output}`)), 15_000).unref();
  });

  return {
    url,
    token,
    dataDir,
    output: () => output,
    async rpc(channel, body, init = {}) {
      const headers: Record<string, string> = { 'Content-Type': 'application/json' };
      const bearer = init.token === undefined ? token : init.token;
      if (bearer !== null) headers.Authorization = `Bearer ${bearer}`;
      const response = await fetch(new URL(`rpc/${channel}`, url), { method: 'POST', headers, body: init.raw ?? JSON.stringify(body) });
      return { status: response.status, json: await response.json() };
    },
    async stop({ keepData = false } = {}) {
      // The host stops as Ctrl+C stops it. One that has not ended 20 s after SIGTERM would hang a
      // cashier's Ctrl+C too: it is killed, so no host outlives its test, and the test fails saying so.
      const ended = await new Promise<boolean>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve(true);
        const hung = setTimeout(() => (child.kill('SIGKILL'), resolve(false)), 20_000);
        child.once('exit', () => (clearTimeout(hung), resolve(true)));
        child.kill('SIGTERM');
      });
      if (removeDataOnStop && !keepData) fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
      if (entry.rendererDir) fs.rmSync(entry.rendererDir, { recursive: true, force: true });
      if (!ended) throw new Error(`the preview host did not stop within 20 s of SIGTERM: ${output.slice(-2000)}`);
    },
    kill: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      }).then(() => void (entry.rendererDir && fs.rmSync(entry.rendererDir, { recursive: true, force: true }))),
  };
}

function builtHost(): string {
  const bundle = path.join(root, 'out/main/host.js');
  if (!fs.existsSync(bundle)) throw new Error('out/main/host.js is missing: run `npm run build` first.');
  return bundle;
}

/** The host's source through tsx, with a stand-in page (no renderer is built) and no partner key from this shell. */
function fromSource(): { args: string[]; env: NodeJS.ProcessEnv; rendererDir: string } {
  const rendererDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lobby-pos-source-renderer-'));
  fs.writeFileSync(path.join(rendererDir, 'index.html'), '<html><head></head><body></body></html>');
  return { args: ['--import', 'tsx', path.join(root, 'electron/host/cli.ts')], env: { POS_RENDERER_DIR: rendererDir, POS_API_KEY: '' }, rendererDir };
}
