import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The real preview host (electron/host/cli.ts from source, in its own process, as `npm start`
 * runs it) writes a journal, a receipt, logs, settings and the key; every file it made must be
 * 0600 and every folder 0700, even when the data folder existed before with looser rights.
 */
const root = path.resolve(import.meta.dirname, '../..');
const token = 'file-modes-token-0123456789abcdefghijklmnop';
let child: ChildProcess;
let dataDir: string;
let rendererDir: string;
let url: string;
let output = '';

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lobby-pos-modes-'));
  fs.chmodSync(dataDir, 0o755);
  rendererDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lobby-pos-modes-renderer-'));
  fs.writeFileSync(path.join(rendererDir, 'index.html'), '<html><head></head><body></body></html>');
  child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'electron/host/cli.ts'), '--port', '0', '--data-dir', dataDir], {
    cwd: root,
    env: { ...process.env, POS_HOST_TOKEN: token, POS_RENDERER_DIR: rendererDir, POS_API_KEY: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Lobby POS preview: (http:\/\/127\.0\.0\.1:\d+\/)/.exec(output);
      if (match) resolve(match[1]!);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`host exited with ${code}: ${output}`)));
    setTimeout(() => reject(new Error(`host did not start: ${output}`)), 20_000).unref();
  });
}, 30_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(rendererDir, { recursive: true, force: true });
});

async function rpc(channel: string, body: unknown): Promise<any> {
  const response = await fetch(new URL(`rpc/${channel}`, url), { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const result = (await response.json()) as any;
  if (!result.ok) throw new Error(`${channel}: ${JSON.stringify(result.error)}`);
  return result.value;
}

function walk(dir: string): Array<{ file: string; mode: number; isDir: boolean }> {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    const mode = fs.statSync(file).mode & 0o777;
    return entry.isDirectory() ? [{ file, mode, isDir: true }, ...walk(file)] : [{ file, mode, isDir: false }];
  });
}

describe('files the till writes', () => {
  it('are 0600 in 0700 folders: journal, receipts, logs, settings and key', async () => {
    await rpc('staff:setup', { name: 'Ada Obi', pin: '2468' });
    await rpc('shift:open', { floatKobo: 100_000 });
    const hotels = await rpc('hotels:list', { availableRoomsOnly: true, perPage: 20 });
    let sold = false;
    for (const hotel of hotels.hotels) {
      const { rooms } = await rpc('hotels:rooms', { hotelId: hotel.id, perPage: 50 });
      const room = rooms.find((r: any) => r.isAvailable && r.roomsLeft > 0);
      if (!room) continue;
      const checkIn = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
      const checkOut = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
      const sale = await rpc('sale:submit', {
        saleId: `MODES-${Date.now()}`,
        kind: 'hotel',
        hotel: { hotelId: hotel.id, roomId: room.id, checkIn, checkOut, guests: 1, rooms: 1 },
        customer: { name: 'Chiamaka Eze', email: 'chiamaka@example.com', phone: '0803 123 4567', dob: '1990-04-12' },
        tender: { kind: 'cash', tenderedKobo: 100_000_000 },
      });
      expect(sale.state).toBe('confirmed');
      sold = true;
      break;
    }
    expect(sold).toBe(true);
    await rpc('settings:update', {
      terminal: { name: 'Counter 1', profile: 'counter' },
      partner: { baseUrl: 'https://partner.example/api', experiencePrefix: '', hotelPrefix: '' },
      printer: { interface: 'preview', type: 'epson', columns: 48 },
    });
    await rpc('settings:set-api-key', { apiKey: 'sk_live_12345678' });

    const found = walk(dataDir);
    const names = found.map((entry) => path.relative(dataDir, entry.file));
    for (const expected of ['journal.sqlite', 'config.json', 'partner-api-key', 'partner-api-key.origin']) expect(names).toContain(expected);
    expect(names.some((name) => name.startsWith('logs'))).toBe(true);
    expect(names.some((name) => /receipt|preview/i.test(name) && !name.endsWith('.sqlite'))).toBe(true);
    expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
    const loose = found.filter((entry) => entry.mode !== (entry.isDir ? 0o700 : 0o600)).map((entry) => `${path.relative(dataDir, entry.file)} ${entry.mode.toString(8)}`);
    expect(loose).toEqual([]);
  }, 60_000);
});
