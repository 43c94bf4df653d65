#!/usr/bin/env node
// Builds better-sqlite3 for Electron's ABI into build/native/better_sqlite3.node, which the
// Electron main process loads through better-sqlite3's `nativeBinding` option (packaged: from
// resources/native/). npm install keeps the Node build for tests, benches and the preview; it
// never builds for Electron (offline, that step would silently produce a Node build). Needs
// internet for Electron's headers.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const electronVersion = JSON.parse(fs.readFileSync(path.join(root, 'node_modules/electron/package.json'), 'utf8')).version;

export function buildNativeForElectron() {
  const work = path.join(root, 'build/native-src');
  fs.rmSync(work, { recursive: true, force: true });
  fs.cpSync(path.join(root, 'node_modules/better-sqlite3'), work, { recursive: true });
  fs.rmSync(path.join(work, 'build'), { recursive: true, force: true });
  // This machine's npm sets nodedir to the system Node headers; for Electron it must not apply.
  const { npm_config_nodedir: _nodeHeaders, ...env } = process.env;
  const gypArgs = ['rebuild', '--release', `--target=${electronVersion}`, '--dist-url=https://electronjs.org/headers'];
  // npm tells its scripts where its bundled node-gyp is; outside npm, a global node-gyp is needed.
  const nodeGyp = process.env.npm_config_node_gyp;
  const result = nodeGyp
    ? spawnSync(process.execPath, [nodeGyp, ...gypArgs], { cwd: work, env, stdio: 'inherit' })
    : spawnSync('node-gyp', gypArgs, { cwd: work, env, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('native: building better-sqlite3 for Electron failed (it needs internet for the headers)');
    process.exit(1);
  }
  fs.mkdirSync(path.join(root, 'build/native'), { recursive: true });
  fs.copyFileSync(path.join(work, 'build/Release/better_sqlite3.node'), path.join(root, 'build/native/better_sqlite3.node'));
  console.log(`native: build/native/better_sqlite3.node built for Electron ${electronVersion}`);
}

if (import.meta.url === `file://${process.argv[1]}`) buildNativeForElectron();
