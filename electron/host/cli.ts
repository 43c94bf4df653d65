import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import packageJson from '../../package.json';
import { configKeyNames, configKeys } from '../core/config/keys';
import { loadConfig } from '../core/config/load';
import { createLogger } from '../core/logger';
import { createLogFile } from '../core/log-file';
import { createPosRuntime } from '../app/runtime';
import { saidError } from '../../shared/errors';
import { fail, ok } from '../../shared/result';
import { createRestartableRuntime } from './restartable-runtime';
import { createFileSecretStore } from '../core/secrets';
import { ensurePrivateDir, looseSecretFile, restrictNewFiles } from '../core/private-files';
import { readSecretsOnce, secretFileNames } from '../app/secret-files';
import { startHost } from './server';
import { hostTokenProblem } from './request-guard';

const configFlags = Object.fromEntries(configKeyNames.map((key) => [configKeys[key].flag, { type: 'string' as const }]));

async function main() {
  // Journal, receipts, logs, settings and key: the till's user's alone (0600 files, 0700 folders).
  restrictNewFiles();
  let args;
  try {
    args = parseArgs({ options: { port: { type: 'string' }, ...configFlags }, strict: true, allowPositionals: false });
  } catch (error) {
    console.error(`Lobby POS: ${(error as Error).message}`);
    process.exit(2);
  }
  const { port: portText, ...flags } = args.values as Record<string, string | undefined>;
  const port = portText === undefined ? 5170 : Number(portText);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`Lobby POS: --port must be a port number, got "${portText}"`);
    process.exit(2);
  }

  // A token given for automation must be as hard to guess as the random one (32 characters).
  const token = process.env.POS_HOST_TOKEN || randomBytes(24).toString('base64url');
  const tokenProblem = hostTokenProblem(token);
  if (tokenProblem) {
    console.error(`Lobby POS: ${tokenProblem}`);
    process.exit(2);
  }

  const loaded = loadConfig({ flags });
  if (!loaded.ok) {
    console.error(loaded.message);
    process.exit(1);
  }
  const { config } = loaded;
  ensurePrivateDir(config.dataDir);
  // Secret files others can read stop the start here, in one line, before anything reads them.
  const loose = looseSecretFile(config.dataDir, secretFileNames);
  if (loose) {
    console.error(`Lobby POS: ${loose}`);
    process.exit(1);
  }
  const secrets = createFileSecretStore({ dataDir: config.dataDir });
  // Read once, here; the logger masks the key (and the other secrets) in every line it writes.
  const startupSecrets = readSecretsOnce(config.dataDir);
  const logger = createLogger({ destination: await createLogFile(config.dataDir), secrets: () => [secrets.getApiKey(), ...startupSecrets] });
  // The settings are read at each start of the till, so a restart (Settings -> Restart now) runs
  // on config.json as saved; flags and environment, and so the data folder, stay as given.
  const runtime = createRestartableRuntime({
    load: () => {
      const current = loadConfig({ flags });
      if (!current.ok) return fail(saidError('VALIDATION', 'said.settings.restartRefused', { reason: current.message }));
      return ok((restart) => createPosRuntime({ config: current.config, secrets, logger, version: packageJson.version, configSources: current.sources, restart }));
    },
    logger,
    failed: (error) => {
      console.error(`Lobby POS: could not start again after the restart: ${(error as Error).message}`);
      process.exit(1);
    },
  });
  if (!runtime.ok) {
    // config.json changed under the start (it was read a moment ago): one line, as any bad setting.
    console.error(`Lobby POS: ${runtime.error.message}`);
    process.exit(1);
  }
  const till = runtime.value;

  const host = await startHost({ dispatch: till.dispatch, events: till.events, rendererDir: findRendererDir(), token, logger }, { port }).catch((error: NodeJS.ErrnoException) => {
    console.error(error.code === 'EADDRINUSE' ? `Lobby POS: port ${port} is already in use (is the preview already running?); choose another with --port N.` : `Lobby POS: cannot start the preview: ${error.message}`);
    process.exit(1);
  });
  console.log(`Lobby POS preview: ${host.url}`);

  const stop = async () => {
    await host.close();
    await till.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

/** Beside the bundle (out/main/host.js -> out/renderer), or out/renderer when run from source. */
function findRendererDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [process.env.POS_RENDERER_DIR, path.resolve(here, '../renderer'), path.resolve(here, '../../out/renderer')];
  const found = candidates.find((dir) => dir && fs.existsSync(path.join(dir, 'index.html')));
  if (!found) {
    console.error('Lobby POS: the screens are not built yet; run `npm run build` first.');
    process.exit(1);
  }
  return found;
}

void main();
