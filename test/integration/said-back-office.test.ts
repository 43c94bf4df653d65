import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { errorTextIn } from '@renderer/i18n/error-text';
import type { PosError } from '@shared/errors';
import type { Result } from '@shared/result';
import { createPosRuntime } from '../../electron/app/runtime';
import { loadConfig } from '../../electron/core/config/load';
import { silentLogger } from '../../electron/core/logger';
import { createFileSecretStore } from '../../electron/core/secrets';
import { journalFile, openJournal, type Journal } from '../../electron/journal';
import { sellInto } from '../helpers/corrections-fixture';
import { translator } from '../helpers/translator';

/**
 * The back office's refusals (settings, head office, Z reports, set-aside journals, voids and
 * refunds) name a shared sentence, so a supervisor reading French sees French, not main's English.
 * A real till in training mode (journal file, sandbox) through the contract, and a real journal.
 */

const french = errorTextIn(translator('fr'));
const english = errorTextIn(translator('en'));
const roots: string[] = [];
const closers: (() => Promise<void> | void)[] = [];

afterAll(async () => {
  for (const close of closers.reverse()) await close();
  for (const root of roots) fs.rmSync(root, { recursive: true, force: true });
});

function refused<T>(result: Result<T>): PosError {
  if (result.ok) throw new Error('expected a refusal');
  return result.error;
}

async function supervisorAtTill(): Promise<ReturnType<typeof createPosRuntime>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lobby-said-back-office-'));
  roots.push(dataDir);
  const loaded = loadConfig({ env: {}, flags: { 'data-dir': dataDir } });
  if (!loaded.ok) throw new Error(loaded.message);
  const pos = createPosRuntime({ config: loaded.config, configSources: loaded.sources, secrets: createFileSecretStore({ dataDir, env: {} }), logger: silentLogger, version: 'test' });
  closers.push(() => pos.close());
  const boss = await pos.api['staff:setup']({ name: 'Ada Obi', pin: '2468' });
  if (!boss.ok) throw new Error(boss.error.message);
  return pos;
}

describe('the back office refuses in the reader’s language', () => {
  it('settings: the refusal names its sentence, keeps its English and its fields, and French says it in French', async () => {
    const pos = await supervisorAtTill();

    // Training mode: no partner URL is saved, so no key can be bound to one.
    const noUrl = refused(await pos.api['settings:set-api-key']({ apiKey: 'sk_live_7f3a9c2e11b04d5e' }));
    expect(noUrl).toMatchObject({ code: 'VALIDATION', said: { key: 'said.settings.urlFirst' }, fields: { apiKey: ['needs a partner URL first'] } });
    expect(noUrl.message).toBe('Save the partner URL first: the API key is only ever sent to that partner.');
    expect(french(noUrl)).toBe('Enregistrez d’abord l’URL du partenaire : la clé API n’est jamais envoyée qu’à ce partenaire.');

    const invalid = refused(
      await pos.api['settings:update']({
        terminal: { name: 'Front Desk 2', profile: 'front-desk' },
        partner: { baseUrl: 'ftp://nope', experiencePrefix: '/v1', hotelPrefix: '/v2' },
        printer: { interface: 'preview', type: 'epson', columns: 48 },
      }),
    );
    expect(invalid).toMatchObject({ code: 'VALIDATION', said: { key: 'said.settings.notValid' }, fields: { 'partner.baseUrl': expect.any(Array) } });
    expect(english(invalid)).toBe('Some settings are not valid; nothing was saved.');
    expect(french(invalid)).toBe('Certains réglages ne sont pas valides ; rien n’a été enregistré.');
  });

  it('head office, Z reports, set-aside journals and voids: each refusal is said in French', async () => {
    const pos = await supervisorAtTill();

    const fleet = refused(await pos.api['fleet:report']({ from: '2026-01-01', to: '2026-01-31' }));
    expect(fleet).toMatchObject({ code: 'NOT_FOUND', said: { key: 'said.fleet.notConnected' } });
    expect(french(fleet)).toBe('Cette caisse n’est pas reliée au siège. Un superviseur peut régler fleet.databaseUrl pour voir tous les postes.');

    const z = refused(await pos.api['shift:z-report']({ zNumber: 1234 }));
    expect(z).toMatchObject({ code: 'NOT_FOUND', message: 'There is no Z report number 1234 on this till.', said: { key: 'said.noZReport', values: { number: '1234' } } });
    expect(french(z)).toBe('Il n’y a pas de rapport Z numéro 1234 sur cette caisse.');

    const salvage = refused(await pos.api['journal:salvage-export']({ name: 'journal-damaged.db' }));
    expect(salvage).toMatchObject({ code: 'NOT_FOUND', said: { key: 'said.salvage.noSuchFile', values: { name: 'journal-damaged.db' } } });
    expect(french(salvage)).toBe('Il n’y a pas de journal mis de côté nommé journal-damaged.db.');

    const settle = refused(await pos.api['correction:settle']({ correctionId: 'R-NOT-ON-THIS-TILL' }));
    expect(settle).toMatchObject({ code: 'NOT_FOUND', said: { key: 'said.correction.noneHere', values: { correction: 'R-NOT-ON-THIS-TILL' } } });
    expect(french(settle)).toBe('Il n’y a pas d’annulation ni de remboursement R-NOT-ON-THIS-TILL sur cette caisse.');
  });

  it('a void or refund id already used for another sale: refused with its sentence, in French too', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lobby-said-corrections-'));
    roots.push(root);
    let now = Date.parse('2026-11-21T08:00:00.000Z');
    const opened = openJournal({ file: journalFile(root), terminalId: 'T01', clock: () => new Date((now += 1000)) });
    if (!opened.ok) throw new Error(opened.error.message);
    const journal: Journal = opened.value;
    closers.push(() => journal.close());
    const boss = await journal.staff.create({ name: 'Bola Adeyemi', role: 'supervisor', pin: '2468' });
    const cashier = await journal.staff.create({ name: 'Tunde Bakare', role: 'cashier', pin: '1357' });
    if (!boss.ok || !cashier.ok) throw new Error('staff not created');

    const refund = { id: 'R-SAID-0001', saleId: 'S-NONE', seq: 1, kind: 'refund' as const, tender: 'cash' as const, route: 'drawer' as const, amountKobo: 250_000, lines: [{ line: 0, quantity: 1 }], reason: 'other' as const, note: 'came on the wrong day', askedBy: cashier.value.id, approvedBy: boss.value.id };
    // No shift open: no money goes back.
    const noShift = refused(journal.corrections.record(refund));
    expect(noShift).toMatchObject({ code: 'SHIFT_REQUIRED', message: 'Open a shift before giving money back.', said: { key: 'said.correction.openShift' } });
    expect(french(noShift)).toBe('Ouvrez une session avant de rendre de l’argent.');

    const shift = journal.shifts.open({ staffId: boss.value.id, floatKobo: 5_000_000 });
    if (!shift.ok) throw new Error(shift.error.message);
    const first = sellInto(journal, { staffId: cashier.value.id, state: 'confirmed', tender: 'cash' });
    const recorded = journal.corrections.record({ ...refund, saleId: first });
    if (!recorded.ok) throw new Error(recorded.error.message);

    const second = sellInto(journal, { staffId: cashier.value.id, state: 'confirmed', tender: 'cash' });
    const reused = refused(journal.corrections.record({ ...refund, saleId: second }));
    expect(reused).toMatchObject({ code: 'CONFLICT', message: 'Void or refund R-SAID-0001 belongs to another sale.', said: { key: 'said.correction.ofAnotherSale', values: { correction: 'R-SAID-0001' } } });
    expect(french(reused)).toBe('L’annulation ou le remboursement R-SAID-0001 appartient à une autre vente.');
    expect(errorTextIn(translator('yo'))(reused)).toBe('Ìfagilé tàbí ìdápadà owó R-SAID-0001 jẹ́ ti títà mìíràn.');
  });
});
