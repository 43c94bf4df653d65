import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../electron/core/config/load';
import { defaultDataDir } from '../../electron/core/config/data-dir';
import { isTrainingMode } from '../../electron/core/config/schema';
import { tempFolder } from '../helpers/temp-folder';

const tempDir = () => tempFolder('lobby-pos-config-');

describe('loadConfig', () => {
  it('starts from defaults: counter profile, training mode, preview printer', () => {
    const dataDir = tempDir();
    const loaded = loadConfig({ env: {}, flags: { 'data-dir': dataDir } });
    if (!loaded.ok) throw new Error(loaded.message);
    expect(loaded.config).toMatchObject({
      terminal: { id: 'T01', profile: 'counter' },
      partner: { baseUrl: '', experiencePrefix: '/v1', hotelPrefix: '/v2', slug: 'partner' },
      printer: { interface: 'preview', type: 'epson', columns: 48 },
      dataDir,
      locale: 'en-NG',
    });
    expect(isTrainingMode(loaded.config)).toBe(true);
  });

  it('names an unnamed till after its profile (Counter 1, Front desk 1, Kiosk 1); a name given anywhere wins', () => {
    const dataDir = tempDir();
    const name = (flags: Record<string, string>, env: NodeJS.ProcessEnv = {}) => {
      const loaded = loadConfig({ env, flags: { 'data-dir': dataDir, ...flags } });
      if (!loaded.ok) throw new Error(loaded.message);
      return loaded.config.terminal.name;
    };
    expect(name({})).toBe('Counter 1');
    expect(name({ profile: 'front-desk' })).toBe('Front desk 1');
    expect(name({}, { POS_PROFILE: 'kiosk' })).toBe('Kiosk 1');
    expect(name({ profile: 'front-desk', 'terminal-name': 'Reception' })).toBe('Reception');
  });

  it('layers defaults < config file < environment < flags', () => {
    const dataDir = tempDir();
    fs.writeFileSync(path.join(dataDir, 'config.json'), JSON.stringify({ terminal: { id: 'FILE', name: 'From file', profile: 'kiosk' }, printer: { columns: 32 } }));
    const loaded = loadConfig({ env: { POS_TERMINAL_ID: 'ENV', POS_PROFILE: 'front-desk' }, flags: { 'data-dir': dataDir, profile: 'counter' } });
    if (!loaded.ok) throw new Error(loaded.message);
    expect(loaded.config.terminal).toEqual({ id: 'ENV', name: 'From file', profile: 'counter', lockMinutes: 10 });
    expect(loaded.config.printer.columns).toBe(32);
    expect(loaded.sources['terminal.name']).toBe(path.join(dataDir, 'config.json'));
    expect(loaded.sources['terminal.id']).toBe('POS_TERMINAL_ID');
    expect(loaded.sources['terminal.profile']).toBe('--profile');
  });

  it('takes the data directory from the flag, then POS_DATA_DIR, then the platform default', () => {
    const a = tempDir();
    const b = tempDir();
    const fromFlag = loadConfig({ env: { POS_DATA_DIR: b }, flags: { 'data-dir': a } });
    const fromEnv = loadConfig({ env: { POS_DATA_DIR: b } });
    const fromDefault = loadConfig({ env: {}, defaultDataDir: a });
    expect(fromFlag.ok && fromFlag.config.dataDir).toBe(a);
    expect(fromEnv.ok && fromEnv.config.dataDir).toBe(b);
    expect(fromDefault.ok && fromDefault.config.dataDir).toBe(a);
  });

  it.each([
    [{ POS_PROFILE: 'till' }, /^Configuration error: terminal\.profile = "till" \(from POS_PROFILE\): .*counter.*front-desk.*kiosk/],
    [{ POS_PARTNER_URL: 'ftp://x' }, /^Configuration error: partner\.baseUrl = "ftp:\/\/x" \(from POS_PARTNER_URL\): must be an http\(s\) URL/],
    [{ POS_PRINTER: 'lpt1' }, /^Configuration error: printer\.interface = "lpt1" \(from POS_PRINTER\): must be preview, tcp/],
    [{ POS_PRINTER_COLUMNS: '40' }, /^Configuration error: printer\.columns = "40" \(from POS_PRINTER_COLUMNS\): must be 32 \(58 mm paper\), 42 \(76 mm paper\) or 48/],
    [{ POS_TERMINAL_ID: 'has space' }, /^Configuration error: terminal\.id = "has space" \(from POS_TERMINAL_ID\)/],
    [{ POS_PARTNER_HOTEL_PREFIX: 'v2/' }, /^Configuration error: partner\.hotelPrefix = "v2\/" \(from POS_PARTNER_HOTEL_PREFIX\): must be a path/],
  ])('refuses %o with one line naming the key, its source and the reason', (env, pattern) => {
    const loaded = loadConfig({ env, flags: { 'data-dir': tempDir() } });
    expect(loaded.ok).toBe(false);
    if (loaded.ok) return;
    expect(loaded.message).toMatch(pattern);
    expect(loaded.message).not.toContain('\n');
  });

  it('refuses unknown keys, bad JSON and dataDir inside the config file', () => {
    const dataDir = tempDir();
    const file = path.join(dataDir, 'config.json');
    fs.writeFileSync(file, '{"terminal": {"nmae": "typo"}}');
    expect(loadConfig({ env: {}, flags: { 'data-dir': dataDir } })).toMatchObject({ ok: false, message: expect.stringContaining('terminal.nmae') });
    fs.writeFileSync(file, '{not json');
    expect(loadConfig({ env: {}, flags: { 'data-dir': dataDir } })).toMatchObject({ ok: false, message: expect.stringContaining('not valid JSON') });
    fs.writeFileSync(file, '{"dataDir": "/elsewhere"}');
    expect(loadConfig({ env: {}, flags: { 'data-dir': dataDir } })).toMatchObject({ ok: false, message: expect.stringContaining('POS_DATA_DIR') });
  });

  it('asks a network printer for its status unless told no (printer.askStatus), and refuses anything but yes or no', () => {
    const dataDir = tempDir();
    const read = (env: NodeJS.ProcessEnv, flags: Record<string, string> = {}) => loadConfig({ env, flags: { 'data-dir': dataDir, ...flags } });
    expect(read({})).toMatchObject({ ok: true, config: { printer: { askStatus: 'yes' } } });
    expect(read({ POS_PRINTER_ASK_STATUS: 'no' })).toMatchObject({ ok: true, config: { printer: { askStatus: 'no' } } });
    expect(read({}, { 'printer-ask-status': 'no' })).toMatchObject({ ok: true, config: { printer: { askStatus: 'no' } } });
    expect(read({ POS_PRINTER_ASK_STATUS: 'never' })).toMatchObject({ ok: false, message: expect.stringMatching(/printer\.askStatus.*must be yes or no/) });
  });
});

describe('defaultDataDir', () => {
  it("matches Electron's userData folder for the product name on each platform", () => {
    expect(defaultDataDir('linux', {}, '/home/ada')).toBe('/home/ada/.config/Lobby POS');
    expect(defaultDataDir('linux', { XDG_CONFIG_HOME: '/xdg' }, '/home/ada')).toBe('/xdg/Lobby POS');
    expect(defaultDataDir('darwin', {}, '/Users/ada')).toBe('/Users/ada/Library/Application Support/Lobby POS');
    expect(defaultDataDir('win32', { APPDATA: 'C:\\Users\\ada\\AppData\\Roaming' }, 'C:\\Users\\ada')).toBe('C:\\Users\\ada\\AppData\\Roaming\\Lobby POS');
  });
});
