import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * How the preview host (electron/host/cli.ts, from source, in its own process) refuses to start:
 * one clear line and an exit code, never a stack trace.
 */
const root = path.resolve(import.meta.dirname, '../..');
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

function tempDir(prefix: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}

function start(dataDir: string, env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  const rendererDir = tempDir('lobby-pos-start-renderer-');
  fs.writeFileSync(path.join(rendererDir, 'index.html'), '<html><head></head><body></body></html>');
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'electron/host/cli.ts'), '--port', '0', '--data-dir', dataDir], {
    cwd: root,
    env: { ...process.env, POS_RENDERER_DIR: rendererDir, POS_API_KEY: '', POS_HOST_TOKEN: 'start-token-0123456789abcdefghijklmnopqrs', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

const lines = (output: string) => output.split('\n').filter((line) => line.trim() !== '');

describe('the preview host refuses to start, in one line', () => {
  it('when the key file can be read by other users', async () => {
    const dataDir = tempDir('lobby-pos-start-');
    const file = path.join(dataDir, 'partner-api-key');
    fs.writeFileSync(file, 'sk_live_leaky_key_123');
    fs.chmodSync(file, 0o644);
    const { code, output } = await start(dataDir, {});
    expect(code).toBe(1);
    expect(lines(output)).toEqual([`Lobby POS: ${file} can be read by other users of this computer; make it private with: chmod 600 "${file}"`]);
    expect(output).not.toContain('sk_live_leaky_key_123');
  }, 30_000);

  it('when POS_HOST_TOKEN is shorter than 32 characters', async () => {
    const { code, output } = await start(tempDir('lobby-pos-start-'), { POS_HOST_TOKEN: 'too-short' });
    expect(code).toBe(2);
    expect(lines(output)).toEqual(['Lobby POS: POS_HOST_TOKEN must be at least 32 characters (it has 9); leave it unset for a random one.']);
  }, 30_000);
});
