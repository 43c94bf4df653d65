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

/**
 * One try's deadline for a document. A network printer takes bytes only as fast as it prints once
 * its buffer (a few KB) is full, so its answer after a long job (a group's 40 tear-off stubs, each
 * fed and cut) comes when the paper is out, not when the bytes left. `baseMs` covers an ordinary
 * receipt; a longer paper gets the time a slow printer (60 mm/s: about 70 ms a line, and a second
 * for each extra feed and cut) needs on top, or the try is cut off half way through the stubs, and
 * so is every COPY after it.
 */
export const ordinaryPaper = { lines: 100, cuts: 1 };
const msPerLine = 70;
const msPerCut = 1_000;
export function printDeadlineMs(baseMs: number, document: { paper?: { lines: number; cuts: number } }): number {
  const paper = document.paper ?? ordinaryPaper;
  return baseMs + Math.max(0, paper.lines - ordinaryPaper.lines) * msPerLine + Math.max(0, paper.cuts - ordinaryPaper.cuts) * msPerCut;
}

/** A deadline as the shared sentences say it: seconds to a tenth ("2.5 s"), each language writing the number its way. */
export const waitOf = (ms: number): number => Math.round(ms / 100) / 10;
