import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * vitest globalSetup: every test run gets one temp root, handed to the test workers as TMPDIR so
 * that each `os.tmpdir()` folder a test or helper makes lands inside it, and the root is removed
 * when the run ends, so a run never leaves folders in the system temp directory. Tests clean up
 * after themselves: a `lobby-…` folder still there at the end fails the run, naming it.
 */
export default function setup(): () => void {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lobby-test-run-'));
  // Others may pass through (not list or write), like the system temp dir they replace: a test
  // running as root drops to `nobody` in a child to meet real file permissions, and that child must
  // reach its own folder. Each test's folder inside keeps its own mode.
  fs.chmodSync(root, 0o711);
  const previous = process.env.TMPDIR;
  process.env.TMPDIR = root;
  return () => {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    // Our tests' folders are all named lobby-…; others' (tsx's cache, a browser's profile) are theirs to keep.
    const left = fs.readdirSync(root).filter((name) => name.startsWith('lobby-'));
    fs.rmSync(root, { recursive: true, force: true, maxRetries: 3 });
    // Tests clean up after themselves (tempFolder, or their own rmSync): one that did not fails the
    // run. vitest only reports an error thrown here, so the exit code says it too.
    if (left.length > 0) {
      process.exitCode = 1;
      throw new Error(`Tests left ${left.length} folder(s) in the temp dir: ${left.join(', ')}. Make them with tempFolder() (test/helpers/temp-folder.ts) or remove them.`);
    }
  };
}
