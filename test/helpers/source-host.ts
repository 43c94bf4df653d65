import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { tempFolder } from './temp-folder';

export interface SourceHost {
  url: string;
  /** POST /rpc/<channel> with the token: the contract's Result as the host answered it. */
  rpc(channel: string, body?: unknown): Promise<any>;
  output(): string;
  /** SIGTERM, and waits for the process to end. */
  stop(): Promise<void>;
}

const root = path.resolve(import.meta.dirname, '../..');

/**
 * The preview host from source (electron/host/cli.ts through tsx, in its own process, as `npm
 * start` runs its build), for vitest, which runs before anything is built: a stand-in page, a
 * fixed token, no partner key from the environment. Resolves once it prints its URL.
 */
export async function startSourceHost(options: { dataDir: string; token?: string; env?: NodeJS.ProcessEnv }): Promise<SourceHost> {
  const token = options.token ?? 'source-host-token-0123456789abcdefghijkl';
  const rendererDir = tempFolder('lobby-pos-source-renderer-');
  fs.writeFileSync(path.join(rendererDir, 'index.html'), '<html><head></head><body></body></html>');
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'electron/host/cli.ts'), '--port', '0', '--data-dir', options.dataDir], {
    cwd: root,
    env: { ...process.env, POS_HOST_TOKEN: token, POS_RENDERER_DIR: rendererDir, POS_API_KEY: '', ...options.env },
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
    child.once('exit', (code) => reject(new Error(`host exited with ${code}: ${output}`)));
    setTimeout(() => reject(new Error(`host did not start: ${output}`)), 20_000).unref();
  });
  return {
    url,
    output: () => output,
    async rpc(channel, body = {}) {
      const response = await fetch(new URL(`rpc/${channel}`, url), { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
      return response.json();
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** A hotel room sold for cash at the counter (the sandbox's first room that can be booked): the sale as the till answered. */
export async function sellHotelRoom(till: SourceHost, saleId = `ROOM-${Date.now()}`): Promise<{ id: string; state: string }> {
  const { hotels } = answered(await till.rpc('hotels:list', { availableRoomsOnly: true, perPage: 20 }));
  for (const hotel of hotels) {
    const { rooms } = answered(await till.rpc('hotels:rooms', { hotelId: hotel.id, perPage: 50 }));
    const room = rooms.find((r: any) => r.isAvailable && r.roomsLeft > 0);
    if (!room) continue;
    const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    return answered(
      await till.rpc('sale:submit', {
        saleId,
        kind: 'hotel',
        hotel: { hotelId: hotel.id, roomId: room.id, checkIn: day(1), checkOut: day(3), guests: 1, rooms: 1 },
        customer: { name: 'Chiamaka Eze', email: 'chiamaka@example.com', phone: '0803 123 4567', dob: '1990-04-12' },
        tender: { kind: 'cash', tenderedKobo: 100_000_000 },
      }),
    );
  }
  throw new Error('no hotel room could be booked in the sandbox');
}

function answered(result: any) {
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  return result.value;
}
