import { builtinModules } from 'node:module';
import tseslint from 'typescript-eslint';

const nodeModules = builtinModules.filter((name) => !name.startsWith('_'));

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
  // Only the Electron shell may touch Electron: everything else must run (and be tested) in plain Node.
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    ignores: ['electron/main/**', 'electron/preload/**', 'test/unit/electron-shell.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'electron', message: 'Only electron/main and electron/preload may import electron; keep this code runnable in plain Node.' }], patterns: [{ group: ['electron/*'], message: 'Only electron/main and electron/preload may import electron.' }] },
      ],
    },
  },
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
          patterns: [{ group: ['node:*'], message: 'The renderer and shared code run in a browser sandbox: no Node modules.' }],
        },
      ],
    },
  },
);
