import { parseArgs } from 'node:util';
import { createSandbox, SANDBOX_DEFAULT_API_KEY } from './sandbox';
import { startSandboxServer } from './server';

/**
 * npm run sandbox -- --port N [--api-key KEY] [--data FILE] [--hotels COUNT] [--latency MS]
 * Serves the sandbox partner on 127.0.0.1 until SIGINT/SIGTERM.
 */

const USAGE = 'usage: npm run sandbox -- --port N [--api-key KEY] [--data FILE] [--hotels COUNT] [--latency MS]';

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
      'api-key': { type: 'string' },
      data: { type: 'string' },
      hotels: { type: 'string' },
      latency: { type: 'string' },
    },
    strict: true,
    allowPositionals: false,
  });
  const port = wholeNumber(values.port, 'port', 65535) ?? 0;
  const hotels = wholeNumber(values.hotels, 'hotels', 1_000_000);
  const latencyMs = wholeNumber(values.latency, 'latency', 600_000);
  const sandbox = createSandbox({
    apiKey: values['api-key'] ?? SANDBOX_DEFAULT_API_KEY,
    ...(values.data !== undefined && { dataFile: values.data }),
    ...(hotels !== undefined && { hotels }),
  });
  if (latencyMs !== undefined) sandbox.faults.set({ latencyMs });
  const server = await startSandboxServer({ sandbox, port });
  process.stdout.write(`listening on ${server.url}\n`);
  const stop = () => {
    void server.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n${USAGE}\n`);
  process.exit(2);
});
