import fs from 'node:fs';

/** Debian's Chromium (or one named by CHROMIUM_PATH); Playwright's own browser download never runs here. */
export const chromiumCandidates: (string | undefined)[] = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

export function findChromium(): string {
  const found = chromiumCandidates.find((candidate) => candidate && fs.existsSync(candidate));
  if (!found) {
    throw new Error(
      'No Chromium found for the browser tests. Install it with `apt-get install -y chromium` (Debian/Ubuntu), ' +
        'or set CHROMIUM_PATH to a Chromium or Chrome binary.',
    );
  }
  return found!;
}

/** Flags that keep Chromium from phoning home on a closed network and from needing a GPU. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
