import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { journalFile } from '../../electron/journal';
import { registerChainFunctions } from '../../electron/journal/chain-functions';
import { openCardTill, startCardPartner } from '../helpers/card-fixture';
import { customer, findShowing, newSaleId, openTill, readyToSell, selectionOf, startSalesPartner, value } from '../helpers/sales-fixture';
import { startTerminal } from '../helpers/terminal-fixture';

/**
 * A till that has sold for a year must answer as fast as a new one: what a cashier or supervisor
 * does every day (sell, look at the shift, refund, the attention list, close) must never read a
 * whole table that grows with every sale. Timing that would need a year's journal and a timed
 * assertion; instead every statement such a day runs is recorded as it runs (better-sqlite3's own
 * statements, with their real parameters) and SQLite is asked how it would run it. The plan
 * does not depend on the file's size (the journal keeps no statistics), so a small journal shows
 * the plan a large one gets. `npm run bench -- journal` shows the time on 60,000 sales.
 */

/** Tables that grow with every sale, refund or payment; a SCAN of one is a read of the till's whole history. */
const growing = ['sales', 'tenders', 'sale_events', 'chain', 'card_payments', 'card_payment_events', 'corrections', 'correction_outcomes', 'cancellations', 'cancellation_moves', 'print_jobs', 'cash_movements', 'staff_audit'];

/**
 * The table each name in a statement stands for: plans say `SCAN t` for `FROM tenders t`. Names
 * of subqueries (a list of constants, `AS k`) stand for no table and are not in the map.
 */
function tablesByName(source: string): Map<string, string> {
  const names = new Map<string, string>();
  const notAnAlias = /^(WHERE|ON|LEFT|JOIN|CROSS|INNER|INDEXED|GROUP|ORDER|USING|LIMIT|UNION|SET|VALUES)$/i;
  for (const [, table, alias] of source.matchAll(/\b(?:FROM|JOIN|UPDATE)\s+\(?\s*([a-z_]+)(?:\s+(?:AS\s+)?([a-z_]+))?/gi)) {
    if (/^SELECT$/i.test(table!)) continue;
    names.set(table!, table!);
    if (alias && !notAnAlias.test(alias)) names.set(alias, table!);
  }
  return names;
}

/**
 * The plan's steps that read a growing table whole: a SCAN of it, through its rows or a full
 * index (a partial index holds only the rows asked for, so walking it is the lookup itself), and
 * a search by state for the state nearly every row is in (`sales_by_state` for 'confirmed' walks
 * the till's whole history; for 'sent' or 'unknown' it finds the few unsettled sales).
 */
function wholeReads(plan: { detail: string }[], source: string, partialIndexes: Set<string>): string[] {
  const names = tablesByName(source);
  const growingName = (name: string) => growing.includes(names.get(name) ?? '');
  const byCommonState = /\bstate\s*=\s*'(confirmed|approved)'/.test(source);
  return plan
    .filter(({ detail }) => {
      const scan = /^SCAN (\S+)(?: USING (?:COVERING )?INDEX (\S+))?/.exec(detail);
      if (scan) return growingName(scan[1]!) && !(scan[2] && partialIndexes.has(scan[2]));
      const search = /^SEARCH (\S+) USING (?:COVERING )?INDEX \S+_by_state \(state=\?\)$/.exec(detail);
      return search !== null && growingName(search[1]!) && byCommonState;
    })
    .map(({ detail }) => detail);
}

type Method = 'all' | 'get' | 'run' | 'iterate';
const statement = Object.getPrototypeOf(new Database(':memory:').prepare('SELECT 1')) as Record<Method, (...args: unknown[]) => unknown>;
const originals = { all: statement.all, get: statement.get, run: statement.run, iterate: statement.iterate };
const methods = Object.keys(originals) as Method[];
afterEach(() => void Object.assign(statement, originals));

/** Every statement run from now until the returned stop(), once each, with the parameters of its first run. */
function recordStatements(): () => Map<string, unknown[]> {
  const ran = new Map<string, unknown[]>();
  for (const method of methods) {
    statement[method] = function (this: { source: string }, ...args: unknown[]) {
      if (!ran.has(this.source)) ran.set(this.source, args);
      return originals[method].apply(this, args);
    };
  }
  return () => {
    Object.assign(statement, originals);
    return ran;
  };
}

/** The plan steps of the recorded statements that read a growing table whole, asked of the journal file itself. */
function wholeReadsIn(file: string, ran: Map<string, unknown[]>): string[] {
  const db = registerChainFunctions(new Database(file, { readonly: true }));
  try {
    const partialIndexes = new Set((db.prepare("SELECT name FROM sqlite_schema WHERE type = 'index' AND sql LIKE '% WHERE %'").all() as { name: string }[]).map((row) => row.name));
    const reads: string[] = [];
    for (const [source, args] of ran) {
      // Reads and the row lookups of updates. An INSERT's plan also lists the foreign-key checks
      // SQLite compiles in for a statement with triggers; at run time they are skipped (no
      // violation is outstanding), so they say nothing about its cost.
      if (!/^\s*(SELECT|WITH|UPDATE)\b/i.test(source)) continue;
      const plan = db.prepare(`EXPLAIN QUERY PLAN ${source}`).all(...(args as never[])) as { detail: string }[];
      for (const detail of wholeReads(plan, source, partialIndexes)) reads.push(`${detail}  <-  ${source.replace(/\s+/g, ' ').slice(0, 160)}`);
    }
    // Known and kept: the cancellations still owed are found by walking the till's cancellations
    // (closing one is a row of cancellation_moves, so no column of its own says "open"). One row
    // per refund the partner had to cancel, a few thousand in a busy year: about a millisecond.
    return reads.filter((read) => !read.startsWith('SCAN k  <-  SELECT k.correction_id AS correctionId'));
  } finally {
    db.close();
  }
}

describe("a day's work on the journal reads no growing table whole: every statement finds its rows through an index", () => {
  it('at a counter: a cash sale, a refund, the attention list, the shift, its close and the Z reports', async () => {
    const partner = await startSalesPartner();
    const till = openTill({ url: partner.url });
    try {
      const { pos } = till;
      await readyToSell(pos);
      const stop = recordStatements();
      const showing = await findShowing(pos);
      const selection = selectionOf(showing, [['Regular', 1]]);
      const hold = value(await pos.api['sale:hold'](selection));
      const saleId = newSaleId();
      const sale = value(await pos.api['sale:submit']({ saleId, kind: 'cinema', cinema: selection, holdId: hold.holdId, customer, tender: { kind: 'cash', tenderedKobo: hold.quote.totalKobo } }));
      expect(sale.state).toBe('confirmed');
      value(await pos.api['sale:get']({ saleId }));
      value(await pos.api['correction:options']({ saleId }));
      // A refund, approved by a second supervisor's PIN (the one who asks cannot approve).
      const ngozi = value(await pos.api['staff:create']({ name: 'Ngozi Okafor', role: 'supervisor', pin: '8642' }));
      value(
        await pos.api['correction:refund']({
          correctionId: `R-${saleId}`,
          saleId,
          basis: 0,
          tender: 'cash',
          lines: [{ line: 0, quantity: 1 }],
          approval: { supervisorId: ngozi.id, pin: '8642' },
          reason: 'customer-cancelled',
          note: 'The customer cannot come on Saturday',
        } as never),
      );
      value(await pos.api['sale:attention']({}));
      value(await pos.api['sale:search']({ text: sale.partnerReference!, from: showing.date, to: showing.date } as never));
      value(await pos.api['shift:current']({}));
      value(await pos.api['app:health']({}));
      value(await pos.api['shift:close']({ countedKobo: 0 } as never));
      value(await pos.api['shift:z-reports']({ limit: 20 } as never));
      const ran = stop();
      expect(ran.size).toBeGreaterThan(20);
      expect(wholeReadsIn(journalFile(till.dataDir), ran)).toEqual([]);
    } finally {
      await till.close();
      await partner.close();
    }
  });

  it('at a kiosk: a card sale at the terminal, its payment, the restart notice and the attention list', async () => {
    const partner = await startCardPartner();
    const terminal = await startTerminal();
    const kiosk = openCardTill({ partner, terminal, profile: 'kiosk' });
    try {
      await readyToSell(kiosk.pos);
      value(await kiosk.pos.api['staff:sign-out']({}));
      const stop = recordStatements();
      const showing = await findShowing(kiosk.pos);
      const selection = selectionOf(showing, [['Regular', 1]]);
      const hold = value(await kiosk.pos.api['sale:hold'](selection));
      const sale = value(await kiosk.pos.api['sale:submit']({ saleId: newSaleId('CARD'), kind: 'cinema', cinema: selection, holdId: hold.holdId, customer, tender: { kind: 'card' } }));
      expect(sale.state).toBe('confirmed');
      value(await kiosk.pos.api['payment:get']({ saleId: sale.id }));
      value(await kiosk.pos.api['sale:get']({ saleId: sale.id }));
      value(await kiosk.pos.api['kiosk:restart-notice']({}));
      value(await kiosk.pos.api['app:health']({}));
      // Staff at the kiosk: what needs them.
      value(await kiosk.pos.api['staff:sign-in']({ staffId: 1, pin: '2468' }));
      value(await kiosk.pos.api['sale:attention']({}));
      value(await kiosk.pos.api['sale:restart-notice']({}));
      const ran = stop();
      expect(ran.size).toBeGreaterThan(15);
      expect(wholeReadsIn(journalFile(kiosk.dataDir), ran)).toEqual([]);
    } finally {
      await kiosk.close();
      await terminal.close();
      await partner.close();
    }
  });
});
