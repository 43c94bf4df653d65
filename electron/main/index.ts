import { app, BrowserWindow, dialog, ipcMain, safeStorage, session } from 'electron';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { configKeyNames, configKeys } from '../core/config/keys';
import { loadConfig } from '../core/config/load';
import { createLogger } from '../core/logger';
import { createLogFile } from '../core/log-file';
import { ensurePrivateDir, looseSecretFile, restrictNewFiles } from '../core/private-files';
import { readSecretsOnce, secretFileNames } from '../app/secret-files';
import { createPosRuntime } from '../app/runtime';
import { saidError } from '../../shared/errors';
import { fail, ok, type Result } from '../../shared/result';
import { bindIpc, forwardEvents } from './ipc';
import { registerAppScheme, serveRenderer } from './renderer-protocol';
import { createSafeStorageSecretStore, encryptedKeyFileName } from './safe-storage-secrets';
import { hardenWebContents, lockDownSession } from './security';
import { appOrigin, originOf } from './trusted-origin';
import { createMainWindow } from './window';
import { relaunchApp } from './relaunch';

const here = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

// Journal, receipts, logs, settings and key: the till's user's alone (0600 files, 0700 folders).
restrictNewFiles();
app.enableSandbox();
registerAppScheme();

// A second copy would open a second journal writer and a second printer connection.
if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  void start();
}

async function start() {
  const devUrl = !app.isPackaged ? process.env.ELECTRON_RENDERER_URL : undefined;
  const trustedOrigins = [appOrigin, ...(devUrl ? [originOf(devUrl)!] : [])];
  const isTrustedUrl = (url: string) => trustedOrigins.includes(originOf(url) ?? '');
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents, isTrustedUrl));

  await app.whenReady();

  const flagOptions = Object.fromEntries(configKeyNames.map((key) => [configKeys[key].flag, { type: 'string' as const }]));
  const { values: flags } = parseArgs({ args: process.argv.slice(app.isPackaged ? 1 : 2), options: flagOptions, strict: false });
  const loaded = loadConfig({ flags: flags as Record<string, string | undefined>, defaultDataDir: app.getPath('userData') });
  if (!loaded.ok) {
    console.error(loaded.message);
    dialog.showErrorBox('Lobby POS cannot start', loaded.message);
    app.exit(1);
    return;
  }
  const { config } = loaded;
  ensurePrivateDir(config.dataDir);
  // Secret files others can read stop the start here, in one line, before anything reads them.
  const loose = looseSecretFile(config.dataDir, [...secretFileNames, encryptedKeyFileName]);
  if (loose) {
    console.error(`Lobby POS: ${loose}`);
    dialog.showErrorBox('Lobby POS cannot start', loose);
    app.exit(1);
    return;
  }
  const secrets = createSafeStorageSecretStore({ safeStorage, dataDir: config.dataDir });
  // Read once, here; the logger masks the key (and the other secrets) in every line it writes.
  const startupSecrets = readSecretsOnce(config.dataDir, secrets.codec);
  const logger = createLogger({ destination: await createLogFile(config.dataDir), secrets: () => [secrets.getApiKey(), ...startupSecrets] });
  // better-sqlite3 for Electron's ABI: shipped in resources when packaged, else build/native from
  // `npm run native:electron` (node_modules holds the Node build, which Electron cannot load).
  const nativeBinding = app.isPackaged ? path.join(process.resourcesPath, 'native', 'better_sqlite3.node') : path.join(app.getAppPath(), 'build', 'native', 'better_sqlite3.node');
  // Settings -> Restart now: refused while the saved settings cannot start the app; otherwise,
  // once the answer has gone out, the till stops as on quitting (sales in flight finish and are
  // journaled) and the app starts again with the same arguments.
  let restarting = false;
  const restart = (): Result<void> => {
    if (restarting) return ok(undefined);
    const again = loadConfig({ flags: flags as Record<string, string | undefined>, defaultDataDir: app.getPath('userData') });
    if (!again.ok) return fail(saidError('VALIDATION', 'said.settings.restartRefused', { reason: again.message }));
    restarting = true;
    setTimeout(async () => {
      await pos.close().catch((error: unknown) => logger.error('the till did not stop cleanly before its restart', { error }));
      relaunchApp();
      app.exit(0);
    }, 100);
    return ok(undefined);
  };
  const pos = createPosRuntime({ config, secrets, logger, version: app.getVersion(), configSources: loaded.sources, nativeBinding, restart });

  lockDownSession(session.defaultSession);
  serveRenderer(here('../renderer'));
  bindIpc({ ipcMain, dispatch: pos.dispatch, trustedOrigins, logger });

  const openWindow = () => {
    const window = createMainWindow({ profile: config.terminal.profile, preload: here('../preload/index.cjs'), url: devUrl ?? `${appOrigin}/index.html`, logger });
    forwardEvents(pos.screenEvents, window.webContents);
    return window;
  };
  let window = openWindow();

  app.on('second-instance', () => {
    if (window.isMinimized()) window.restore();
    window.focus();
  });
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) window = openWindow();
  });
  app.on('window-all-closed', () => app.quit());
  app.on('will-quit', () => void pos.close());
}
