import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPreviewHost, type PreviewHost } from '../helpers/preview-host';
import { sellHotelRoom } from '../helpers/hotel-sale';
import { tempFolder } from '../helpers/temp-folder';

/**
 * The real preview host (electron/host/cli.ts from source, in its own process, as `npm start`
 * runs it) writes a journal, a receipt, logs, settings and the key; every file it made must be
 * 0600 and every folder 0700, even when the data folder existed before with looser rights.
 */
let host: PreviewHost;
let dataDir: string;

beforeAll(async () => {
  dataDir = tempFolder('lobby-pos-modes-');
  fs.chmodSync(dataDir, 0o755);
  host = await startPreviewHost({ fromSource: true, dataDir });
}, 30_000);

afterAll(() => host?.stop());

async function rpc(channel: string, body: unknown): Promise<any> {
  const { json: result } = await host.rpc(channel, body);
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
    expect(await sellHotelRoom(host)).toMatchObject({ state: 'confirmed' });
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
