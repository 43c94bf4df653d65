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

/**
 * Flags that keep Chromium from phoning home on a closed network and from needing a GPU, and from
 * drawing an address bar nobody sees: Chromium 156 opens its omnibox popup as web pages of its
 * own (chrome://omnibox-popup.top-chrome/, one renderer process beside each window), even
 * headless, and they took more of the browser tests' CPU than the app did (a browser opening ten
 * pages and clicking twenty buttons on each: 51 CPU s with them, 22 without).
 * Chromium reads only the last --disable-features, and Playwright passes its own before ours, so
 * its list (Playwright 1.65's chromiumSwitches.ts) is said again here.
 */
const playwrightDisabledFeatures = [
  'AvoidUnnecessaryBeforeUnloadCheckSync', 'DestroyProfileOnBrowserClose', 'HttpsUpgrades', 'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay', 'MediaRouter', 'PaintHolding', 'ThirdPartyStoragePartitioning', 'AvoidCorsURLLoaderRestartOnRedirect',
  'OptimizationHints', 'NetworkTimeServiceQuerying', 'AimEnabled', 'PreconnectToSearch',
];
const omniboxPopupPages = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'WebUIOmniboxFullPopup'];
/**
 * Chromium keeps a spare renderer process started ahead of the next navigation, and starts another
 * each time one is taken. When every test opened a context of its own and loaded the app once, most
 * spares were started only to be thrown away with their context (kiosk-flow's 8 tests: 15 renderer
 * processes with spares, 9 without; Chromium's CPU over the file 62-69 s with them, 56-59 without,
 * three runs each). Starting a process costs more here than elsewhere: memory a
 * process touches for the first time costs about 13 µs a page on this machine (a
 * virtual machine whose page faults go through the hypervisor). What a page does is unchanged. A
 * context made afresh (a test with its own options, one after a fake clock) still gains from it.
 */
const noSpareRenderer = ['SpareRendererForSitePerProcess'];
/**
 * Every page of one site in one renderer process: the browser tests' pages (each test's own host,
 * 127.0.0.1 on a port of its own) then join the process the worker keeps open
 * (test/e2e/test.ts) instead of each starting one.
 */
const oneProcessPerSite = ['--process-per-site'];
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  ...oneProcessPerSite,
  `--disable-features=${[...playwrightDisabledFeatures, ...omniboxPopupPages, ...noSpareRenderer].join(',')}`,
];
