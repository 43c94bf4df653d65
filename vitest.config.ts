import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';
// With its extension: Vite's native config loader (its future default) resolves no other way.
import SlowFirstSequencer from './test/slow-first-sequencer.ts';

export default defineConfig({
  // The renderer's aliases (tsconfig.web.json), for unit tests of renderer modules such as i18n.
  resolve: { alias: { '@shared': resolve('shared'), '@ui': resolve('renderer/src/ui'), '@renderer': resolve('renderer/src') } },
  test: {
    include: ['test/unit/**/*.test.ts', 'test/integration/**/*.test.ts'],
    environment: 'node',
    // One temp root per run, removed at the end (test/temp-root.ts); the processes the run starts
    // without NODE_EXTRA_CA_CERTS, which each Node start would parse (test/without-extra-ca-certs.ts).
    globalSetup: ['test/temp-root.ts', 'test/without-extra-ca-certs.ts'],
    // Each file's tempFolder()s are removed as the file ends (test/helpers/temp-folder.ts).
    setupFiles: ['test/remove-temp-folders.ts'],
    // Four files at a time on two cores: the long files (kill runs, printer outages, PostgreSQL
    // restarts) mostly wait on child processes and real clocks, so the others fill that time
    // (the whole run here: 376 s with two workers, 335 s with three, on a faster day). With three,
    // the three kill runs held every worker for their first 300 s and the printer outages (mostly
    // waiting out 12 s and 64 s) started only after them: 495 s with three, 455 s with four.
    maxWorkers: 4,
    // Each worker keeps the modules it loaded from one file to the next instead of importing the
    // app again for every file: importing took 58 of the run's 644 CPU seconds, now 16 (the whole
    // run 355 s → 290 s here). Safe because nothing of ours keeps state in a module (services are
    // factories), and every file passes alone, files and tests in any order (`--sequence.shuffle`;
    // a suite whose tests are steps of one story says `{ shuffle: false }`, and keeps its order).
    isolate: false,
    sequence: { sequencer: SlowFirstSequencer },
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});
