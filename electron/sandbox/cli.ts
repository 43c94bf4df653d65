import { parseArgs } from 'node:util';
import { serveFromCli, wholeNumberFlag } from '../core/http/serve-cli';
import { createSandbox, SANDBOX_DEFAULT_API_KEY } from './sandbox';
import { startSandboxServer } from './server';

/**
 * npm run sandbox -- --port N [--api-key KEY] [--data FILE] [--hotels COUNT] [--latency MS]
 * Serves the sandbox partner on 127.0.0.1 until SIGINT/SIGTERM.
 */

const USAGE = 'usage: npm run sandbox -- --port N [--api-key KEY] [--data FILE] [--hotels COUNT] [--latency MS]';

serveFromCli(USAGE, async () => {
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
  const port = wholeNumberFlag(values.port, 'port', 65535) ?? 0;
  const hotels = wholeNumberFlag(values.hotels, 'hotels', 1_000_000);
  const latencyMs = wholeNumberFlag(values.latency, 'latency', 600_000);
  const sandbox = createSandbox({
    apiKey: values['api-key'] ?? SANDBOX_DEFAULT_API_KEY,
    ...(values.data !== undefined && { dataFile: values.data }),
    ...(hotels !== undefined && { hotels }),
  });
  if (latencyMs !== undefined) sandbox.faults.set({ latencyMs });
  return { server: await startSandboxServer({ sandbox, port }) };
});
