import path from 'node:path';

export const productName = 'Lobby POS';

/**
 * The same folder Electron's `app.getPath('userData')` gives for this product name, computed in
 * plain Node so the preview host and the Electron app share one journal on the same machine.
 */
export function defaultDataDir(platform: NodeJS.Platform, env: NodeJS.ProcessEnv, home: string): string {
  if (platform === 'win32') return path.win32.join(env.APPDATA ?? path.win32.join(home, 'AppData', 'Roaming'), productName);
  if (platform === 'darwin') return path.posix.join(home, 'Library', 'Application Support', productName);
  return path.posix.join(env.XDG_CONFIG_HOME || path.posix.join(home, '.config'), productName);
}
