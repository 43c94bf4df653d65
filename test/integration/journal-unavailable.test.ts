import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { journalFile, openJournal, type Journal } from '../../electron/journal';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lobby-journal-unavailable-'));
// The read-only cases run in a child as another user (see below), which must be able to reach these files.
fs.chmodSync(root, 0o755);
afterAll(() => {
  for (const dir of fs.readdirSync(root)) fs.chmodSync(path.join(root, dir), 0o755);
  fs.rmSync(root, { recursive: true, force: true });
});

let dirCount = 0;
const freshFile = () => journalFile(path.join(root, `till-${++dirCount}`));

function open(file: string, options: { maxPageCount?: number; busyTimeoutMs?: number } = {}): Journal {
  const opened = openJournal({ file, terminalId: 'T01', ...options });
  if (!opened.ok) throw new Error(`journal did not open: ${opened.error.message}`);
  return opened.value;
}

/** A closed journal with a supervisor (id 1), an open shift and one pending sale S-1. */
async function preparedJournal(): Promise<string> {
  const file = freshFile();
  const journal = open(file);
  const staff = await journal.staff.create({ name: 'Bola Adeyemi', role: 'supervisor', pin: '2468' });
  if (!staff.ok) throw new Error(staff.error.message);
  journal.shifts.open({ staffId: staff.value.id, floatKobo: 0 });
  journal.sales.create({ id: 'S-1', staffId: staff.value.id, kind: 'hotel', quoteKobo: 4_500_000, request: {}, details: {} });
  journal.close();
  return file;
}

const saleInput = (id: string, note = '') => ({
  id,
  staffId: 1,
  kind: 'cinema' as const,
  quoteKobo: 350_000,
  request: { merchant_reference: id },
  details: { customer: { name: 'Chiamaka Eze' }, note },
  tenders: [{ kind: 'card' as const, amountKobo: 350_000 }],
});

/**
 * Root ignores file permissions, so when the tests run as root the journal code runs in a child
 * process as `nobody`, for whom the permissions are real. Otherwise the child runs as us.
 */
function runJournalAsOtherUser(file: string): Record<string, any> {
  const script = path.join(root, 'read-only-child.mts');
  fs.writeFileSync(
    script,
    `import { openJournal } from ${JSON.stringify(pathToFileURL(path.resolve('electron/journal/index.ts')).href)};
const opened = openJournal({ file: process.argv[2], terminalId: 'T01' });
if (!opened.ok) {
  console.log(JSON.stringify({ opened: false, error: opened.error }));
} else {
  const journal = opened.value;
  const read = journal.sales.get('S-1');
  const write = journal.sales.create(${JSON.stringify(saleInput('RO-1'))});
  const transition = journal.sales.transition('S-1', 'sent');
  console.log(JSON.stringify({ opened: true, read, write, transition, probe: journal.probe() }));
  journal.close();
}
`,
  );
  fs.chmodSync(script, 0o644);
  const asNobody = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
  // tsx's disk cache lives in the run's temp root, where `nobody` may not write.
  const env = { ...process.env, TSX_DISABLE_CACHE: '1' };
  const child = spawnSync(process.execPath, ['--import', 'tsx', script, file], { cwd: process.cwd(), env, encoding: 'utf8', timeout: 15_000, ...asNobody });
  const line = child.stdout.trim().split('\n').at(-1);
  if (!line) throw new Error(`child printed nothing: ${child.stderr}`);
  return JSON.parse(line);
}

describe('a journal that cannot be written', () => {
  it('refuses writes on a read-only file with JOURNAL_UNAVAILABLE, still reads, and shows down', async () => {
    const file = await preparedJournal();
    fs.chmodSync(path.dirname(file), 0o777);
    fs.chmodSync(file, 0o444);

    const outcome = runJournalAsOtherUser(file);
    expect(outcome.opened).toBe(true);
    expect(outcome.read).toMatchObject({ ok: true, value: { id: 'S-1', state: 'pending' } });
    expect(outcome.write.ok).toBe(false);
    expect(outcome.write.error.code).toBe('JOURNAL_UNAVAILABLE');
    expect(outcome.write.error.message).toMatch(/^The sale journal cannot be written, so selling is paused\. .*read-only/);
    expect(outcome.transition.error.code).toBe('JOURNAL_UNAVAILABLE');
    expect(outcome.probe.state).toBe('down');

    fs.chmodSync(file, 0o644);
    const journal = open(file);
    expect(journal.sales.get('RO-1')).toEqual({ ok: true, value: null });
    expect(journal.sales.get('S-1')).toMatchObject({ ok: true, value: { state: 'pending' } });
    journal.close();
  });

  it('refuses to open from a read-only folder with JOURNAL_UNAVAILABLE', async () => {
    const file = await preparedJournal();
    fs.chmodSync(file, 0o666);
    fs.chmodSync(path.dirname(file), 0o555);

    const outcome = runJournalAsOtherUser(file);
    expect(outcome.opened).toBe(false);
    expect(outcome.error.code).toBe('JOURNAL_UNAVAILABLE');
    expect(outcome.error.message).toMatch(/^The sale journal cannot be written, so selling is paused\. .*folder/);
    fs.chmodSync(path.dirname(file), 0o755);
  });

  it('reports a full disk (a real SQLITE_FULL) as JOURNAL_UNAVAILABLE and keeps no half-written sale', async () => {
    const file = await preparedJournal();
    // max_page_count can never go below the file's current size: 1 means "not one page more".
    const journal = open(file, { maxPageCount: 1 });
    const written: string[] = [];
    let refusal: ReturnType<Journal['sales']['create']> | null = null;
    for (let n = 1; n <= 100 && !refusal; n++) {
      const result = journal.sales.create(saleInput(`FULL-${n}`, 'x'.repeat(1500)));
      if (result.ok) written.push(result.value.sale.id);
      else refusal = result;
    }
    expect(refusal?.ok).toBe(false);
    if (!refusal || refusal.ok) return;
    expect(refusal.error.code).toBe('JOURNAL_UNAVAILABLE');
    expect(refusal.error.message).toMatch(/The disk is full/);
    expect(journal.probe()).toMatchObject({ state: 'down', detail: refusal.error.message });
    journal.close();

    const reopened = open(file);
    const failedId = `FULL-${written.length + 1}`;
    expect(reopened.sales.get(failedId)).toEqual({ ok: true, value: null });
    expect(reopened.sales.events(failedId)).toEqual({ ok: true, value: [] });
    for (const id of written) expect(reopened.sales.get(id)).toMatchObject({ ok: true, value: { id, state: 'pending' } });
    reopened.close();
  });

  it('reports a journal locked by another program as JOURNAL_UNAVAILABLE, then recovers', async () => {
    const file = await preparedJournal();
    const journal = open(file, { busyTimeoutMs: 50 });
    const intruder = new Database(file);
    intruder.exec('BEGIN IMMEDIATE');

    const blocked = journal.sales.create(saleInput('BUSY-1'));
    expect(blocked.ok).toBe(false);
    if (!blocked.ok) {
      expect(blocked.error.code).toBe('JOURNAL_UNAVAILABLE');
      expect(blocked.error.message).toMatch(/Another program is holding the journal/);
    }
    expect(journal.probe().state).toBe('down');

    intruder.exec('ROLLBACK');
    intruder.close();
    expect(journal.sales.create(saleInput('BUSY-1'))).toMatchObject({ ok: true, value: { created: true } });
    expect(journal.probe().state).toBe('ok');
    journal.close();
  });

  it('answers every call with JOURNAL_UNAVAILABLE once closed, instead of throwing', async () => {
    const file = await preparedJournal();
    const journal = open(file);
    journal.close();
    expect(journal.sales.create(saleInput('LATE-1'))).toMatchObject({ ok: false, error: { code: 'JOURNAL_UNAVAILABLE' } });
    expect(journal.sales.get('S-1')).toMatchObject({ ok: false, error: { code: 'JOURNAL_UNAVAILABLE' } });
    expect(journal.probe().state).toBe('down');
  });
});
