import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { journalFile, openJournal, type CreateSaleInput, type Journal } from '../../electron/journal';
import { openBareSales } from './bare-baseline';
import { median, percentile, round } from './stats';
import type { BenchRow } from './types';

const WARM_UP = 30;
const SAMPLES = 500;

/** What a two-ticket cinema sale carries: the partner request body and what was sold (about 1 KB of JSON). */
export function saleInput(id: string): CreateSaleInput {
  return {
    id,
    staffId: 1,
    kind: 'cinema',
    quoteKobo: 1_100_000,
    request: {
      tickets: [{ id: '8d3c5a9e-2f7b-4c1d-9e6a-1b2c3d4e5f60', count: 2 }],
      experience_id: '0f9e8d7c-6b5a-4a3b-8c2d-1e0f9a8b7c6d',
      attendance_date: '2025-03-15',
      time_id: 'c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f',
      merchant_reference: id,
      customer_info: { name: 'Oluwaseun Adebayo', email: 'seun.adebayo@example.ng', phone_number: '+2348031234567', dob: '1990-05-17', username: 'seun' },
    },
    details: {
      experience: 'Filmhouse IMAX Lekki: The Black Book',
      location: 'Lekki Phase 1, Lagos',
      showtime: '2025-03-15T19:30:00+01:00',
      items: [{ title: 'Regular 2D', count: 2, unitKobo: 550_000, breakdown: { ticketKobo: 500_000, convenienceFeeKobo: 30_000, commissionKobo: 20_000 } }],
      customer: { name: 'Oluwaseun Adebayo', email: 'seun.adebayo@example.ng', phone: '+2348031234567' },
    },
    tenders: [{ kind: 'cash', amountKobo: 1_100_000, tenderedKobo: 1_200_000 }],
  };
}

/** A journal in `dir` whose staff member 1 (saleInput's) is a cashier with a shift open: ready to take sales. */
export async function openSellingJournal(dir: string, terminalId: string): Promise<Journal> {
  const opened = openJournal({ file: journalFile(dir), terminalId });
  if (!opened.ok) throw new Error(`bench: journal did not open: ${opened.error.message}`);
  const journal = opened.value;
  const staff = await journal.staff.create({ name: 'Bench Cashier', role: 'cashier', pin: '0000' });
  if (!staff.ok) throw new Error(`bench: ${staff.error.message}`);
  const shift = journal.shifts.open({ staffId: staff.value.id, floatKobo: 0 });
  if (!shift.ok) throw new Error(`bench: ${shift.error.message}`);
  return journal;
}

/**
 * The cost of writing a sale down durably: the real repositories (zod, triggers, indexes, event
 * rows, tenders, the hash chain) against a bare better-sqlite3 INSERT of the same JSON into a one-table file, both
 * WAL with synchronous=FULL in the same folder, measured interleaved so disk weather hits both.
 * Every commit waits for fsync, so the figures are the disk's as much as the code's.
 */
export async function benchJournal(): Promise<BenchRow[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lobby-bench-journal-'));
  const journal = await openSellingJournal(dir, 'BENCH');

  const bare = openBareSales(dir);

  try {

    const written: number[] = [];
    const answered: number[] = [];
    const pendingThenSent: number[] = [];
    const insert: number[] = [];
    for (let i = 0; i < WARM_UP + SAMPLES; i++) {
      const input = saleInput(`BENCH-${i}`);
      const body = JSON.stringify({ request: input.request, details: input.details, tenders: input.tenders });

      // The sale's two commits, as the checkout makes them: written down already sent, then the answer.
      const started = performance.now();
      const sent = journal.sales.createSent(input);
      const sentAt = performance.now();
      const confirmed = journal.sales.transition(input.id, 'confirmed', { partnerAmountKobo: input.quoteKobo, partnerReference: `REF-${i}` });
      const confirmedAt = performance.now();
      if (!sent.ok) throw new Error(`bench: sales.createSent failed: ${sent.error.message}`);
      if (!confirmed.ok) throw new Error(`bench: sales.transition failed: ${confirmed.error.message}`);

      // A sale paid at the card terminal: written down pending, marked sent once the card is approved.
      const cardInput = saleInput(`BENCH-CARD-${i}`);
      const pendingStarted = performance.now();
      const pending = journal.sales.create(cardInput);
      const markedSent = journal.sales.transition(cardInput.id, 'sent');
      const pendingDone = performance.now();
      if (!pending.ok || !markedSent.ok) throw new Error('bench: create + mark sent failed');

      const bareStarted = performance.now();
      bare.insert(input.id, body);
      const bareDone = performance.now();

      if (i < WARM_UP) continue;
      written.push(sentAt - started);
      answered.push(confirmedAt - sentAt);
      pendingThenSent.push(pendingDone - pendingStarted);
      insert.push(bareDone - bareStarted);
    }

    const sale = written.map((ms, i) => ms + answered[i]!);
    const perSecond = (times: number[], commitsEach: number) => Math.round((times.length * commitsEach * 1000) / times.reduce((a, b) => a + b, 0));
    const ratio = (times: number[]) => (median(times) / median(insert)).toFixed(2);
    return [
      {
        name: "journal: a sale's two commits (written down and sent; the answer), synchronous=FULL",
        median: round(median(sale)),
        p99: round(percentile(sale, 0.99)),
        unit: 'ms',
        note: `${SAMPLES} sales, 2 transactions each; ${perSecond(sale, 2)} commits/s; ${(median(sale) / (2 * median(insert))).toFixed(2)}x two bare inserts (median; issue 10 asks <= 1.2x)`,
      },
      {
        name: 'journal: sales.createSent (sale, tender, pending and sent events, hash chain; one transaction)',
        median: round(median(written)),
        p99: round(percentile(written, 0.99)),
        unit: 'ms',
        note: `${perSecond(written, 1)} commits/s; ${ratio(written)}x the bare insert (median)`,
      },
      {
        name: 'journal: sales.transition to confirmed (state, event, hash chain; one transaction)',
        median: round(median(answered)),
        p99: round(percentile(answered, 0.99)),
        unit: 'ms',
        note: `${perSecond(answered, 1)} commits/s; ${ratio(answered)}x the bare insert (median)`,
      },
      {
        name: 'journal: create pending + mark sent (a sale paid at the card terminal; two transactions)',
        median: round(median(pendingThenSent)),
        p99: round(percentile(pendingThenSent, 0.99)),
        unit: 'ms',
        note: `${(median(pendingThenSent) / (2 * median(insert))).toFixed(2)}x two bare inserts (median; the measure issue 10 was filed with)`,
      },
      {
        name: 'baseline: bare better-sqlite3 INSERT, same pragmas and payload',
        median: round(median(insert)),
        p99: round(percentile(insert, 0.99)),
        unit: 'ms',
        note: `${perSecond(insert, 1)} commits/s; one-table file in ${os.tmpdir()}, interleaved with the journal`,
      },
    ];
  } finally {
    journal.close();
    bare.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}


