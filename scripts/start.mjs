#!/usr/bin/env node
// `npm start`: build when the sources are newer than the bundles, then run the Electron app.
// Where Electron cannot start (no binary and no way to download it, no display), say so in one
// line and serve the same app in the browser preview. `npm run start:browser` skips Electron.
import { spawn, spawnSync } from 'node:child_process';
import { buildIfNeeded } from './build-if-needed.mjs';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const browserOnly = args.includes('--browser');
const passThrough = args.filter((arg) => arg !== '--browser');

/** The Electron binary's path, downloading it once if it is missing; or the reason there is none. */
function findElectron() {
  if (process.env.ELECTRON_OVERRIDE_DIST_PATH) return { binary: path.join(process.env.ELECTRON_OVERRIDE_DIST_PATH, 'electron') };
  const dir = path.join(root, 'node_modules/electron');
  const read = () => {
    const pathFile = path.join(dir, 'path.txt');
    const binary = fs.existsSync(pathFile) && path.join(dir, 'dist', fs.readFileSync(pathFile, 'utf8'));
    return binary && fs.existsSync(binary) ? binary : null;
  };
  if (!fs.existsSync(dir)) return { reason: 'the electron package is not installed' };
  const existing = read();
  if (existing) return { binary: existing };
  const download = spawnSync(process.execPath, [path.join(dir, 'install.js')], { cwd: root, stdio: 'ignore', timeout: 120_000 });
  const downloaded = download.status === 0 && read();
  return downloaded ? { binary: downloaded } : { reason: 'its binary is not installed and could not be downloaded' };
}

function startPreview(reason) {
  if (reason) console.log(`Lobby POS: Electron cannot start here (${reason}); serving the same app in the browser preview instead.`);
  const host = spawn(process.execPath, [path.join(root, 'out/main/host.js'), ...passThrough], { cwd: root, stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => host.kill(signal));
  host.on('exit', (code) => process.exit(code ?? 0));
}

function startElectron(binary) {
  let stderr = '';
  const startedAt = Date.now();
  const child = spawn(binary, [root, ...passThrough], { cwd: root, stdio: ['ignore', 'inherit', 'pipe'] });
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
    process.stderr.write(chunk);
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('error', (error) => startPreview(error.message));
  child.on('exit', (code) => {
    // A quick failure is Electron failing to start (no display, missing libraries), not the app quitting.
    if (code !== 0 && Date.now() - startedAt < 10_000) {
      const firstLine = stderr.split('\n').find((line) => line.trim()) ?? `exit code ${code}`;
      return startPreview(firstLine.trim().slice(0, 160));
    }
    process.exit(code ?? 0);
  });
}

if (!buildIfNeeded()) process.exit(1);
if (browserOnly) startPreview();
else {
  const electron = findElectron();
  if (electron.binary) startElectron(electron.binary);
  else startPreview(electron.reason);
}
