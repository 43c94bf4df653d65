/**
 * What the command lines that serve a handler (`npm run sandbox`, `npm run terminal`) share: their
 * number flags, the one line that says where they listen, stopping on SIGINT/SIGTERM, and a
 * mistake told in one line with the usage (exit 2).
 */

/** A flag's whole number from 0 to `max`, or undefined when the flag was not given. */
export function wholeNumberFlag(value: string | undefined, name: string, max: number): number | undefined {
  if (value === undefined) return undefined;
  const n = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(n) || n > max) throw new Error(`--${name} must be a whole number from 0 to ${max}`);
  return n;
}

export interface ServedFromCli {
  server: { url: string; close(): Promise<void> };
  /** Anything to let go of before the server closes (a simulator's timers). */
  beforeClose?: () => void;
}

/** Runs `start`, prints `listening on URL`, and serves until SIGINT or SIGTERM. */
export function serveFromCli(usage: string, start: () => Promise<ServedFromCli>): void {
  start()
    .then(({ server, beforeClose }) => {
      process.stdout.write(`listening on ${server.url}\n`);
      const stop = () => {
        beforeClose?.();
        void server.close().then(() => process.exit(0));
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    })
    .catch((error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n${usage}\n`);
      process.exit(2);
    });
}
