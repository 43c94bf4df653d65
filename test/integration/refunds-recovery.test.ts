import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journalFile, openJournal, type Journal } from '../../electron/journal';
import { createPartnerClient } from '../../electron/partner/client';
import { silentLogger } from '../../electron/core/logger';
import { createSales, type Sales } from '../../electron/sales';
import type { CardMoneyBack, MoneyBackOrder, MoneyBackOutcome } from '../../electron/sales/corrections';
import { sellInto } from '../helpers/corrections-fixture';
import { tillConfig, value } from '../helpers/sales-fixture';

/**
 * A card refund the journal holds but whose terminal answer was never recorded (the till stopped
 * in between, or the answer was lost) is settled by asking the terminal, at start and in the
 * background, never by refunding again. The terminal here answers through the corrections' own
 * port, as payments' adapter does, and counts what it was asked.
 */

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lobby-refunds-recovery-'));
const file = journalFile(root);
let saleId = '';

/** A terminal that refunds once per order and answers lookups from its own record. */
function terminal(script: { refund: MoneyBackOutcome['kind'] }) {
  const done = new Map<string, string>();
  const calls = { refund: 0, status: 0 };
  const port: CardMoneyBack = {
    routeFor: () => ({ ok: true, value: 'terminal' }),
    async refund(order: MoneyBackOrder) {
      calls.refund++;
      done.set(order.correctionId, `RF-${calls.refund}`);
      if (script.refund === 'done') return { kind: 'done', terminalReference: done.get(order.correctionId)! };
      return script.refund === 'failed' ? { kind: 'failed', reason: 'Declined.' } : { kind: 'unknown', reason: 'The answer was lost.' };
    },
    async reverse() {
      return { kind: 'failed', reason: 'not used here' };
    },
    async status(order: MoneyBackOrder) {
      calls.status++;
      const reference = done.get(order.correctionId);
      return reference ? { kind: 'done', terminalReference: reference } : { kind: 'failed', reason: 'The terminal never received this refund.' };
    },
  };
  return { port, calls };
}

function till(journal: Journal, port: CardMoneyBack): Sales {
  return createSales({
    journal,
    partner: createPartnerClient({ baseUrl: 'http://127.0.0.1:9', apiKey: () => 'unused', timeoutMs: 1000 }),
    clock: () => new Date(),
    events: { publish() {} },
    logger: silentLogger,
    config: tillConfig(root),
    tuning: { correctionLookupDelaysMs: [20, 40] },
    cardMoneyBack: port,
  });
}

const open = () => {
  const opened = openJournal({ file, terminalId: 'T01' });
  if (!opened.ok) throw new Error(opened.error.message);
  return opened.value;
};

beforeAll(async () => {
  const journal = open();
  for (const [name, role, pin] of [['Bola Adeyemi', 'supervisor', '2468'], ['Tunde Bakare', 'cashier', '1357']] as const) value(await journal.staff.create({ name, role, pin }));
  value(journal.shifts.open({ staffId: 1, floatKobo: 0 }));
  saleId = sellInto(journal, { staffId: 2, state: 'confirmed', tender: 'card' });
  journal.close();
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
};

describe('card refunds left without the terminal’s answer', () => {
  it('a lost answer is looked up in the background until the terminal says done; the refund is sent once', async () => {
    const journal = open();
    const { port, calls } = terminal({ refund: 'unknown' });
    const sales = till(journal, port);
    try {
      value(await sales.staff.signIn({ staffId: 2, pin: '1357' }));
      const result = value(await sales.corrections.desk.refund({ correctionId: 'R-lost-answer-1', saleId, basis: 0, tender: 'card', lines: [{ line: 0, quantity: 1 }], approval: { supervisorId: 1, pin: '2468' }, reason: 'sold-twice', note: 'sold twice' }));
      expect(result.correction.state).toBe('unknown');
      await until(() => value(journal.corrections.get('R-lost-answer-1'))!.state === 'done');
      expect(value(journal.corrections.get('R-lost-answer-1'))).toMatchObject({ state: 'done', terminalReference: 'RF-1', cancellation: { state: 'owed' } });
      expect(calls).toMatchObject({ refund: 1 });
      expect(calls.status).toBeGreaterThanOrEqual(1);
    } finally {
      await sales.close();
      journal.close();
    }
  });

  it('at start: one the terminal never received is failed (and can be given back again), never sent', async () => {
    // What a till killed between the journal write and the terminal call leaves behind.
    const journal = open();
    // A sale of its own: the case above gave back a ticket of the shared one (seq 1), in whatever order they run.
    const ownSale = sellInto(journal, { staffId: 2, state: 'confirmed', tender: 'card' });
    value(journal.corrections.record({ id: 'R-never-sent-1', saleId: ownSale, seq: 1, kind: 'refund', tender: 'card', route: 'terminal', amountKobo: 250_000, lines: [{ line: 0, quantity: 1 }], reason: 'sold-twice', note: 'sold twice', askedBy: 2, approvedBy: 1 }));
    const { port, calls } = terminal({ refund: 'done' });
    const sales = till(journal, port);
    try {
      await until(() => value(journal.corrections.get('R-never-sent-1'))!.state === 'failed');
      expect(value(journal.corrections.get('R-never-sent-1'))).toMatchObject({ state: 'failed', problem: 'The terminal never received this refund.', cancellation: null });
      expect(calls.refund).toBe(0);
      expect(value(journal.corrections.unsettled())).toEqual([]);
    } finally {
      await sales.close();
      journal.close();
    }
  });
});
