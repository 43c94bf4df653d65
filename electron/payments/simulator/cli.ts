import { parseArgs } from 'node:util';
import { startTerminalServer } from './server';
import { createTerminalSimulator, SIMULATOR_DEFAULT_SECRET_KEY } from './terminal-simulator';

/**
 * npm run terminal -- --port N [--secret-key KEY] [--data FILE] [--auto-present MS] [--step MS]
 * Serves the simulated terminal (Paystack's Terminal API and /__terminal/* controls) on 127.0.0.1
 * until SIGINT/SIGTERM.
 */

const USAGE = 'usage: npm run terminal -- --port N [--secret-key KEY] [--data FILE] [--auto-present MS] [--step MS]';

function wholeNumber(value: string | undefined, name: string, max: number): number | undefined {
  if (value === undefined) return undefined;
  const n = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(n) || n > max) throw new Error(`--${name} must be a whole number from 0 to ${max}`);
  return n;
}

async function main() {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      'secret-key': { type: 'string' },
      data: { type: 'string' },
      'auto-present': { type: 'string' },
      step: { type: 'string' },
    },
    strict: true,
    allowPositionals: false,
  });
  const port = wholeNumber(values.port, 'port', 65535) ?? 0;
  const autoPresentMs = wholeNumber(values['auto-present'], 'auto-present', 600_000);
  const stepMs = wholeNumber(values.step, 'step', 60_000);
  const simulator = createTerminalSimulator({
    secretKey: values['secret-key'] ?? SIMULATOR_DEFAULT_SECRET_KEY,
    ...(values.data !== undefined && { dataFile: values.data }),
    timings: { ...(autoPresentMs !== undefined && { autoPresentMs }), ...(stepMs !== undefined && { stepMs }) },
  });
  const server = await startTerminalServer({ handle: simulator.handle, port });
  process.stdout.write(`listening on ${server.url}\n`);
  const stop = () => {
    simulator.close();
    void server.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n${USAGE}\n`);
  process.exit(2);
});
