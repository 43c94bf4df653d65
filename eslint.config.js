import { builtinModules } from 'node:module';
import tseslint from 'typescript-eslint';
import formatjs from 'eslint-plugin-formatjs';

const nodeModules = builtinModules.filter((name) => !name.startsWith('_'));

const stores = ['journal', 'partner', 'sandbox'];
const domains = ['sales', 'payments', 'printing', 'fleet'];
const top = ['app', 'main', 'host', 'preload'];
/** For each folder of electron/: the folders it must never import (above it, or beside it on its floor). */
const forbidden = {
  core: [...stores, ...domains, ...top],
  ...Object.fromEntries(stores.map((store) => [store, [...stores.filter((other) => other !== store), ...domains, ...top]])),
  ...Object.fromEntries(domains.map((domain) => [domain, [...domains.filter((other) => other !== domain), ...top]])),
  app: ['main', 'host', 'preload'],
  host: ['main', 'preload'],
  main: ['host', 'preload'],
  preload: ['main', 'host', 'app', ...domains, ...stores],
};
const electronOnlyInShell = {
  paths: [{ name: 'electron', message: 'Only electron/main and electron/preload may import electron; keep this code runnable in plain Node.' }],
  patterns: [{ group: ['electron/*'], message: 'Only electron/main and electron/preload may import electron.' }],
};

/**
 * Every word on screen comes from a catalogue (renderer/src/i18n/README.md): formatjs's
 * no-literal-string-in-jsx, which reports text between tags and string literals in JSX (children,
 * and the props below), less strings with no letters in them: separators and symbols such as
 * " · ", "—", "✓", "#" or "/" are layout, not words. Strings in plain JS (toasts, table columns,
 * labels built in a const) are not seen by it: they go through t() too.
 */
const literalText = formatjs.rules['no-literal-string-in-jsx'];
const noLetters = (text) => typeof text === 'string' && !/\p{L}/u.test(text);
function reportedText(node) {
  if (!node) return undefined;
  if (node.type === 'JSXText' || node.type === 'Literal') return node.value;
  if (node.type === 'TemplateLiteral') return node.quasis.map((q) => q.value.cooked ?? q.value.raw).join('');
  if (node.type === 'JSXAttribute') return reportedText(node.value);
  return undefined;
}
const noWordsInJsx = {
  meta: literalText.meta,
  create(context) {
    const filtered = Object.create(context, {
      report: { value: (descriptor) => (noLetters(reportedText(descriptor.node)) ? undefined : context.report(descriptor)) },
    });
    return literalText.create(filtered);
  },
};

/** One no-restricted-imports entry per folder (flat config replaces, not merges, a rule's options). */
function floorRules() {
  return Object.entries(forbidden).map(([folder, banned]) => {
    const shell = folder === 'main' || folder === 'preload';
    return {
      files: [`electron/${folder}/**/*.{ts,tsx,js,mjs}`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            ...(shell ? {} : { paths: electronOnlyInShell.paths }),
            patterns: [
              ...(shell ? [] : electronOnlyInShell.patterns),
              {
                // A relative path whose first named folder is a forbidden one, at any depth.
                regex: `^(\\.\\./)+(${banned.join('|')})(/|$)`,
                message: `electron/${folder} sits below or beside that folder: depend on a port (an interface here or in shared/) that electron/app fills in, or on a domain event from core/domain-events.ts.`,
              },
              { regex: '^(\\.\\./)+renderer(/|$)', message: 'Main-side code never imports the renderer; share through shared/.' },
            ],
          },
        ],
      },
    };
  });
}

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  // Browser tests take `test` from test/e2e/test.ts, whose page shares the worker's browser
  // context and renderer process (see there); Playwright's own would start both afresh per test.
  {
    files: ['test/e2e/**/*.ts'],
    ignores: ['test/e2e/test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: '@playwright/test', importNames: ['test'], message: "Import test (and expect) from './test' (test/e2e/test.ts): its page shares the worker's browser context and renderer process." }] },
      ],
    },
  },
  // The floors (docs/design.md §2): shared -> core -> stores (journal, partner, sandbox) -> domains
  // (sales, payments, printing, fleet) -> app -> main / host. No import runs back up, and folders on
  // one floor never import each other: domains meet through ports that app fills in, and through
  // core's domain events. Only electron/main and electron/preload may touch Electron.
  ...floorRules(),
  // The renderer and shared code run in a sandboxed page: no Node modules, no Electron.
  {
    files: ['renderer/**/*.{ts,tsx}', 'shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'electron', message: 'The renderer has no Electron; talk to main through the contract (window.pos).' },
            ...nodeModules.map((name) => ({ name, message: 'The renderer and shared code run in a browser sandbox: no Node modules.' })),
          ],
          patterns: [
            { group: ['node:*'], message: 'The renderer and shared code run in a browser sandbox: no Node modules.' },
            // shared is the ground floor: it imports nothing of ours; the renderer reaches main only through the contract.
            { regex: '^(\\.\\./)+electron(/|$)', message: 'shared/ and the renderer never import main-side code (electron/); share through shared/.' },
          ],
        },
      ],
    },
  },
  // Times on screen are Lagos time whatever the computer's zone: through renderer/src/i18n/format.ts
  // (formatLagosDateTime, formatLagosClock), never the browser's own zone.
  {
    files: ['renderer/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          "CallExpression[callee.property.name=/^toLocale(Date|Time)String$/]",
          "CallExpression[callee.property.name='toLocaleString'][callee.object.type='NewExpression'][callee.object.callee.name='Date']",
          "NewExpression[callee.object.name='Intl'][callee.property.name='DateTimeFormat']",
          "CallExpression[callee.property.name=/^get(Hours|Minutes|Seconds|Date|Day|Month|FullYear)$/]",
        ].map((selector) => ({ selector, message: "This uses the computer's own time zone: show times with formatLagosDateTime or formatLagosClock (renderer/src/i18n/format.ts)." })),
        // An effect's arrow without braces returns what its call returns, and React calls that on
        // unmount: Chromium's scrollIntoView now returns a Promise, so leaving checkout after a failed
        // sale crashed to a white screen ("destroy is not a function"). Braces, and return only a cleanup.
        {
          selector: "CallExpression[callee.name=/^use(Layout|Insertion)?Effect$/] > ArrowFunctionExpression[expression=true]",
          message: 'Give an effect a block body ({ ... }) and return only a cleanup function from it: an expression body returns whatever its call returns, and React calls that when the component leaves.',
        },
      ],
    },
  },
  // No hard-coded words on screen: text and user-facing props in renderer JSX come from t().
  {
    files: ['renderer/src/**/*.tsx'],
    plugins: { lobby: { rules: { 'no-words-in-jsx': noWordsInJsx } } },
    rules: {
      'lobby/no-words-in-jsx': [
        'error',
        { props: { include: [['*', '{label,title,placeholder,hint,alt,caption,legend,description,summary,message,emptyText}']] } },
      ],
    },
  },
);
