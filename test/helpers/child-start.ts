/**
 * How each life of a kill test's child starts (child-bundle.ts): plain `node` runs this small file,
 * which runs the child's bundle through V8 with a code cache kept beside it, the same code as
 * `node <bundle> <order>` would run. Compiling the bundle's 800 KB again in every one of hundreds
 * of lives cost 25-50 ms of CPU each (of 300-400); with the cache, the functions a life needed up
 * to its first line come compiled (refunds-crash and payments-crash: about 16 % less CPU). The first life of a test file to print a line writes the cache
 * (lives killed before that leave none; a cache V8 refuses, as from another node, is written again).
 *
 *   node child-start.cjs <bundle.cjs> '<json order>'
 */
import fs from 'node:fs';
import { createRequire, wrap } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';

const file = path.resolve(process.argv[2]!);
// The child reads its order from argv[2], as when started as `node <bundle> <order>`.
process.argv.splice(1, 1);
const cacheFile = `${file}.v8-cache`;

let cachedData: Buffer | undefined;
try {
  cachedData = fs.readFileSync(cacheFile);
} catch {
  cachedData = undefined;
}
const script = new vm.Script(wrap(fs.readFileSync(file, 'utf8')), { filename: file, cachedData });

if (!cachedData || script.cachedDataRejected) {
  // Written as the first line goes out (READY, or a step of start-up recovery): by then the
  // functions of start-up (config, journal, sign-in) have run, so they are in it. Through a file
  // of its own and a rename, as four lives may write at once. A cache that cannot be written only
  // leaves the next life to compile again.
  const write = process.stdout.write;
  process.stdout.write = function (this: NodeJS.WriteStream, ...args: Parameters<typeof write>) {
    process.stdout.write = write;
    const partial = `${cacheFile}.${process.pid}`;
    try {
      fs.writeFileSync(partial, script.createCachedData());
      fs.renameSync(partial, cacheFile);
    } catch {
      fs.rmSync(partial, { force: true });
    }
    return write.apply(this, args);
  } as typeof write;
}

const module = { exports: {} };
(script.runInThisContext() as (...args: unknown[]) => void).call(module.exports, module.exports, createRequire(file), module, file, path.dirname(file));
