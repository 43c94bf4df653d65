import net from 'node:net';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll } from 'vitest';

/**
 * A network receipt printer on 127.0.0.1 (port 0), for tests and the bench. It keeps every byte
 * per connection and answers the real-time status queries the way EPSON (DLE EOT n) and STAR
 * (ESC ACK SOH) printers do, according to its mode:
 *
 * - `ready`: reads everything, answers "ready".
 * - `paper-out`, `cover-open`: reads everything, answers with those status bits set.
 * - `silent`: reads everything, never answers a status query (a printer without status support).
 * - `stalled`: accepts connections, never reads a byte (a hung printer: writes pile up unread).
 * - `jammed`: answers the first status query "ready", then stops reading (hangs mid-job).
 * - `runs-out`: answers the first status query of a connection "ready", then runs out of paper
 *   (the mode becomes `paper-out`): the receipt it was sent is cut short.
 * - `off`: not listening: connections are refused.
 *
 * `setDrawerPin` sets the level its drawer port's pin 3 reports (low at first): EPSON DLE EOT 1 bit 2,
 * STAR ASB byte 3 bit 2, as a drawer's switch does when it opens or shuts.
 * `asb` makes it an EPSON with Automatic Status Back on: 4 unasked status bytes as each connection opens.
 * `bytesPerSecond` makes it print at a real printer's pace: once its buffer (`bufferBytes`, 1 KB) is
 * full it takes (and answers) further bytes only as fast as it prints them.
 */
export type FakePrinterMode = 'ready' | 'paper-out' | 'cover-open' | 'silent' | 'stalled' | 'jammed' | 'runs-out' | 'off';

export interface CapturedConnection {
  bytes: Buffer;
  /** performance.now() when the last byte arrived; null before any did. */
  lastByteAt: number | null;
  closed: boolean;
}

export interface FakePrinter {
  readonly host: string;
  readonly port: number;
  /** `tcp://127.0.0.1:<port>`, as the printer setting is written. */
  readonly url: string;
  mode(): FakePrinterMode;
  /** The drawer switch's level on pin 3, in every status answer from now on. */
  setDrawerPin(level: 'high' | 'low'): void;
  /** Switching to or from `off` closes or reopens the listening socket on the same port. */
  setMode(mode: FakePrinterMode): Promise<void>;
  connections(): CapturedConnection[];
  /** Everything received on every connection, in order. */
  received(): Buffer;
  /** Forgets what was captured (connections stay open). */
  clear(): void;
  /** Resolves once `count` connections have closed (the client hung up), or rejects after `timeoutMs`. */
  waitForClosed(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

const epsonAnswers: Record<Exclude<FakePrinterMode, 'off' | 'silent' | 'stalled' | 'jammed' | 'runs-out'>, Record<number, number>> = {
  // n=1 printer, n=2 offline cause, n=3 error cause, n=4 roll paper sensor. Bits 1 and 4 are always set.
  ready: { 1: 0x12, 2: 0x12, 3: 0x12, 4: 0x12 },
  'paper-out': { 1: 0x1a, 2: 0x32, 3: 0x12, 4: 0x7e },
  'cover-open': { 1: 0x1a, 2: 0x16, 3: 0x12, 4: 0x12 },
};

/** STAR automatic status: 9 bytes (header 0x23), byte 3 cover/offline, byte 6 paper sensors. */
function starAsb(mode: 'ready' | 'paper-out' | 'cover-open'): Buffer {
  const asb = Buffer.from([0x23, 0x06, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00]);
  if (mode === 'paper-out') {
    asb[2] = 0x08;
    asb[5] = 0x0c;
  }
  if (mode === 'cover-open') asb[2] = 0x28;
  return asb;
}

interface ConnectionState {
  scanned: number;
  answered: number;
  /** Bytes other than status queries arrived: a receipt. */
  printed: boolean;
}

/** An Automatic Status Back frame: online, cover closed, no error, paper present. */
const asbFrame = Buffer.from([0x10, 0x00, 0x00, 0x00]);

export async function startFakePrinter(options: { mode?: FakePrinterMode; asb?: boolean; bytesPerSecond?: number; bufferBytes?: number } = {}): Promise<FakePrinter> {
  let mode: FakePrinterMode = options.mode ?? 'ready';
  let drawerBit = 0;
  let captured: CapturedConnection[] = [];
  const sockets = new Set<net.Socket>();
  const closedWaiters = new Set<() => void>();
  let server: net.Server | null = null;
  let port = 0;

  function answer(socket: net.Socket, connection: CapturedConnection, state: ConnectionState) {
    const bytes = connection.bytes;
    let i = state.scanned;
    while (i < bytes.length) {
      const b0 = bytes[i];
      if (b0 === 0x10 || b0 === 0x1b) {
        if (i + 2 >= bytes.length) break; // the rest of the command has not arrived yet
        const b1 = bytes[i + 1];
        const b2 = bytes[i + 2]!;
        if (b0 === 0x10 && b1 === 0x04) {
          reply(socket, state, mode, (m) => Buffer.from([(epsonAnswers[m][b2] ?? 0x12) | (b2 === 1 ? drawerBit : 0)]));
          i += 3;
          continue;
        }
        if (b0 === 0x1b && b1 === 0x06 && b2 === 0x01) {
          reply(socket, state, mode, (m) => {
            const asb = starAsb(m);
            asb[2]! |= drawerBit;
            return asb;
          });
          i += 3;
          continue;
        }
      }
      // Not a status query: something to print.
      state.printed = true;
      i += 1;
    }
    state.scanned = i;
  }

  function reply(socket: net.Socket, state: ConnectionState, current: FakePrinterMode, make: (mode: 'ready' | 'paper-out' | 'cover-open') => Buffer) {
    if (current === 'silent' || current === 'stalled' || current === 'off') return;
    if (current === 'runs-out' && state.printed) {
      // The receipt came after the first answer: the roll ends under it.
      mode = 'paper-out';
      current = 'paper-out';
    }
    state.answered += 1;
    socket.write(make(current === 'jammed' || current === 'runs-out' ? 'ready' : current));
  }

  function onConnection(socket: net.Socket) {
    sockets.add(socket);
    const connection: CapturedConnection = { bytes: Buffer.alloc(0), lastByteAt: null, closed: false };
    captured.push(connection);
    const state: ConnectionState = { scanned: 0, answered: 0, printed: false };
    socket.on('error', () => undefined);
    socket.on('close', () => {
      connection.closed = true;
      sockets.delete(socket);
      closedWaiters.forEach((wake) => wake());
    });
    if (mode === 'stalled') {
      socket.pause();
      return;
    }
    if (options.asb) socket.write(asbFrame);
    const take = paced(socket, options, (chunk) => {
      connection.bytes = Buffer.concat([connection.bytes, chunk]);
      connection.lastByteAt = performance.now();
      answer(socket, connection, state);
      // Jammed: the first query (a whole chunk of it) is answered, then nothing more is read.
      if (mode === 'jammed' && state.answered > 0) socket.pause();
    });
    socket.on('data', take);
  }

  async function listen() {
    const next = net.createServer(onConnection);
    await new Promise<void>((resolve, reject) => {
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => resolve());
    });
    port = (next.address() as net.AddressInfo).port;
    server = next;
  }

  async function stopListening() {
    const current = server;
    server = null;
    if (!current) return;
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => current.close(() => resolve()));
  }

  if (mode !== 'off') await listen();
  else {
    // Reserve a port number that refuses connections, so `off` from the start has an address.
    await listen();
    await stopListening();
  }

  return {
    host: '127.0.0.1',
    get port() {
      return port;
    },
    get url() {
      return `tcp://127.0.0.1:${port}`;
    },
    mode: () => mode,
    setDrawerPin(level) {
      drawerBit = level === 'high' ? 0x04 : 0;
    },
    async setMode(next) {
      const wasOff = mode === 'off';
      mode = next;
      if (next === 'off' && !wasOff) await stopListening();
      if (next !== 'off' && wasOff) await listen();
    },
    connections: () => captured,
    received: () => Buffer.concat(captured.map((connection) => connection.bytes)),
    clear() {
      captured = [];
    },
    waitForClosed(count, timeoutMs = 5_000) {
      return new Promise<void>((resolve, reject) => {
        const check = () => {
          if (captured.filter((connection) => connection.closed).length >= count) {
            closedWaiters.delete(check);
            clearTimeout(timer);
            resolve();
          }
        };
        const timer = setTimeout(() => {
          closedWaiters.delete(check);
          reject(new Error(`fake printer: ${count} closed connections expected within ${timeoutMs} ms`));
        }, timeoutMs);
        closedWaiters.add(check);
        check();
      });
    },
    close: () => stopListening(),
  };
}

/** Hands arriving bytes on at once, or at `bytesPerSecond` once `bufferBytes` have been taken. */
function paced(socket: net.Socket, options: { bytesPerSecond?: number; bufferBytes?: number }, take: (chunk: Buffer) => void): (chunk: Buffer) => void {
  const rate = options.bytesPerSecond;
  if (!rate) return take;
  const started = performance.now();
  let waiting = Buffer.alloc(0);
  let taken = 0;
  const timer = setInterval(() => {
    const allowed = (options.bufferBytes ?? 1_024) + Math.floor(((performance.now() - started) / 1_000) * rate) - taken;
    if (allowed <= 0 || waiting.length === 0) return;
    const part = waiting.subarray(0, allowed);
    waiting = waiting.subarray(part.length);
    taken += part.length;
    take(Buffer.from(part));
  }, 10);
  socket.on('close', () => clearInterval(timer));
  return (chunk) => {
    waiting = Buffer.concat([waiting, chunk]);
  };
}

/** A fake printer for the enclosing `describe`: started in beforeAll, stopped in afterAll. */
export function useFakePrinter(mode: FakePrinterMode = 'ready'): () => FakePrinter {
  let printer: FakePrinter | null = null;
  beforeAll(async () => {
    printer = await startFakePrinter({ mode });
  });
  afterAll(async () => {
    await printer?.close();
  });
  return () => {
    if (!printer) throw new Error('fake printer used outside its describe block');
    return printer;
  };
}
