import { spawnSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import setup from '../without-extra-ca-certs';

describe('a test run starts its processes without NODE_EXTRA_CA_CERTS', () => {
  const kept = process.env.NODE_EXTRA_CA_CERTS;
  afterEach(() => {
    if (kept === undefined) delete process.env.NODE_EXTRA_CA_CERTS;
    else process.env.NODE_EXTRA_CA_CERTS = kept;
  });

  it('takes it away for the run and gives it back at the end', () => {
    process.env.NODE_EXTRA_CA_CERTS = '/etc/ssl/certs/ca-certificates.crt';
    const teardown = setup();
    expect(process.env.NODE_EXTRA_CA_CERTS).toBeUndefined();
    teardown();
    expect(process.env.NODE_EXTRA_CA_CERTS).toBe('/etc/ssl/certs/ca-certificates.crt');
  });

  it('leaves it unset when it was not set', () => {
    delete process.env.NODE_EXTRA_CA_CERTS;
    setup()();
    expect('NODE_EXTRA_CA_CERTS' in process.env).toBe(false);
  });

  it('is not seen by a worker, nor by a Node process a test starts as the kill tests start theirs', () => {
    // vitest.config.ts runs the setup before it starts its workers, so this worker and what it
    // spawns (with its environment, as child-bundle.ts does) never had it.
    expect(kept).toBeUndefined();
    const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String("NODE_EXTRA_CA_CERTS" in process.env))'], { env: process.env, encoding: 'utf8' });
    expect(child.stdout).toBe('false');
  });
});
