import crypto from 'node:crypto';
import fs from 'node:fs';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { journalFile, openJournal } from '../../electron/journal';
import { loadConfig } from '../../electron/core/config/load';
import { silentLogger } from '../../electron/core/logger';
import { createPosRuntime } from '../../electron/app/runtime';
import { createFileSecretStore } from '../../electron/core/secrets';
import { tempFolder } from '../helpers/temp-folder';

/** A journal with `count` confirmed sales, then one index page overwritten as a torn write would. */
async function damagedJournal(dataDir: string, count: number) {
  const file = journalFile(dataDir);
  const opened = openJournal({ file, terminalId: 'T01' });
  if (!opened.ok) throw new Error(opened.error.message);
  const journal = opened.value;
  const staff = await journal.staff.create({ name: 'Ada', role: 'supervisor', pin: '2468' });
  if (!staff.ok) throw new Error(staff.error.message);
  journal.shifts.open({ staffId: staff.value.id, floatKobo: 0 });
  for (let n = 1; n <= count; n++) {
    const created = journal.sales.create({ id: `SALE${n}xyz`, staffId: staff.value.id, kind: 'cinema', quoteKobo: 350_000, request: {}, details: { n }, tenders: [{ kind: 'card', amountKobo: 350_000 }] });
    if (!created.ok) throw new Error(created.error.message);
    journal.sales.transition(`SALE${n}xyz`, 'sent');
    journal.sales.transition(`SALE${n}xyz`, 'confirmed', { partnerReference: `EX${1000 + n}` });
  }
  journal.close();
  const raw = new Database(file, { readonly: true });
  const pageSize = raw.pragma('page_size', { simple: true }) as number;
  const page = raw.prepare<[], number>("SELECT max(pageno) FROM dbstat WHERE name = 'sales_by_state'").pluck().get()!;
  raw.close();
  const garbage = crypto.randomBytes(pageSize);
  garbage[0] = 0x55;
  const fd = fs.openSync(file, 'r+');
  fs.writeSync(fd, garbage, 0, pageSize, (page - 1) * pageSize);
  fs.closeSync(fd);
}

function runtime(dataDir: string, profile = 'counter') {
  const loaded = loadConfig({ env: {}, flags: { 'data-dir': dataDir, profile } });
  if (!loaded.ok) throw new Error(loaded.message);
  return createPosRuntime({ config: loaded.config, secrets: createFileSecretStore({ dataDir, env: {} }), logger: silentLogger, version: 'test' });
}

describe('a damaged journal, through the contract', () => {
  it('pauses selling, lists the set-aside file and exports what is readable', async () => {
    const dataDir = tempFolder('lobby-pos-salvage-');
    await damagedJournal(dataDir, 6);

    const pos = runtime(dataDir);
    const selling = await pos.api['sale:attention']({});
    expect(selling).toMatchObject({ ok: false, error: { code: 'JOURNAL_UNAVAILABLE', message: expect.stringMatching(/damaged/) } });
    const info = await pos.api['app:info']({});
    expect(info.ok && info.value.health.journal.state).toBe('down');

    const listed = await pos.api['journal:set-aside']({});
    if (!listed.ok) throw new Error(listed.error.message);
    expect(listed.value.files).toHaveLength(1);
    const [{ name }] = listed.value.files as [{ name: string }];
    expect(name).toMatch(/^journal\.sqlite\.corrupt-/);

    const exported = await pos.api['journal:salvage-export']({ name });
    if (!exported.ok) throw new Error(exported.error.message);
    expect(exported.value).toMatchObject({ rows: 6, complete: true, fileName: `${name}.csv` });
    for (let n = 1; n <= 6; n++) expect(exported.value.csv).toContain(`EX${1000 + n}`);

    expect(await pos.api['journal:salvage-export']({ name: 'journal.sqlite' })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    expect(await pos.api['journal:salvage-export']({ name: '../../etc/passwd' })).toMatchObject({ ok: false, error: { code: 'VALIDATION', fields: { name: expect.any(Array) } } });
    await pos.close();

    // A kiosk in a public lobby does not hand out customer data without a supervisor.
    const kiosk = runtime(dataDir, 'kiosk');
    // The next start opened a fresh journal, so a supervisor is needed again; nobody is signed in.
    expect(await kiosk.api['journal:salvage-export']({ name })).toMatchObject({ ok: false, error: { code: 'UNAUTHORIZED' } });
    await kiosk.close();
  });
});
