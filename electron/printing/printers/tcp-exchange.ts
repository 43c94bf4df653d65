import net from 'node:net';

/** Where a TCP exchange with a printer got to; messages to staff depend on it. */
export type ExchangeStage = 'connect' | 'status' | 'send' | 'confirm';

export type ExchangeOutcome<T> =
  | { ok: true; value: T }
  | { ok: false; stage: ExchangeStage; reason: 'deadline' | 'refused' | 'unreachable' | 'closed' | 'error'; detail: string };

export interface ExchangeLink {
  /** Marks progress, so a failure says where it happened. */
  stage(stage: ExchangeStage): void;
  /** Resolves once the bytes are handed to the operating system. */
  send(bytes: Uint8Array): Promise<void>;
  /** The next answer from the printer, as many bytes as `lengthOf` asks for once it can tell. */
  receive(lengthOf: (received: Uint8Array) => number | null): Promise<Buffer>;
}

/**
 * One connection to a network printer, start to finish inside `deadlineMs` (connecting inside
 * `connectMs`): our own hard deadline, because a socket timeout only measures idle time and a
 * printer that trickles or swallows bytes would never trip it. The socket is always destroyed at
 * the end; every failure comes back as a value.
 */
export function exchange<T>(
  target: { host: string; port: number },
  limits: { deadlineMs: number; connectMs: number; signal?: AbortSignal },
  script: (link: ExchangeLink) => Promise<T>,
): Promise<ExchangeOutcome<T>> {
  return new Promise((resolve) => {
    let stage: ExchangeStage = 'connect';
    let inbox = Buffer.alloc(0);
    let wake: (() => void) | null = null;
    let closed = false;
    let settled = false;

    const socket = net.connect({ host: target.host, port: target.port });
    socket.setNoDelay(true);

    const finish = (outcome: ExchangeOutcome<T>) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      clearTimeout(connectDeadline);
      limits.signal?.removeEventListener('abort', stopping);
      socket.destroy();
      resolve(outcome);
    };
    const failure = (reason: 'deadline' | 'refused' | 'unreachable' | 'closed' | 'error', detail: string): ExchangeOutcome<T> => ({
      ok: false,
      stage,
      reason,
      detail,
    });

    const deadline = setTimeout(() => finish(failure('deadline', `no progress within ${limits.deadlineMs} ms`)), limits.deadlineMs);
    const connectDeadline = setTimeout(
      () => finish(failure('deadline', `no connection within ${Math.min(limits.connectMs, limits.deadlineMs)} ms`)),
      Math.min(limits.connectMs, limits.deadlineMs),
    );
    // The till is stopping: the exchange ends where it got to, as at its deadline (a receipt cut
    // off while sending may be on paper, and is treated so).
    const stopping = () => finish(failure('closed', 'the till is stopping'));
    if (limits.signal?.aborted) stopping();
    else limits.signal?.addEventListener('abort', stopping, { once: true });

    socket.on('error', (error: NodeJS.ErrnoException) => {
      const code = error.code ?? 'error';
      if (code === 'ECONNREFUSED') finish(failure('refused', 'connection refused'));
      else if (['EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTDOWN'].includes(code)) finish(failure('unreachable', code));
      else finish(failure('error', code));
    });
    socket.on('data', (chunk: Buffer) => {
      inbox = Buffer.concat([inbox, chunk]);
      wake?.();
    });
    socket.on('close', () => {
      closed = true;
      wake?.();
    });

    const link: ExchangeLink = {
      stage: (next) => {
        stage = next;
      },
      send: (bytes) =>
        new Promise<void>((done, fail) => {
          socket.write(bytes, (error) => (error ? fail(error) : done()));
        }),
      receive: (lengthOf) =>
        new Promise<Buffer>((done, fail) => {
          const check = () => {
            const length = lengthOf(inbox);
            if (length !== null && inbox.length >= length) {
              wake = null;
              const reply = inbox.subarray(0, length);
              inbox = inbox.subarray(length);
              done(Buffer.from(reply));
            } else if (closed) {
              wake = null;
              fail(new Error('the printer closed the connection'));
            }
          };
          wake = check;
          check();
        }),
    };

    socket.once('connect', () => {
      clearTimeout(connectDeadline);
      stage = 'status';
      script(link).then(
        (value) => finish({ ok: true, value }),
        (error: unknown) => finish(failure('closed', error instanceof Error ? error.message : String(error))),
      );
    });
  });
}
