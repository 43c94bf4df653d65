import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journalFile } from '../../electron/journal';
import { silentLogger } from '../../electron/core/logger';
import type { Result } from '../../shared/result';
import { createPosRuntime } from '../../electron/app/runtime';
import { createFileSecretStore } from '../../electron/core/secrets';
import {
  customer,
  failure,
  findShowing,
  findStay,
  newSaleId,
  openTill,
  purchasesOf,
  readyToSell,
  selectionOf,
  startSalesPartner,
  tillConfig,
  value,
  type SalesPartner,
} from '../helpers/sales-fixture';

/** A journal that cannot take the sale: the sale is refused before the partner is ever asked to buy. */

let partner: SalesPartner;
const dirs: string[] = [];
const freshDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lobby-sales-journal-'));
  dirs.push(dir);
  return dir;
};

beforeAll(async () => {
  partner = await startSalesPartner();
});

afterAll(async () => {
  await partner.close();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('a full disk', () => {
  it('refuses the sale with JOURNAL_UNAVAILABLE and the partner sees no purchase', async () => {
    const dataDir = freshDir();
    const first = openTill({ url: partner.url, dataDir });
    await readyToSell(first.pos);
    await first.close();

    // max_page_count can never go below the file's size: 1 means "not one page more", a real SQLITE_FULL.
    const till = openTill({ url: partner.url, dataDir, journal: { maxPageCount: 1 } });
    try {
      await readyToSell(till.pos);
      for (let n = 1; n <= 500; n++) {
        const filler = till.journal.sales.create({ id: `FILL-${n}`, staffId: 1, kind: 'hotel', quoteKobo: 0, request: {}, details: { pad: 'x'.repeat(200) } });
        if (!filler.ok) break;
      }
      const stay = await findStay(till.pos);
      const showing = await findShowing(till.pos);
      const attempts = partner.purchaseAttempts();
      for (const request of [
        { saleId: newSaleId('FULL'), kind: 'hotel' as const, hotel: stay.selection, customer, tender: { kind: 'card' as const } },
        { saleId: newSaleId('FULL'), kind: 'cinema' as const, cinema: selectionOf(showing, [['Regular', 1]]), customer, tender: { kind: 'card' as const } },
      ]) {
        const refused = failure(await till.pos.api['sale:submit'](request));
        expect(refused.code).toBe('JOURNAL_UNAVAILABLE');
        expect(refused.message).toMatch(/selling is paused.*disk is full/);
        // Named as a shared sentence, so the cashier reads it in her language.
        expect(refused.said).toEqual({ key: 'said.journal.diskFull' });
        expect(purchasesOf(partner.sandbox, request.saleId)).toEqual([]);
        expect(value(till.journal.sales.get(request.saleId))).toBeNull();
      }
      expect(partner.purchaseAttempts()).toBe(attempts);
      expect(value(await till.pos.api['app:health']({ refresh: true })).journal.state).toBe('down');
    } finally {
      await till.close();
    }
  });
});

describe('a journal that cannot be opened', () => {
  it('still starts: browsing works, every selling channel answers the journal’s message, the status strip says so', async () => {
    const dataDir = freshDir();
    // A journal from a newer version of the app is refused and left untouched.
    const db = new Database(journalFile(dataDir));
    db.pragma('user_version = 99');
    db.close();

    const pos = createPosRuntime({
      config: tillConfig(dataDir, 'counter', ''),
      secrets: createFileSecretStore({ dataDir, env: {} }),
      logger: silentLogger,
      version: '0.0.0-test',
    });
    try {
      expect(value(await pos.api['cinema:films']({})).films.length).toBeGreaterThan(0);
      const answers: Result<unknown>[] = [
        await pos.api['staff:status']({}),
        await pos.api['staff:setup']({ name: 'Bola Adeyemi', pin: '2468' }),
        await pos.api['shift:current']({}),
        await pos.api['sale:submit']({ saleId: newSaleId(), kind: 'hotel', hotel: { hotelId: 1, roomId: 1002, checkIn: '2099-01-01', checkOut: '2099-01-02', guests: 1, rooms: 1 }, customer, tender: { kind: 'card' } }),
      ];
      for (const refused of answers) {
        expect(failure(refused)).toMatchObject({ code: 'JOURNAL_UNAVAILABLE', message: expect.stringMatching(/newer version of Lobby POS/) });
      }
      const health = value(await pos.api['app:health']({ refresh: true }));
      expect(health.journal).toMatchObject({ state: 'down', detail: expect.stringMatching(/newer version/) });
    } finally {
      await pos.close();
    }
  });

  it('(the same runtime on a healthy folder sells in training mode and keeps the journal in the data folder)', async () => {
    const dataDir = freshDir();
    const pos = createPosRuntime({ config: tillConfig(dataDir, 'counter', ''), secrets: createFileSecretStore({ dataDir, env: {} }), logger: silentLogger, version: '0.0.0-test' });
    try {
      await readyToSell(pos);
      const stay = await findStay(pos);
      const saleId = newSaleId();
      // Cash: in training a card waits for someone to present a test card on the simulated terminal.
      expect(value(await pos.api['sale:submit']({ saleId, kind: 'hotel', hotel: stay.selection, customer, tender: { kind: 'cash', tenderedKobo: stay.priceKobo * 10 } })).state).toBe('confirmed');
      expect(value(await pos.api['app:health']({ refresh: true })).journal.state).toBe('ok');
    } finally {
      await pos.close();
    }
    const db = new Database(journalFile(dataDir), { readonly: true });
    expect(db.prepare('SELECT state FROM sales').pluck().all()).toEqual(['confirmed']);
    db.close();
  });
});

describe('a journal closed under the till', () => {
  it('refuses the sale before any partner call', async () => {
    const till = openTill({ url: partner.url });
    await readyToSell(till.pos);
    const stay = await findStay(till.pos);
    till.journal.close();
    const attempts = partner.purchaseAttempts();
    const saleId = newSaleId();
    expect(failure(await till.pos.api['sale:submit']({ saleId, kind: 'hotel', hotel: stay.selection, customer, tender: { kind: 'card' } })).code).toBe('JOURNAL_UNAVAILABLE');
    expect(partner.purchaseAttempts()).toBe(attempts);
    expect(purchasesOf(partner.sandbox, saleId)).toEqual([]);
    await till.close();
  });
});
