import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The boundary is a lint rule; this proves the rule still bites, so loosening the config fails a test.
const eslint = new ESLint({ cwd: process.cwd() });
const lint = async (file: string, code: string) => (await eslint.lintText(code, { filePath: file }))[0]!.messages.map((m) => m.ruleId);

describe('import boundaries', () => {
  it("refuses 'electron' outside electron/main and electron/preload", async () => {
    expect(await lint('electron/app/x.ts', "import { app } from 'electron';\nexport const a = app;\n")).toContain('no-restricted-imports');
    expect(await lint('electron/sales/x.ts', "import { net } from 'electron/main';\nexport const a = net;\n")).toContain('no-restricted-imports');
    expect(await lint('renderer/src/x.ts', "import { ipcRenderer } from 'electron';\nexport const a = ipcRenderer;\n")).toContain('no-restricted-imports');
    expect(await lint('electron/main/x.ts', "import { app } from 'electron';\nexport const a = app;\n")).not.toContain('no-restricted-imports');
    expect(await lint('electron/preload/x.ts', "import { ipcRenderer } from 'electron';\nexport const a = ipcRenderer;\n")).not.toContain('no-restricted-imports');
  });

  it('refuses Node modules in renderer and shared code, allows them in main-side services', async () => {
    expect(await lint('shared/x.ts', "import fs from 'node:fs';\nexport const a = fs;\n")).toContain('no-restricted-imports');
    expect(await lint('shared/x.ts', "import path from 'path';\nexport const a = path;\n")).toContain('no-restricted-imports');
    expect(await lint('renderer/src/x.tsx', "import { readFileSync } from 'node:fs';\nexport const a = readFileSync;\n")).toContain('no-restricted-imports');
    expect(await lint('electron/journal/x.ts', "import fs from 'node:fs';\nexport const a = fs;\n")).not.toContain('no-restricted-imports');
  });

  it('keeps the floors: nothing imports upward or sideways on its floor', async () => {
    const bites = async (file: string, from: string) => (await lint(file, `import { x } from '${from}';\nexport const a = x;\n`)).includes('no-restricted-imports');
    // upward
    expect(await bites('electron/core/x.ts', '../app/create-pos')).toBe(true);
    expect(await bites('electron/core/config/x.ts', '../../journal')).toBe(true);
    expect(await bites('electron/journal/x.ts', '../sales/checkout')).toBe(true);
    expect(await bites('electron/partner/x.ts', '../printing/x')).toBe(true);
    expect(await bites('electron/sales/x.ts', '../app/context')).toBe(true);
    expect(await bites('electron/app/x.ts', '../host/server')).toBe(true);
    expect(await bites('shared/x.ts', '../electron/core/logger')).toBe(true);
    expect(await bites('renderer/src/screens/x.tsx', '../../../electron/sales')).toBe(true);
    // sideways
    expect(await bites('electron/printing/receipts/x.ts', '../../sales/sale-view')).toBe(true);
    expect(await bites('electron/sales/x.ts', '../payments/port')).toBe(true);
    expect(await bites('electron/journal/x.ts', '../partner/client')).toBe(true);
    expect(await bites('electron/main/x.ts', '../host/server')).toBe(true);
    // allowed: downward
    expect(await bites('electron/sales/x.ts', '../journal')).toBe(false);
    expect(await bites('electron/sales/x.ts', '../core/logger')).toBe(false);
    expect(await bites('electron/printing/receipts/x.ts', '../../../shared/sales/sale-details')).toBe(false);
    expect(await bites('electron/app/handlers/x.ts', '../../sales')).toBe(false);
    expect(await bites('electron/main/x.ts', '../app/runtime')).toBe(false);
    expect(await bites('electron/core/x.ts', '../../shared/result')).toBe(false);
  });
});
