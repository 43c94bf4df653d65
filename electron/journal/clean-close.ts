import fs from 'node:fs';
import { z } from 'zod';

/**
 * Opening a journal reads the whole file for damage (SQLite's quick_check): a quarter to a third
 * of a second per 150 MB here, so a till that has sold for a year waits several seconds at every start,
 * and at every restart staff make for a setting. Damage comes from a stop the disk did not see
 * through (a power cut, a crash mid-write) or from something writing to the file from outside.
 * So a journal closed cleanly leaves a note beside it naming the file exactly as it was left
 * (size, modification and change times, inode): the next open skips the whole-file check when
 * the file is still exactly that, with no write-ahead log beside it (no other connection was
 * writing), and the last whole check is less than a week old. Anything else, a crash above all,
 * leaves no note (the open removes it before anything writes), and the file is checked.
 * Damage met while selling (SQLite says a page is corrupt) also leaves no note.
 */

/** How long a clean close may stand in for the whole-file check: a till checks at least weekly. */
export const wholeCheckAtLeastEveryMs = 7 * 24 * 60 * 60 * 1000;

const noteSchema = z.object({ file: z.string(), lastWholeCheck: z.iso.datetime() });

/** The note sits beside the journal: `journal.sqlite.closed`. */
export const cleanCloseNote = (file: string) => `${file}.closed`;

/** The file as the filesystem sees it; any write, copy or replacement changes it (the change time cannot be set back). */
function fingerprint(file: string): string | null {
  try {
    const stat = fs.statSync(file, { bigint: true });
    return [stat.dev, stat.ino, stat.size, stat.mtimeNs, stat.ctimeNs].join(':');
  } catch {
    return null;
  }
}

const hasWriteAheadLog = (file: string) => fs.existsSync(`${file}-wal`);

/**
 * Takes the note left by the last clean close (it is removed whatever it says, before the journal
 * is opened for writing) and says when the file was last checked whole, if it may skip the check
 * now; null when it must be checked.
 */
export function takeCleanCloseNote(file: string, now: Date): Date | null {
  const note = cleanCloseNote(file);
  let text: string;
  try {
    text = fs.readFileSync(note, 'utf8');
  } catch {
    return null;
  }
  const current = hasWriteAheadLog(file) ? null : fingerprint(file);
  try {
    fs.rmSync(note);
  } catch {
    // A note that cannot be removed would outlive a crash: not trusted.
    return null;
  }
  let parsed: z.infer<typeof noteSchema>;
  try {
    parsed = noteSchema.parse(JSON.parse(text));
  } catch {
    return null;
  }
  const lastWholeCheck = new Date(parsed.lastWholeCheck);
  const age = now.getTime() - lastWholeCheck.getTime();
  if (current === null || parsed.file !== current || age < 0 || age >= wholeCheckAtLeastEveryMs) return null;
  return lastWholeCheck;
}

/**
 * Leaves the note after the journal's connection has closed, unless another connection still
 * holds the file (its write-ahead log is still there). A note that cannot be written only means a
 * whole check at the next open. Created 0600, and put in place by a rename, so a half-written note
 * is never read. Not core's writePrivateFile: that one narrows the folder it writes in to 0700 and
 * waits for the disk, and a note lost to a power cut costs only a check, while the journal's file
 * may be given in any folder (the app's data folder is made private where the app starts).
 */
export function leaveCleanCloseNote(file: string, lastWholeCheck: Date): void {
  if (hasWriteAheadLog(file)) return;
  const current = fingerprint(file);
  if (current === null) return;
  const note = cleanCloseNote(file);
  const temp = `${note}.${process.pid}.tmp`;
  try {
    fs.writeFileSync(temp, JSON.stringify({ file: current, lastWholeCheck: lastWholeCheck.toISOString() }), { mode: 0o600 });
    fs.renameSync(temp, note);
  } catch {
    fs.rmSync(temp, { force: true });
  }
}
