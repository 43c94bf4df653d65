import { spawn, type ChildProcessByStdio } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { build } from 'esbuild';

/**
 * A child script of the kill tests, bundled once per test file into one file, so each of
 * the hundreds of restarts starts as plain `node` reading one file: no TypeScript to compile on
 * every life (`--import tsx` cost about a second per start on two busy cores). better-sqlite3 stays
 * outside (a native addon) and is found through NODE_PATH, so the bundle may live in a temp folder.
 * Each life starts through child-start.ts, which keeps V8's compiled code of the bundle from one
 * life to the next.
 */
export interface ChildBundle {
  file: string;
  /** Starts one life of the child with its order as the one argument. */
  start(order: unknown): ChildProcessByStdio<null, Readable, Readable>;
}

export async function bundleChild(entry: string, outDir: string): Promise<ChildBundle> {
  const repo = path.resolve(import.meta.dirname, '../..');
  fs.mkdirSync(outDir, { recursive: true });
  const name = path.basename(entry, '.ts');
  // CommonJS, whose require honours NODE_PATH (an ESM import of better-sqlite3 would not): a child
  // therefore keeps its awaits inside a function (no top-level await).
  await build({
    entryPoints: { [name]: path.resolve(repo, entry), 'child-start': path.resolve(repo, 'test/helpers/child-start.ts') },
    bundle: true, platform: 'node', format: 'cjs', target: 'node20', minify: true, outdir: outDir, outExtension: { '.js': '.cjs' }, external: ['better-sqlite3'], logLevel: 'error',
  });
  const file = path.join(outDir, `${name}.cjs`);
  const starter = path.join(outDir, 'child-start.cjs');
  const env = { ...process.env, NODE_PATH: path.join(repo, 'node_modules') };
  return {
    file,
    start: (order) => spawn(process.execPath, [starter, file, JSON.stringify(order)], { cwd: repo, env, stdio: ['ignore', 'pipe', 'pipe'] }),
  };
}
