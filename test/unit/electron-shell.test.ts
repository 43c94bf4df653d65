import { beforeEach, describe, expect, it, vi } from 'vitest';

// Electron's binary cannot run here; these tests replace the module with recorders and check
// that the shell asks Electron for exactly the locked-down behaviour.
const recorded = vi.hoisted(() => ({
  windows: [] as { options: any; loaded: string[]; menuRemoved: boolean; webContentsListeners?: Map<string, (...args: any[]) => void> }[],
  exposed: [] as { key: string; api: any }[],
  ipcHandlers: new Map<string, (...args: any[]) => unknown>(),
  applicationMenu: undefined as unknown,
  privilegedSchemes: [] as unknown[][],
  protocolHandlers: new Map<string, (request: Request) => Promise<Response>>(),
  relaunches: [] as unknown[],
}));

vi.mock('electron', () => {
  class BrowserWindow {
    record: { options: any; loaded: string[]; menuRemoved: boolean; webContentsListeners?: Map<string, (...args: any[]) => void> };
    constructor(options: any) {
      this.record = { options, loaded: [], menuRemoved: false };
      recorded.windows.push(this.record);
    }
    loadURL(url: string) {
      this.record.loaded.push(url);
      return Promise.resolve();
    }
    removeMenu() {
      this.record.menuRemoved = true;
    }
    once() {}
    isDestroyed() {
      return false;
    }
    webContents = {
      on: (event: string, listener: (...args: any[]) => void) => (this.record.webContentsListeners ??= new Map()).set(event, listener),
    };
  }
  return {
    app: { isPackaged: true, relaunch: (options?: unknown) => recorded.relaunches.push(options) },
    protocol: {
      registerSchemesAsPrivileged: (schemes: unknown[]) => recorded.privilegedSchemes.push(schemes),
      handle: (scheme: string, handler: (request: Request) => Promise<Response>) => recorded.protocolHandlers.set(scheme, handler),
    },
    // net.fetch of a file:// URL, as Electron answers it: the file's bytes, or a failure.
    net: {
      fetch: async (url: string) => {
        const { readFile } = await import('node:fs/promises');
        const { fileURLToPath } = await import('node:url');
        return new Response(await readFile(fileURLToPath(url)), { status: 200, headers: { 'Content-Type': url.endsWith('.html') ? 'text/html' : 'text/javascript' } });
      },
    },
    BrowserWindow,
    Menu: { setApplicationMenu: (menu: unknown) => (recorded.applicationMenu = menu) },
    contextBridge: { exposeInMainWorld: (key: string, api: unknown) => recorded.exposed.push({ key, api }) },
    ipcRenderer: { invoke: vi.fn(async () => ({ ok: true, value: 'from-main' })), on: vi.fn(), removeListener: vi.fn() },
  };
});

const { secureWebPreferences, hardenWebContents, lockDownSession } = await import('../../electron/main/security');
const { createMainWindow } = await import('../../electron/main/window');
const { isTrustedSender, originOf, appOrigin } = await import('../../electron/main/trusted-origin');
const { bindIpc } = await import('../../electron/main/ipc');
const { channelNames, eventNames } = await import('../../shared/ipc/contract');
const { silentLogger } = await import('../../electron/core/logger');
const { contentSecurityPolicy } = await import('../../shared/csp');

beforeEach(() => {
  recorded.windows.length = 0;
  recorded.exposed.length = 0;
  recorded.ipcHandlers.clear();
  recorded.applicationMenu = undefined;
});

describe('window security settings', () => {
  it('isolates and sandboxes the renderer with no Node and no devtools when packaged', () => {
    const prefs = secureWebPreferences('/app/out/preload/index.cjs');
    expect(prefs).toMatchObject({
      preload: '/app/out/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      devTools: false,
    });
  });

  it('opens counter windows normally and kiosk windows fullscreen, in kiosk mode, without a menu', () => {
    createMainWindow({ profile: 'counter', preload: '/p.cjs', url: 'app://lobby/index.html' });
    createMainWindow({ profile: 'kiosk', preload: '/p.cjs', url: 'app://lobby/index.html' });
    const [counter, kiosk] = recorded.windows;
    expect(counter!.options).toMatchObject({ kiosk: false, fullscreen: false });
    expect(counter!.menuRemoved).toBe(false);
    expect(kiosk!.options).toMatchObject({ kiosk: true, fullscreen: true, closable: false });
    expect(kiosk!.menuRemoved).toBe(true);
    expect(recorded.applicationMenu).toBeNull();
    for (const window of recorded.windows) {
      expect(window.options.webPreferences).toEqual(secureWebPreferences('/p.cjs'));
      expect(window.loaded).toEqual(['app://lobby/index.html']);
    }
  });

  it('loads the screen again when its process is gone (crashed, out of memory, killed), and says why in the log', () => {
    vi.useFakeTimers();
    const lines: Array<{ message: string; fields?: unknown }> = [];
    const logger = { info() {}, warn() {}, error: (message: string, fields?: unknown) => void lines.push({ message, fields }) };
    createMainWindow({ profile: 'kiosk', preload: '/p.cjs', url: 'app://lobby/index.html', logger });
    const [kiosk] = recorded.windows;
    const gone = kiosk!.webContentsListeners!.get('render-process-gone')!;
    gone({}, { reason: 'oom', exitCode: 9 });
    vi.advanceTimersByTime(0);
    gone({}, { reason: 'crashed', exitCode: 11 });
    vi.advanceTimersByTime(0);
    expect(kiosk!.loaded).toEqual(['app://lobby/index.html', 'app://lobby/index.html', 'app://lobby/index.html']);
    expect(lines).toEqual([
      { message: 'the screen process stopped; loading the screen again', fields: { reason: 'oom', exitCode: 9 } },
      { message: 'the screen process stopped; loading the screen again', fields: { reason: 'crashed', exitCode: 11 } },
    ]);
    // A clean exit (the app closing) is not a crash: nothing is loaded again.
    gone({}, { reason: 'clean-exit', exitCode: 0 });
    vi.advanceTimersByTime(61_000);
    expect(kiosk!.loaded).toHaveLength(3);
    // Gone three times within a minute: the next load waits 30 s, not a tight loop of crashes.
    gone({}, { reason: 'crashed', exitCode: 11 });
    gone({}, { reason: 'crashed', exitCode: 11 });
    vi.advanceTimersByTime(0);
    expect(kiosk!.loaded).toHaveLength(5);
    gone({}, { reason: 'crashed', exitCode: 11 });
    vi.advanceTimersByTime(29_000);
    expect(kiosk!.loaded).toHaveLength(5);
    vi.advanceTimersByTime(1_000);
    expect(kiosk!.loaded).toHaveLength(6);
    vi.useRealTimers();
  });
});

describe('webContents handlers', () => {
  function fakeContents() {
    const listeners = new Map<string, (...args: any[]) => void>();
    let openHandler: ((details: unknown) => unknown) | undefined;
    return {
      on: (name: string, listener: (...args: any[]) => void) => listeners.set(name, listener),
      setWindowOpenHandler: (handler: (details: unknown) => unknown) => (openHandler = handler),
      fire(name: string, url?: string) {
        const event = { defaultPrevented: false, preventDefault() { this.defaultPrevented = true; } };
        listeners.get(name)!(event, url);
        return event.defaultPrevented;
      },
      open: (url: string) => openHandler!({ url }),
    };
  }
  const trusted = (url: string) => originOf(url) === appOrigin;

  it('blocks navigation and redirects away from the app, allows moving within it', () => {
    const contents = fakeContents();
    hardenWebContents(contents as any, trusted);
    expect(contents.fire('will-navigate', 'https://evil.example/')).toBe(true);
    expect(contents.fire('will-navigate', 'file:///etc/passwd')).toBe(true);
    expect(contents.fire('will-redirect', 'https://evil.example/')).toBe(true);
    expect(contents.fire('will-navigate', 'app://lobby/index.html#/hotels')).toBe(false);
  });

  it('denies every new window and webview', () => {
    const contents = fakeContents();
    hardenWebContents(contents as any, trusted);
    expect(contents.open('https://example.com')).toEqual({ action: 'deny' });
    expect(contents.open('app://lobby/index.html')).toEqual({ action: 'deny' });
    expect(contents.fire('will-attach-webview')).toBe(true);
  });

  it('denies every permission request and check, and sends the CSP on every response', () => {
    const handlers: Record<string, any> = {};
    const session = {
      setPermissionRequestHandler: (h: any) => (handlers.request = h),
      setPermissionCheckHandler: (h: any) => (handlers.check = h),
      setDevicePermissionHandler: (h: any) => (handlers.device = h),
      webRequest: { onHeadersReceived: (h: any) => (handlers.headers = h) },
    };
    lockDownSession(session as any);
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal']) {
      const callback = vi.fn();
      handlers.request({}, permission, callback);
      expect(callback).toHaveBeenCalledWith(false);
      expect(handlers.check({}, permission)).toBe(false);
    }
    expect(handlers.device({})).toBe(false);
    const done = vi.fn();
    handlers.headers({ responseHeaders: { 'X-Other': ['1'] } }, done);
    expect(done).toHaveBeenCalledWith({ responseHeaders: { 'X-Other': ['1'], 'Content-Security-Policy': [contentSecurityPolicy] } });
  });
});

describe('sender check', () => {
  it('trusts only the top frame of our own origin', () => {
    expect(isTrustedSender({ url: 'app://lobby/index.html', parent: null }, [appOrigin])).toBe(true);
    expect(isTrustedSender({ url: 'app://lobby/index.html', parent: {} }, [appOrigin])).toBe(false);
    expect(isTrustedSender({ url: 'app://evil/index.html', parent: null }, [appOrigin])).toBe(false);
    expect(isTrustedSender({ url: 'https://lobby/index.html', parent: null }, [appOrigin])).toBe(false);
    expect(isTrustedSender({ url: 'file:///app/index.html', parent: null }, [appOrigin])).toBe(false);
    expect(isTrustedSender({ url: 'not a url', parent: null }, [appOrigin])).toBe(false);
    expect(isTrustedSender(null, [appOrigin])).toBe(false);
  });

  it('refuses IPC from an untrusted frame before the dispatcher sees it', async () => {
    const handlers = new Map<string, (...args: any[]) => Promise<any>>();
    const dispatch = vi.fn(async () => ({ ok: true as const, value: 'dispatched' }));
    bindIpc({ ipcMain: { handle: (name: string, fn: any) => handlers.set(name, fn), removeHandler() {} } as any, dispatch, trustedOrigins: [appOrigin], logger: silentLogger });

    expect([...handlers.keys()].sort()).toEqual(channelNames.map((name) => `pos:${name}`).sort());
    const call = handlers.get('pos:app:info')!;
    const refused = await call({ senderFrame: { url: 'https://evil.example/', parent: null } }, {});
    expect(refused).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    const framed = await call({ senderFrame: { url: 'app://lobby/index.html', parent: {} } }, {});
    expect(framed).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    expect(dispatch).not.toHaveBeenCalled();
    const allowed = await call({ senderFrame: { url: 'app://lobby/index.html', parent: null } }, { a: 1 });
    expect(allowed).toEqual({ ok: true, value: 'dispatched' });
    expect(dispatch).toHaveBeenCalledWith('app:info', { a: 1 });
  });
});

describe('preload', () => {
  it('exposes window.pos with exactly the contract channels and on(), nothing else', async () => {
    vi.resetModules();
    await import('../../electron/preload/index');
    expect(recorded.exposed).toHaveLength(1);
    const [{ key, api }] = recorded.exposed as [{ key: string; api: any }];
    expect(key).toBe('pos');
    expect(Object.keys(api).sort()).toEqual([...channelNames, 'on'].sort());
    for (const value of Object.values(api)) expect(typeof value).toBe('function');

    const electron = await import('electron');
    await expect(api['app:info']({})).resolves.toEqual({ ok: true, value: 'from-main' });
    expect(electron.ipcRenderer.invoke).toHaveBeenCalledWith('pos:app:info', {});
  });

  it('passes listeners the payload only, never the IPC event, and refuses unknown events', async () => {
    const { createPreloadBridge } = await import('../../electron/preload/bridge');
    const listeners = new Map<string, (...args: any[]) => void>();
    const ipc = { invoke: vi.fn(), on: (name: string, fn: any) => listeners.set(name, fn), removeListener: (name: string) => listeners.delete(name) };
    const bridge = createPreloadBridge(ipc as any);
    const received: unknown[][] = [];
    const off = bridge.on(eventNames[0]!, (...args: unknown[]) => received.push(args));
    listeners.get(`pos-event:${eventNames[0]}`)!({ sender: 'secret-ipc-object' }, { state: 'x' });
    expect(received).toEqual([[{ state: 'x' }]]);
    off();
    expect(listeners.size).toBe(0);
    expect(() => bridge.on('not:an-event' as any, () => {})).toThrow();
  });
});

describe('the app:// protocol', () => {
  it('registers its privileged schemes in one call, without bypassCSP', async () => {
    const { registerAppScheme } = await import('../../electron/main/renderer-protocol');
    recorded.privilegedSchemes.length = 0;
    registerAppScheme();
    expect(recorded.privilegedSchemes).toHaveLength(1);
    expect(recorded.privilegedSchemes[0]).toEqual([{ scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } }]);
    expect(JSON.stringify(recorded.privilegedSchemes)).not.toMatch(/bypassCSP|corsEnabled|allowServiceWorkers/);
    // Nothing else in the shell registers schemes: Electron honours only one list.
    const sources = await import('node:fs').then((fs) => fs.readdirSync('electron/main').map((file) => fs.readFileSync(`electron/main/${file}`, 'utf8')).join('\n'));
    expect(sources.match(/registerSchemesAsPrivileged\(/g)).toHaveLength(1);
  });

  it('sends the CSP header on every app:// answer: pages, assets and refusals', async () => {
    const fs = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lobby-pos-protocol-'));
    try {
      fs.writeFileSync(path.join(dir, 'index.html'), '<html></html>');
      fs.mkdirSync(path.join(dir, 'assets'));
      fs.writeFileSync(path.join(dir, 'assets', 'app.js'), 'console.log(1)');
      const { serveRenderer } = await import('../../electron/main/renderer-protocol');
      serveRenderer(dir);
      const handler = recorded.protocolHandlers.get('app')!;
      const answers = await Promise.all(
        ['app://lobby/index.html', 'app://lobby/assets/app.js', 'app://lobby/missing.js', 'app://lobby/%2e%2e/%2e%2e/etc/passwd', 'app://evil/index.html'].map((url) => handler(new Request(url))),
      );
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 404, 404, 404]);
      for (const answer of answers) {
        expect(answer.headers.get('content-security-policy')).toBe(contentSecurityPolicy);
        expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      }
      expect(await answers[0]!.text()).toBe('<html></html>');
      expect(contentSecurityPolicy).toContain("frame-ancestors 'none'");
      expect(contentSecurityPolicy).toContain("script-src 'self'");
      expect(contentSecurityPolicy).not.toMatch(/unsafe-inline|unsafe-eval/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('fuses (electron-builder.yml, read as electron-builder reads it)', () => {
  it('turns off RunAsNode, NODE_OPTIONS and --inspect; turns on cookie encryption, ASAR integrity and ASAR-only loading', async () => {
    const { createRequire } = await import('node:module');
    const fs = await import('node:fs');
    const require = createRequire(import.meta.url);
    const yaml = require('js-yaml') as { load(text: string): any };
    const config = yaml.load(fs.readFileSync('electron-builder.yml', 'utf8'));
    expect(config.asar).not.toBe(false);
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableCookieEncryption: true,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
    });
    // Every name is one electron-builder knows (a misspelt fuse would be silently ignored).
    const scheme = JSON.parse(fs.readFileSync(require.resolve('app-builder-lib/scheme.json'), 'utf8'));
    expect(scheme.properties.electronFuses).toBeDefined();
    for (const name of Object.keys(config.electronFuses)) expect(Object.keys(scheme.definitions.FuseOptionsV1.properties)).toContain(name);
  });
});

/**
 * Electron's security checklist, item by item (the README's Security section lists the same).
 * Items already proven above are checked again here in their checklist words, so a gap shows.
 */
describe('Restart now (relaunch)', () => {
  it('starts the same app again; from an AppImage, the AppImage file itself, with the same arguments', async () => {
    const { relaunchApp } = await import('../../electron/main/relaunch');
    const was = process.env.APPIMAGE;
    try {
      delete process.env.APPIMAGE;
      relaunchApp();
      process.env.APPIMAGE = '/home/desk/LobbyPOS.AppImage';
      relaunchApp();
    } finally {
      if (was === undefined) delete process.env.APPIMAGE;
      else process.env.APPIMAGE = was;
    }
    expect(recorded.relaunches).toEqual([undefined, { execPath: '/home/desk/LobbyPOS.AppImage', args: process.argv.slice(1) }]);
  });
});

describe('Electron security checklist', () => {
  const read = async (file: string) => (await import('node:fs')).readFileSync(file, 'utf8');
  const shellSources = async () => {
    const fs = await import('node:fs');
    return ['electron/main', 'electron/preload'].flatMap((dir) => fs.readdirSync(dir).filter((f) => f.endsWith('.ts')).map((f) => fs.readFileSync(`${dir}/${f}`, 'utf8'))).join('\n');
  };
  const prefs = () => secureWebPreferences('/p.cjs');

  it('1. only loads secure content: app:// (a secure standard scheme) and https images; no http', async () => {
    expect(contentSecurityPolicy).toMatch(/default-src 'none'/);
    expect(contentSecurityPolicy).toMatch(/connect-src 'self'/);
    expect(contentSecurityPolicy).not.toMatch(/http:/);
    createMainWindow({ profile: 'counter', preload: '/p.cjs', url: 'app://lobby/index.html' });
    expect(recorded.windows.at(-1)!.loaded).toEqual(['app://lobby/index.html']);
  });
  it('2. no Node.js integration for any content', () => {
    expect(prefs()).toMatchObject({ nodeIntegration: false, nodeIntegrationInWorker: false, nodeIntegrationInSubFrames: false });
  });
  it('3. context isolation on', () => expect(prefs().contextIsolation).toBe(true));
  it('4. process sandboxing on, for every renderer (app.enableSandbox before ready)', async () => {
    expect(prefs().sandbox).toBe(true);
    const index = await read('electron/main/index.ts');
    expect(index.indexOf('app.enableSandbox()')).toBeGreaterThan(-1);
    expect(index.indexOf('app.enableSandbox()')).toBeLessThan(index.indexOf('await app.whenReady()'));
  });
  it('5. permission requests from content are all refused (see "denies every permission request")', async () => {
    expect(await read('electron/main/index.ts')).toContain('lockDownSession(session.defaultSession)');
  });
  it('6. webSecurity stays on', () => expect(prefs().webSecurity).toBe(true));
  it('7. a Content Security Policy: as a response header (session and app://) and as a meta tag', async () => {
    expect(await read('electron.vite.config.ts')).toContain("'http-equiv': 'Content-Security-Policy'");
    expect(await read('electron/main/renderer-protocol.ts')).toContain("'Content-Security-Policy': contentSecurityPolicy");
  });
  it('8. allowRunningInsecureContent stays off', () => expect(prefs().allowRunningInsecureContent).toBe(false));
  it('9. no experimental features', () => expect(prefs().experimentalFeatures).toBe(false));
  it('10. no enableBlinkFeatures', async () => {
    expect(prefs()).not.toHaveProperty('enableBlinkFeatures');
    expect(await shellSources()).not.toContain('enableBlinkFeatures');
  });
  it('11. no <webview> (so no allowpopups): the tag is off', () => expect(prefs().webviewTag).toBe(false));
  it('12. any webview attach is refused outright (see "denies every new window and webview")', async () => {
    expect(await read('electron/main/security.ts')).toMatch(/will-attach-webview', \(event\) => event\.preventDefault\(\)/);
  });
  it('13. navigation limited to the app itself (see "blocks navigation and redirects")', async () => {
    expect(await read('electron/main/index.ts')).toMatch(/web-contents-created[\s\S]*hardenWebContents/);
  });
  it('14. new windows denied (see "denies every new window")', async () => {
    expect(await read('electron/main/security.ts')).toContain("setWindowOpenHandler(() => ({ action: 'deny' }))");
  });
  it('15. shell.openExternal is never used', async () => {
    const fs = await import('node:fs');
    const walk = (dir: string): string[] => fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(`${dir}/${e.name}`) : e.name.endsWith('.ts') ? [`${dir}/${e.name}`] : []));
    for (const file of walk('electron')) expect(fs.readFileSync(file, 'utf8'), file).not.toMatch(/openExternal|openPath\(/);
  });
  it('16. a current Electron, pinned exactly', async () => {
    const pkg = JSON.parse(await read('package.json'));
    expect(pkg.devDependencies.electron).toMatch(/^\d+\.\d+\.\d+$/);
    expect(Number(pkg.devDependencies.electron.split('.')[0])).toBeGreaterThanOrEqual(45);
  });
  it('17. the sender of every IPC message is checked (see "refuses IPC from an untrusted frame")', async () => {
    expect(await read('electron/main/ipc.ts')).toContain('isTrustedSender(event.senderFrame');
  });
  it('18. no file://: the renderer comes from the app:// custom protocol', async () => {
    const sources = await shellSources();
    expect(sources).not.toMatch(/loadFile\(|loadURL\(['"`]file:/);
    expect(await read('electron/main/index.ts')).toContain('${appOrigin}/index.html');
  });
  it('19. fuses set (see "fuses")', async () => {
    expect(await read('electron-builder.yml')).toMatch(/electronFuses:\n\s+# [^\n]*\n\s+runAsNode: false/);
  });
  it('20. no Electron API reaches the page: the preload exposes only the generated contract methods (see "preload")', async () => {
    const preload = await read('electron/preload/index.ts');
    expect(preload.match(/exposeInMainWorld\(/g)).toHaveLength(1);
    expect(await read('electron/preload/bridge.ts')).not.toMatch(/ipcRenderer\b(?!,)|\.send\(/);
  });
});
