#!/usr/bin/env node
// `npm run check`: the three type checks and the lint, side by side. Each is one single-threaded
// process, so on a 2-core machine two at a time finish in about 30 s where one after another took
// 48 s (from a cold start, as on CI). Each check's output is printed whole as it ends, never mixed
// with another's; the exit code is 1 if any failed.
import { spawn } from 'node:child_process';
import os from 'node:os';

const checks = [
  ['types: main, preload and tests', 'tsc', ['-p', 'tsconfig.node.json', '--noEmit']],
  ['types: renderer', 'tsc', ['-p', 'tsconfig.web.json', '--noEmit']],
  ['types: browser tests', 'tsc', ['-p', 'tsconfig.e2e.json', '--noEmit']],
  ['lint', 'eslint', ['.']],
];

function run([name, command, args]) {
  const started = performance.now();
  return new Promise((resolve) => {
    // The local binaries npm puts on PATH for its scripts; `shell` lets Windows find the .cmd shims.
    const child = spawn(command, args, { shell: process.platform === 'win32', stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => (output += `${error.message}\n`));
    child.on('close', (code) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      process.stdout.write(`${code === 0 ? 'ok' : 'FAILED'}: ${name} (${seconds} s)\n${output}`);
      resolve(code === 0);
    });
  });
}

const queue = [...checks];
const width = Math.max(1, Math.min(queue.length, os.availableParallelism()));
const results = await Promise.all(
  Array.from({ length: width }, async () => {
    const passed = [];
    for (let check = queue.shift(); check; check = queue.shift()) passed.push(await run(check));
    return passed.every(Boolean);
  }),
);
process.exit(results.every(Boolean) ? 0 : 1);
