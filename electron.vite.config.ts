import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { metaContentSecurityPolicy } from './shared/csp';

/** The built page carries the same CSP the preview host and Electron send as a header. */
function contentSecurityPolicyMeta(): Plugin {
  return {
    name: 'lobby-pos-csp',
    apply: 'build',
    transformIndexHtml: () => [
      { tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: metaContentSecurityPolicy }, injectTo: 'head-prepend' },
    ],
  };
}

export default defineConfig({
  main: {
    // pino-roll is bundled so that its require('date-fns') takes only the functions it uses
    // (electron/core/date-fns-for-log-rotation.ts) instead of loading all of date-fns at every start.
    resolve: { alias: [{ find: /^date-fns$/, replacement: resolve('electron/core/date-fns-for-log-rotation.ts') }] },
    build: {
      // zod, pino and intl-messageformat are bundled too, all plain JavaScript. Loaded from
      // node_modules they were some 130 files for Node's module loader to find, read and compile
      // at every start: zod alone 95 files and 120 ms here, with some 60 translations of its own
      // messages, which the bundle leaves out. A preview host's start to its first line went from
      // 0.67 to 0.56 CPU s.
      externalizeDeps: { exclude: ['pino-roll', 'zod', 'pino', 'intl-messageformat'] },
      outDir: 'out/main',
      rolldownOptions: {
        // The preview host is built beside main so `npm start` can fall back to it without Electron.
        input: {
          index: resolve('electron/main/index.ts'),
          host: resolve('electron/host/cli.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // A sandboxed preload cannot require() from node_modules: bundle the contract (and zod) in.
      externalizeDeps: false,
      minify: true,
      rolldownOptions: {
        input: { index: resolve('electron/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: 'renderer',
    // The same aliases as tsconfig.web.json: screens import `@shared/money`, never `../../../../shared/money`.
    resolve: {
      alias: {
        '@shared': resolve('shared'),
        '@ui': resolve('renderer/src/ui'),
        '@renderer': resolve('renderer/src'),
      },
    },
    plugins: [react(), contentSecurityPolicyMeta()],
    build: {
      outDir: 'out/renderer',
      minify: true,
      reportCompressedSize: true,
      // Vite's 500 kB warning is about pages downloaded over a network. This renderer is read from
      // the app's own files (or the preview host on this machine); what it costs at start is measured
      // by `npm run bench -- renderer` (cold start, taps, JS size), so the warning only startled newcomers
      // (at their first `npm start`). The main chunk is 1.3 MB, over a third of it the six languages'
      // catalogues, all bundled so a kiosk customer's language switch is instant; the limit leaves
      // room for a few more screens and sentences.
      chunkSizeWarningLimit: 1600,
      rolldownOptions: { input: resolve('renderer/index.html') },
    },
  },
});
