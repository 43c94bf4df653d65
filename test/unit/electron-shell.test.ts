import { beforeEach, describe, expect, it, vi } from 'vitest';

// Electron's binary cannot run here; these tests replace the module with recorders and check
// that the shell asks Electron for exactly the locked-down behaviour.
const recorded = vi.hoisted(() => ({
  windows: [] as { options: any; loaded: string[]; menuRemoved: boolean }[],
  exposed: [] as { key: string; api: any }[],
  ipcHandlers: new Map<string, (...args: any[]) => unknown>(),
  applicationMenu: undefined as unknown,
}));

vi.mock('electron', () => {
  class BrowserWindow {
    record: { options: any; loaded: string[]; menuRemoved: boolean };
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
  }
  return {
    app: { isPackaged: true },
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
