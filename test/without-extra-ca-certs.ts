/**
 * globalSetup of vitest and Playwright: the processes a test run starts (the test workers, the kill
 * tests' tills, the preview hosts) start without NODE_EXTRA_CA_CERTS, and the run's own process
 * gets it back at the end.
 *
 * Why: Node 20 reads and parses that file at every start, whether or not the process ever opens a
 * TLS connection. Machines behind a proxy of their own set it to the whole system bundle (here
 * /etc/ssl/certs/ca-certificates.crt, 220 KB): a bare `node -e ""` then takes 97 ms of CPU against
 * 56 without, and a test run starts over a thousand Node processes. No test needs it: every server
 * a test talks to listens on 127.0.0.1 over plain HTTP (test/README.md).
 */
export default function setup(): () => void {
  const previous = process.env.NODE_EXTRA_CA_CERTS;
  delete process.env.NODE_EXTRA_CA_CERTS;
  return () => {
    if (previous !== undefined) process.env.NODE_EXTRA_CA_CERTS = previous;
  };
}
