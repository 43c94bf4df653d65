import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { createPrng } from '../electron/sandbox/prng.ts';

/**
 * Vitest starts the files that run for a minute or more first, longest first, so the workers
 * finish together. Without this, a machine with no results cache (CI) runs larger files first,
 * and a kill run that starts last keeps one worker busy alone for two minutes at the end.
 * `--sequence.shuffle` still shuffles everything (tests pass in any order).
 */
const longestFirst = [
  'integration/payments-crash.test.ts',
  'integration/fleet-chaos.test.ts',
  'integration/refunds-crash.test.ts',
  'integration/print-queue-outages.test.ts',
  'integration/fuzz-dispatch.test.ts',
  'integration/sales-crash.test.ts',
];

export default class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { shuffle, seed } = this.ctx.config.sequence;
    if (shuffle) return shuffled(files, seed);
    const rank = (file: TestSpecification) => {
      const at = longestFirst.findIndex((name) => file.moduleId.replaceAll('\\', '/').endsWith(`test/${name}`));
      return at === -1 ? longestFirst.length : at;
    };
    // Array.prototype.sort is stable: the rest keep vitest's own order (cached durations, else size).
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

/** Fisher-Yates with the sandbox's seeded generator, so a shuffled run can be repeated with --sequence.seed. */
function shuffled<T>(items: T[], seed = Date.now()): T[] {
  const random = createPrng(seed);
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = random.int(0, i);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
