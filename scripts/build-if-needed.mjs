// Builds main, preload, host and renderer into out/ when any source is newer than the bundles.
// Shared by `npm start` and `npm run bench`, so neither runs stale or missing bundles.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outputs = ['out/main/index.js', 'out/main/host.js', 'out/preload/index.cjs', 'out/renderer/index.html'].map((p) => path.join(root, p));
const sources = ['electron', 'renderer', 'shared', 'resources', 'electron.vite.config.ts', 'package.json'].map((p) => path.join(root, p));

function newestMtime(entry) {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(entry).map((name) => newestMtime(path.join(entry, name))));
}

/** Returns true when out/ is current (built now or already); says why in one line when the build fails. */
export function buildIfNeeded({ label = 'Lobby POS' } = {}) {
  const built = outputs.every((file) => fs.existsSync(file)) ? Math.min(...outputs.map((file) => fs.statSync(file).mtimeMs)) : 0;
  if (built > Math.max(...sources.map(newestMtime))) return true;
  console.error(`${label}: building…`);
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules/electron-vite/bin/electron-vite.js'), 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) {
    console.error(`${label}: the build failed (see above).`);
    return false;
  }
  return true;
}
