/**
 * A barcode scanner plugged in as a keyboard (the usual kind at a counter) types a code's
 * characters a few milliseconds apart and, set up as they ship, ends with Enter. A person's keys
 * come at least about 80 ms apart, even typing fast. Keys closer than this are one burst: a code,
 * never shortcuts to act on one by one (a receipt's reference typed as number keys and Enter on the
 * film screen would hold tickets).
 */
export const scannerGapMs = 50;

/** The shortest code read as a scan (a receipt's reference or booking number is longer). */
export const shortestScan = 6;

/** Keys that come along with a scanner's characters (Shift for capitals) and neither start nor end a burst. */
const modifiers = new Set(['Shift', 'Control', 'Alt', 'Meta', 'CapsLock', 'AltGraph']);

export const isModifierKey = (key: string) => modifiers.has(key);

/** Whether a key arriving at `at` is part of a burst that the previous key (at `lastAt`) began or continued. */
export const withinBurst = (at: number, lastAt: number) => at - lastAt <= scannerGapMs;

export interface ScanReader {
  /**
   * One key pressed outside a text field, `at` its time in ms. True when the key belongs to a
   * scanner's code (the second character on, and the Enter that ends it): the caller keeps it from
   * doing anything else.
   */
  key(key: string, at: number): boolean;
  /** Quiet since the last key (a scanner set up without the Enter): a burst long enough is a code. */
  quiet(): void;
}

/**
 * Reads scanner bursts out of single keys; `onScan` gets each code as typed.
 *
 * The quiet is measured by the page's clock, the gaps by the keys' own stamps. A busy machine may
 * hand a scanner's keys to the page late, in two lots with a pause between (a loaded test machine
 * did, after a code's first three keys): the pause looks like the end of a code, but the next key's
 * stamp is still a few ms after the last. So a quiet does not forget the burst: a head too short to
 * be a code waits for the rest, and a code already read when the rest arrives is read again, whole,
 * with `extendsCode` naming the part read before (the caller shows the whole code in its place).
 */
export function createScanReader(onScan: (code: string, extendsCode: string | null) => void): ScanReader {
  let code = '';
  let reported: string | null = null;
  let lastAt = Number.NEGATIVE_INFINITY;
  const report = () => {
    if (code.length < shortestScan || code === reported) return;
    onScan(code, reported);
    reported = code;
  };
  const restart = (first: string) => {
    code = first;
    reported = null;
  };
  return {
    key(key, at) {
      if (isModifierKey(key)) return false;
      const burst = withinBurst(at, lastAt);
      lastAt = at;
      if (key === 'Enter') {
        const ends = burst && code.length >= shortestScan;
        if (ends) report();
        restart('');
        return ends;
      }
      if ([...key].length !== 1) {
        restart('');
        return false;
      }
      if (burst) code += key;
      else restart(key);
      return burst;
    },
    quiet() {
      report();
    },
  };
}
