import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * vitest globalSetup: every test run gets one temp root, handed to the test workers as TMPDIR so
 * that each `os.tmpdir()` folder a test or helper makes lands inside it, and the root is removed
 * when the run ends, whatever a test forgot. Tests still clean up after themselves; this is the
 * net under them, so a run never leaves folders in the system temp directory.
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
    fs.rmSync(root, { recursive: true, force: true, maxRetries: 3 });
  };
}
