import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journalFile, openJournal, type Journal } from '../../electron/journal';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lobby-journal-staff-'));
const file = journalFile(root);
let journal: Journal;

beforeAll(() => {
  const opened = openJournal({ file, terminalId: 'K1' });
  if (!opened.ok) throw new Error(opened.error.message);
  journal = opened.value;
});
afterAll(() => {
  journal.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('staff and PINs', () => {
  it('starts with nobody, so the first run knows to ask for a supervisor', () => {
    expect(journal.staff.count()).toEqual({ ok: true, value: 0 });
  });

  it('stores a salted scrypt hash, never the PIN, and never hands the hash out', async () => {
    const first = await journal.staff.create({ name: 'Yusuf Danjuma', role: 'supervisor', pin: '7391' });
    const second = await journal.staff.create({ name: 'Halima Sani', role: 'cashier', pin: '7391' });
    if (!first.ok || !second.ok) throw new Error('staff not created');
    expect(Object.keys(first.value).sort()).toEqual(['active', 'createdAt', 'id', 'name', 'role']);

    const raw = new Database(file, { readonly: true });
    const hashes = raw.prepare<[], string>('SELECT pin_hash FROM staff ORDER BY id').pluck().all();
    raw.close();
    expect(hashes).toHaveLength(2);
    for (const hash of hashes) {
      expect(hash).not.toContain('7391');
      expect(hash).toMatch(/^scrypt\$\d+\$\d+\$\d+\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    }
    // Same PIN, different salt: the hashes tell nothing about who shares a PIN.
    expect(hashes[0]).not.toBe(hashes[1]);
    expect(journal.staff.count()).toEqual({ ok: true, value: 2 });
    expect(journal.staff.list()).toMatchObject({ ok: true, value: [{ name: 'Halima Sani', role: 'cashier' }, { name: 'Yusuf Danjuma', role: 'supervisor' }] });
  });

  it('accepts the right PIN and refuses a wrong one or an unknown person alike', async () => {
    const list = journal.staff.list();
    if (!list.ok) throw new Error(list.error.message);
    const yusuf = list.value.find((s) => s.name === 'Yusuf Danjuma')!;
    expect(await journal.staff.verifyPin({ staffId: yusuf.id, pin: '7391' })).toEqual({ ok: true, value: yusuf });

    const wrong = await journal.staff.verifyPin({ staffId: yusuf.id, pin: '7392' });
    const nobody = await journal.staff.verifyPin({ staffId: 999, pin: '7391' });
    expect(wrong).toMatchObject({ ok: false, error: { code: 'UNAUTHORIZED' } });
    expect(nobody).toEqual(wrong);
  });

  it('refuses weak or malformed PINs, empty names and duplicate names', async () => {
    expect(await journal.staff.create({ name: 'Obi', role: 'cashier', pin: '12' })).toMatchObject({ ok: false, error: { code: 'VALIDATION', fields: { pin: expect.any(Array) } } });
    expect(await journal.staff.create({ name: 'Obi', role: 'cashier', pin: '12ab' })).toMatchObject({ ok: false, error: { code: 'VALIDATION', fields: { pin: expect.any(Array) } } });
    expect(await journal.staff.create({ name: '  ', role: 'cashier', pin: '1234' })).toMatchObject({ ok: false, error: { code: 'VALIDATION', fields: { name: expect.any(Array) } } });
    expect(await journal.staff.create({ name: 'Obi', role: 'manager' as 'cashier', pin: '1234' })).toMatchObject({ ok: false, error: { code: 'VALIDATION', fields: { role: expect.any(Array) } } });
    expect(await journal.staff.create({ name: 'halima sani', role: 'cashier', pin: '1234' })).toMatchObject({ ok: false, error: { code: 'CONFLICT', fields: { name: expect.any(Array) } } });
  });
});
