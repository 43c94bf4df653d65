import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { journalFile, openJournal, type Journal } from '../../electron/journal';
import { cleanCloseNote, wholeCheckAtLeastEveryMs } from '../../electron/journal/clean-close';
import { filledJournal, garblePageOf } from '../helpers/journal-damage';
import { tempFolder } from '../helpers/temp-folder';

/**
 * The whole-file damage check at open (quick_check) is skipped only for a journal closed cleanly,
 * unchanged since and checked within the week (electron/journal/clean-close.ts). Every other open
 * checks it, and a damaged file is still set aside.
 */

const freshFile = () => journalFile(tempFolder('lobby-whole-check-'));

function openAt(file: string, now = new Date()): Journal {
  const opened = openJournal({ file, terminalId: 'T01', clock: () => now });
  if (!opened.ok) throw new Error(`journal did not open: ${opened.error.message}`);
  return opened.value;
}

describe('the whole-file check at open', () => {
  it('is skipped after a clean close, and the note of that close goes as the journal opens', async () => {
    const file = freshFile();
    await filledJournal(file, 5);
    const note = cleanCloseNote(file);
    expect(fs.existsSync(note)).toBe(true);
    if (process.platform !== 'win32') expect(fs.statSync(note).mode & 0o777).toBe(0o600);

    const first = openAt(file);
    expect(first.wholeFileCheck.atOpen).toBe(false);
    // Gone while the journal is open: a crash from here leaves nothing that would skip the check.
    expect(fs.existsSync(note)).toBe(false);
    first.close();

    const second = openAt(file);
    expect(second.wholeFileCheck).toEqual({ atOpen: false, lastAt: first.wholeFileCheck.lastAt });
    second.close();
  });

  it('runs on a copy of a cleanly closed journal, even one that keeps the times and the note (a backup put back)', async () => {
    const file = freshFile();
    await filledJournal(file, 5);
    // A modification time in whole seconds, which a copy keeps exactly; the note taken after it.
    fs.utimesSync(file, 1_790_000_000, 1_790_000_000);
    openAt(file).close();
    const copy = journalFile(tempFolder('lobby-whole-check-copy-'));
    fs.cpSync(file, copy, { preserveTimestamps: true });
    fs.cpSync(cleanCloseNote(file), cleanCloseNote(copy), { preserveTimestamps: true });
    const [original, copied] = [fs.statSync(file, { bigint: true }), fs.statSync(copy, { bigint: true })];
    expect([copied.size, copied.mtimeNs]).toEqual([original.size, original.mtimeNs]);

    const opened = openAt(copy);
    expect(opened.wholeFileCheck.atOpen).toBe(true);
    opened.close();
  });

  it('runs when the file changed after the clean close, and sets a damaged file aside', async () => {
    const file = freshFile();
    await filledJournal(file, 30);
    expect(fs.existsSync(cleanCloseNote(file))).toBe(true);
    garblePageOf(file, 'cash_movements_by_shift');

    const opened = openJournal({ file, terminalId: 'T01' });
    expect(opened.ok).toBe(false);
    if (opened.ok) return;
    expect(opened.error.message).toMatch(/damaged/);
    expect(fs.existsSync(opened.movedTo!)).toBe(true);
  });

  it('runs at least weekly, whatever the clean closes', async () => {
    const file = freshFile();
    await filledJournal(file, 5);
    const first = openAt(file);
    const checkedAt = first.wholeFileCheck.lastAt;
    first.close();
    const justInside = openAt(file, new Date(checkedAt.getTime() + wholeCheckAtLeastEveryMs - 60_000));
    expect(justInside.wholeFileCheck).toEqual({ atOpen: false, lastAt: checkedAt });
    justInside.close();

    const weekLater = new Date(checkedAt.getTime() + wholeCheckAtLeastEveryMs);
    const due = openAt(file, weekLater);
    expect(due.wholeFileCheck).toEqual({ atOpen: true, lastAt: weekLater });
    due.close();
    // A clock set back before the last check does not stretch the week either.
    const setBack = openAt(file, new Date(weekLater.getTime() - 60_000));
    expect(setBack.wholeFileCheck.atOpen).toBe(true);
    setBack.close();
  });

  it('runs when another connection still had the file open at the close (its log was still there)', async () => {
    const file = freshFile();
    await filledJournal(file, 5);
    const first = openAt(file);
    const second = openAt(file);
    first.close();
    expect(fs.existsSync(cleanCloseNote(file))).toBe(false);
    second.close();
    // The last one out leaves the note.
    expect(fs.existsSync(cleanCloseNote(file))).toBe(true);
  });

  it('runs after a session that met damage, which sets the file aside at the next start', async () => {
    const file = freshFile();
    await filledJournal(file, 40);
    const journal = openAt(file);
    expect(journal.wholeFileCheck.atOpen).toBe(false);
    // A page goes bad under the running till (a disk fault): the journal meets it on a search.
    garblePageOf(file, 'sales');
    const search = journal.sales.search({ text: 'Customer', limit: 500 });
    expect(search.ok).toBe(false);
    journal.close();
    expect(fs.existsSync(cleanCloseNote(file))).toBe(false);

    const next = openJournal({ file, terminalId: 'T01' });
    expect(next.ok).toBe(false);
    if (next.ok) return;
    expect(next.movedTo).toBeDefined();
    expect(path.basename(next.movedTo!)).toMatch(/^journal\.sqlite\.corrupt-/);
  });
});
