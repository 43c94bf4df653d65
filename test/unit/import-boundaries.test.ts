import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The boundary is a lint rule; this proves the rule still bites, so loosening the config fails a test.
const eslint = new ESLint({ cwd: process.cwd() });
const lint = async (file: string, code: string) => (await eslint.lintText(code, { filePath: file }))[0]!.messages.map((m) => m.ruleId);

describe('import boundaries', () => {
  it("refuses 'electron' outside electron/main and electron/preload", async () => {
    expect(await lint('electron/pos/x.ts', "import { app } from 'electron';\nexport const a = app;\n")).toContain('no-restricted-imports');
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
});
