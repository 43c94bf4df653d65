import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { journalFile, openJournal, type Journal } from '../../electron/journal';
import { tempFolder } from '../helpers/temp-folder';

/**
 * Staff and their PINs in the journal. Each case opens a journal of its own (removed with the
 * file's temp folders), so the cases pass alone and in any order.
 */
async function withJournal(work: (journal: Journal, file: string) => Promise<void> | void) {
  const file = journalFile(tempFolder('lobby-journal-staff-'));
  const opened = openJournal({ file, terminalId: 'K1' });
  if (!opened.ok) throw new Error(opened.error.message);
  try {
    await work(opened.value, file);
  } finally {
    opened.value.close();
  }
}

/** Yusuf (supervisor) and Halima (cashier), both with PIN 7391. */
async function yusufAndHalima(journal: Journal) {
  const yusuf = await journal.staff.create({ name: 'Yusuf Danjuma', role: 'supervisor', pin: '7391' });
  const halima = await journal.staff.create({ name: 'Halima Sani', role: 'cashier', pin: '7391' });
  if (!yusuf.ok || !halima.ok) throw new Error('staff not created');
  return { yusuf: yusuf.value, halima: halima.value };
}

describe('staff and PINs', () => {
  it('starts with nobody, so the first run knows to ask for a supervisor', () =>
    withJournal((journal) => {
      expect(journal.staff.count()).toEqual({ ok: true, value: 0 });
    }));

  it('stores a salted scrypt hash, never the PIN, and never hands the hash out', () =>
    withJournal(async (journal, file) => {
      const { yusuf } = await yusufAndHalima(journal);
      expect(Object.keys(yusuf).sort()).toEqual(['active', 'createdAt', 'id', 'name', 'role']);

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
    }));

  it('accepts the right PIN and refuses a wrong one or an unknown person alike', () =>
    withJournal(async (journal) => {
      const { yusuf } = await yusufAndHalima(journal);
      expect(await journal.staff.verifyPin({ staffId: yusuf.id, pin: '7391' })).toEqual({ ok: true, value: yusuf });

      const wrong = await journal.staff.verifyPin({ staffId: yusuf.id, pin: '7392' });
      const nobody = await journal.staff.verifyPin({ staffId: 999, pin: '7391' });
      expect(wrong).toMatchObject({ ok: false, error: { code: 'UNAUTHORIZED' } });
      expect(nobody).toEqual(wrong);
    }));

  it('refuses weak or malformed PINs, empty names and duplicate names', () =>
    withJournal(async (journal) => {
      await yusufAndHalima(journal);
      expect(await journal.staff.create({ name: 'Obi', role: 'cashier', pin: '12' })).toMatchObject({ ok: false, error: { code: 'VALIDATION', fields: { pin: expect.any(Array) } } });
      expect(await journal.staff.create({ name: 'Obi', role: 'cashier', pin: '12ab' })).toMatchObject({ ok: false, error: { code: 'VALIDATION', fields: { pin: expect.any(Array) } } });
      expect(await journal.staff.create({ name: '  ', role: 'cashier', pin: '1234' })).toMatchObject({ ok: false, error: { code: 'VALIDATION', fields: { name: expect.any(Array) } } });
      expect(await journal.staff.create({ name: 'Obi', role: 'manager' as 'cashier', pin: '1234' })).toMatchObject({ ok: false, error: { code: 'VALIDATION', fields: { role: expect.any(Array) } } });
      expect(await journal.staff.create({ name: 'halima sani', role: 'cashier', pin: '1234' })).toMatchObject({ ok: false, error: { code: 'CONFLICT', fields: { name: expect.any(Array) } } });
    }));
});
