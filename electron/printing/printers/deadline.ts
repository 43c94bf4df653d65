/**
 * Waits for `work` at most `ms`. The work itself is not cancelled (file and process I/O cannot
 * always be), so callers say what a late finish means; the timer never keeps the process alive.
 */
export function withinDeadline<T>(work: Promise<T>, ms: number): Promise<{ done: true; value: T } | { done: false }> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => resolve({ done: false }), ms);
    timer.unref();
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve({ done: true, value });
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** A deadline as the shared sentences say it: seconds to a tenth ("2.5 s"), each language writing the number its way. */
export const waitOf = (ms: number): number => Math.round(ms / 100) / 10;
