#!/usr/bin/env node
// Packages the Electron app. better-sqlite3 is compiled for Electron's ABI here, at packaging
// time, into build/native/, and the packaged main process loads it with better-sqlite3's
// `nativeBinding` option (resources/native/better_sqlite3.node). npm install never builds for
// Electron: on the offline build machines that step would silently produce a Node build.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const electronVersion = JSON.parse(fs.readFileSync(path.join(root, 'node_modules/electron/package.json'), 'utf8')).version;
const run = (command, args, cwd = root, env = process.env) => {
  const result = spawnSync(command, args, { cwd, env, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`dist: ${command} ${args.join(' ')} failed`);
    process.exit(1);
  }
};

run(process.execPath, [path.join(root, 'node_modules/electron-vite/bin/electron-vite.js'), 'build']);

// Build a private copy of better-sqlite3 against Electron's headers.
const work = path.join(root, 'build/native-src');
fs.rmSync(work, { recursive: true, force: true });
fs.cpSync(path.join(root, 'node_modules/better-sqlite3'), work, { recursive: true });
fs.rmSync(path.join(work, 'build'), { recursive: true, force: true });
// npm tells its scripts where its bundled node-gyp is; outside npm, a global node-gyp is needed.
const nodeGyp = process.env.npm_config_node_gyp;
const gypArgs = ['rebuild', '--release', `--target=${electronVersion}`, '--dist-url=https://electronjs.org/headers'];
// This machine's npm sets nodedir to the system Node headers; for Electron it must not apply.
const { npm_config_nodedir: _nodeHeaders, ...electronEnv } = process.env;
if (nodeGyp) run(process.execPath, [nodeGyp, ...gypArgs], work, electronEnv);
else run('node-gyp', gypArgs, work, electronEnv);
fs.mkdirSync(path.join(root, 'build/native'), { recursive: true });
fs.copyFileSync(path.join(work, 'build/Release/better_sqlite3.node'), path.join(root, 'build/native/better_sqlite3.node'));

run('npx', ['--no-install', 'electron-builder', '--config', 'electron-builder.yml', ...process.argv.slice(2)]);
