import { parseArgs } from 'node:util';
import { serveFromCli, wholeNumberFlag } from '../../core/http/serve-cli';
import { startTerminalServer } from './server';
import { createTerminalSimulator, SIMULATOR_DEFAULT_SECRET_KEY } from './terminal-simulator';

/**
 * npm run terminal -- --port N [--secret-key KEY] [--data FILE] [--auto-present MS] [--step MS]
 * Serves the simulated terminal (Paystack's Terminal API and /__terminal/* controls) on 127.0.0.1
 * until SIGINT/SIGTERM.
 */

const USAGE = 'usage: npm run terminal -- --port N [--secret-key KEY] [--data FILE] [--auto-present MS] [--step MS]';

serveFromCli(USAGE, async () => {
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
  const port = wholeNumberFlag(values.port, 'port', 65535) ?? 0;
  const autoPresentMs = wholeNumberFlag(values['auto-present'], 'auto-present', 600_000);
  const stepMs = wholeNumberFlag(values.step, 'step', 60_000);
  const simulator = createTerminalSimulator({
    secretKey: values['secret-key'] ?? SIMULATOR_DEFAULT_SECRET_KEY,
    ...(values.data !== undefined && { dataFile: values.data }),
    timings: { ...(autoPresentMs !== undefined && { autoPresentMs }), ...(stepMs !== undefined && { stepMs }) },
  });
  return { server: await startTerminalServer({ handle: simulator.handle, port }), beforeClose: () => simulator.close() };
});
