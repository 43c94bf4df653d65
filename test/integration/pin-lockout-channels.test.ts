import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { failure, openTill, value, type Till } from '../helpers/sales-fixture';

/** The PIN lock through the contract: a real till, its journal file, restarts. */
const open: Till[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const till of open.splice(0)) await till.close();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function till(dataDir: string, clock: () => Date): Till {
  const opened = openTill({ url: 'http://127.0.0.1:1', dataDir, clock });
  open.push(opened);
  return opened;
}

/** Counts the PINs the till actually evaluates (each one is a scrypt hash), by wrapping the journal's check. */
function countEvaluations(opened: Till) {
  let count = 0;
  const verify = opened.journal.staff.verifyPin;
  opened.journal.staff.verifyPin = (input) => {
    count += 1;
    return verify(input);
  };
  return () => count;
}

describe('PIN lockout through sign-in', () => {
  it('evaluates at most five of 100 wrong PINs sent at once, and the lock survives a restart', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lobby-pos-pin-channels-'));
    dirs.push(dataDir);
    let now = Date.now();
    const clock = () => new Date(now);
    const first = till(dataDir, clock);
    const boss = value(await first.pos.api['staff:setup']({ name: 'Bola Adeyemi', pin: '2468' }));
    const cashier = value(await first.pos.api['staff:create']({ name: 'Tunde Bakare', role: 'cashier', pin: '1357' }));
    value(await first.pos.api['staff:sign-out']({}));
    const evaluated = countEvaluations(first);

    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => first.pos.api['staff:sign-in']({ staffId: cashier.id, pin: String(5000 + i) })));
    expect(evaluated()).toBeLessThanOrEqual(5);
    expect(answers.every((answer) => !answer.ok && answer.error.code === 'UNAUTHORIZED')).toBe(true);
    expect(first.journal.staff.audit(cashier.id)).toMatchObject({ ok: true, value: [{ kind: 'pin-locked', staffId: cashier.id }] });
    console.info(`pin-lockout-channels: 100 parallel wrong sign-ins, ${evaluated()} evaluated`);

    // A restart does not clear it: the right PIN is still refused, unevaluated.
    await first.close();
    open.splice(open.indexOf(first), 1);
    const second = till(dataDir, clock);
    const evaluatedAfter = countEvaluations(second);
    expect(failure(await second.pos.api['staff:sign-in']({ staffId: cashier.id, pin: '1357' }))).toMatchObject({ code: 'UNAUTHORIZED', message: expect.stringMatching(/Tunde Bakare.*locked for 30 more seconds/) });
    expect(evaluatedAfter()).toBe(0);
    // Someone else is not locked.
    expect(value(await second.pos.api['staff:sign-in']({ staffId: boss.id, pin: '2468' })).id).toBe(boss.id);
    now += 30_001;
    expect(value(await second.pos.api['staff:sign-in']({ staffId: cashier.id, pin: '1357' })).id).toBe(cashier.id);
  });
});
