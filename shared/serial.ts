/**
 * Runs async work strictly one after another, in call order; a failure does not stop the next.
 * Used where steps must not interleave: check-then-write sale steps, and a receipt printer that
 * serves one connection at a time.
 */
export function createSerialQueue() {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(work: () => Promise<T>): Promise<T> => {
    const run = tail.then(work, work);
    tail = run.catch(() => undefined);
    return run;
  };
}
