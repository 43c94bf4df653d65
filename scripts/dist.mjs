#!/usr/bin/env node
// Packages the Electron app: the bundles, better-sqlite3 for Electron's ABI (shipped as
// resources/native/better_sqlite3.node, loaded with `nativeBinding`), then electron-builder.
// Needs internet (Electron's headers and binary).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildNativeForElectron } from './build-native-electron.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = (command, args) => {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`dist: ${command} ${args.join(' ')} failed`);
    process.exit(1);
  }
};

run(process.execPath, [path.join(root, 'node_modules/electron-vite/bin/electron-vite.js'), 'build']);
buildNativeForElectron();
run('npx', ['--no-install', 'electron-builder', '--config', 'electron-builder.yml', ...process.argv.slice(2)]);
