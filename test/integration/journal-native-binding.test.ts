import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { journalFile, openJournal } from '../../electron/journal';
import { tempFolder } from '../helpers/temp-folder';

describe('the journal engine cannot be loaded', () => {
  it('pauses selling with a clear message and never mistakes it for a damaged file', () => {
    const dataDir = tempFolder('lobby-pos-native-');
    const file = journalFile(dataDir);
    const first = openJournal({ file, terminalId: 'T01' });
    if (!first.ok) throw new Error(first.error.message);
    first.value.close();
    const before = fs.readFileSync(file);

    // As under Electron without its own better-sqlite3 build: the binding is not there.
    const opened = openJournal({ file, terminalId: 'T01', nativeBinding: path.join(dataDir, 'missing', 'better_sqlite3.node') });
    expect(opened).toMatchObject({ ok: false, error: { code: 'JOURNAL_UNAVAILABLE', message: expect.stringMatching(/engine could not be loaded/) } });
    expect(opened.ok ? undefined : opened.movedTo).toBeUndefined();
    expect(fs.readFileSync(file).equals(before)).toBe(true);
    expect(fs.readdirSync(dataDir).filter((name) => name.includes('corrupt'))).toEqual([]);
  });
});
