import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { applyMigrations, checkSchema } from '../../electron/journal/migrate';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lobby-journal-migrate-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const tables = (db: Database.Database) => db.prepare<[], string>("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name").pluck().all();

describe('numbered migrations', () => {
  it('applies each step with its user_version in one transaction, so a failing step leaves nothing behind', () => {
    const db = new Database(path.join(root, 'steps.sqlite'));
    db.pragma('journal_mode = WAL');
    const first = 'CREATE TABLE a (x INTEGER) STRICT;';
    const broken = 'CREATE TABLE b (x INTEGER) STRICT; INSERT INTO no_such_table VALUES (1);';
    expect(() => applyMigrations(db, [first, broken])).toThrow(/no such table/);
    expect(db.pragma('user_version', { simple: true })).toBe(1);
    expect(tables(db)).toEqual(['a']);
    expect(checkSchema(db, [first, broken])).toEqual({ kind: 'behind', version: 1 });

    const fixed = 'CREATE TABLE b (x INTEGER) STRICT;';
    expect(applyMigrations(db, [first, fixed])).toEqual({ from: 1, to: 2 });
    expect(db.pragma('user_version', { simple: true })).toBe(2);
    expect(tables(db)).toEqual(['a', 'b']);
    expect(applyMigrations(db, [first, fixed])).toEqual({ from: 2, to: 2 });
    expect(checkSchema(db, [first])).toEqual({ kind: 'newer', version: 2 });
    db.close();
  });

  it('lets a second process that opened during an upgrade find the steps already done', async () => {
    const file = path.join(root, 'race.sqlite');
    const steps = ['CREATE TABLE a (x INTEGER) STRICT;', 'CREATE TABLE b (x INTEGER) STRICT;'];
    const setup = new Database(file);
    setup.pragma('journal_mode = WAL');
    setup.close();

    // Another till process is mid-upgrade: it holds the write lock with the steps done but not committed.
    const other = spawn(
      process.execPath,
      [
        '-e',
        `const db = new (require('better-sqlite3'))(process.argv[1]);
         db.exec('BEGIN IMMEDIATE');
         for (const [i, step] of JSON.parse(process.argv[2]).entries()) { db.exec(step); db.pragma('user_version = ' + (i + 1)); }
         process.stdout.write('locked\\n');
         setTimeout(() => { db.exec('COMMIT'); db.close(); }, 300);`,
        file,
        JSON.stringify(steps),
      ],
      { cwd: process.cwd(), stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const exited = once(other, 'exit');
    await once(other.stdout!, 'data');

    const db = new Database(file, { timeout: 10_000 });
    // This process still sees version 0, then waits for the lock; once it has it, there is nothing left to do.
    expect(checkSchema(db, steps)).toEqual({ kind: 'behind', version: 0 });
    expect(() => applyMigrations(db, steps)).not.toThrow();
    expect(db.pragma('user_version', { simple: true })).toBe(2);
    expect(tables(db)).toEqual(['a', 'b']);
    db.close();
    expect((await exited)[0]).toBe(0);
  });
});
