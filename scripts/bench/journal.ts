import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import { journalFile, openJournal, type CreateSaleInput } from '../../electron/journal';
import { median, percentile, round } from './stats';
import type { BenchRow } from './types';

const WARM_UP = 30;
const SAMPLES = 500;

/** What a two-ticket cinema sale carries: the partner request body and what was sold (about 1 KB of JSON). */
function saleInput(id: string): CreateSaleInput {
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

/**
 * The cost of writing a sale down durably: the real repositories (zod, triggers, indexes, event
 * rows, tenders) against a bare better-sqlite3 INSERT of the same JSON into a one-table file, both
 * WAL with synchronous=FULL in the same folder, measured interleaved so disk weather hits both.
 * Every commit waits for fsync, so the figures are the disk's as much as the code's.
 */
export async function benchJournal(): Promise<BenchRow[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lobby-bench-journal-'));
  const opened = openJournal({ file: journalFile(dir), terminalId: 'BENCH' });
  if (!opened.ok) throw new Error(`bench: journal did not open: ${opened.error.message}`);
  const journal = opened.value;

  const bare = new Database(path.join(dir, 'bare.sqlite'));
  bare.pragma('journal_mode = WAL');
  bare.pragma('synchronous = FULL');
  bare.pragma('foreign_keys = ON');
  bare.pragma('busy_timeout = 5000');
  bare.exec('CREATE TABLE sales (id TEXT PRIMARY KEY, body TEXT NOT NULL) STRICT');
  const bareInsert = bare.prepare('INSERT INTO sales (id, body) VALUES (?, ?)');

  try {
    const staff = await journal.staff.create({ name: 'Bench Cashier', role: 'cashier', pin: '0000' });
    if (!staff.ok) throw new Error(`bench: ${staff.error.message}`);
    const shift = journal.shifts.open({ staffId: staff.value.id, floatKobo: 0 });
    if (!shift.ok) throw new Error(`bench: ${shift.error.message}`);

    const create: number[] = [];
    const transition: number[] = [];
    const insert: number[] = [];
    for (let i = 0; i < WARM_UP + SAMPLES; i++) {
      const input = saleInput(`BENCH-${i}`);
      const body = JSON.stringify({ request: input.request, details: input.details, tenders: input.tenders });

      const started = performance.now();
      const created = journal.sales.create(input);
      const createdAt = performance.now();
      const sent = journal.sales.transition(input.id, 'sent');
      const sentAt = performance.now();
      if (!created.ok) throw new Error(`bench: sales.create failed: ${created.error.message}`);
      if (!sent.ok) throw new Error(`bench: sales.transition failed: ${sent.error.message}`);

      const bareStarted = performance.now();
      bareInsert.run(input.id, body);
      const bareDone = performance.now();

      if (i < WARM_UP) continue;
      create.push(createdAt - started);
      transition.push(sentAt - createdAt);
      insert.push(bareDone - bareStarted);
    }

    const sale = create.map((ms, i) => ms + transition[i]!);
    const perSecond = (times: number[], commitsEach: number) => Math.round((times.length * commitsEach * 1000) / times.reduce((a, b) => a + b, 0));
    const ratio = (times: number[]) => (median(times) / median(insert)).toFixed(2);
    return [
      {
        name: 'journal: sale commit (create pending + mark sent), synchronous=FULL',
        median: round(median(sale)),
        p99: round(percentile(sale, 0.99)),
        unit: 'ms',
        note: `${SAMPLES} sales, 2 transactions each; ${perSecond(sale, 2)} commits/s; ${(median(sale) / (2 * median(insert))).toFixed(2)}x two bare inserts (median)`,
      },
      {
        name: 'journal: sales.create (sale + tender + event, one transaction)',
        median: round(median(create)),
        p99: round(percentile(create, 0.99)),
        unit: 'ms',
        note: `${perSecond(create, 1)} commits/s; ${ratio(create)}x the bare insert (median)`,
      },
      {
        name: 'journal: sales.transition (state + event, one transaction)',
        median: round(median(transition)),
        p99: round(percentile(transition, 0.99)),
        unit: 'ms',
        note: `${perSecond(transition, 1)} commits/s; ${ratio(transition)}x the bare insert (median)`,
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


