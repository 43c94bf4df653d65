import { app, type Session, type WebContents, type WebPreferences } from 'electron';
import { contentSecurityPolicy } from '../../shared/csp';

/** The renderer gets no Node, no Electron and no way out of its sandbox. */
export function secureWebPreferences(preload: string): WebPreferences {
  return {
    preload,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    safeDialogs: true,
    spellcheck: false,
    devTools: !app.isPackaged,
  };
}

/**
 * Applied to every webContents the app ever creates: the page cannot navigate away, open
 * windows, attach webviews or be redirected, so a link in partner data cannot turn the till
 * into a browser.
 */
export function hardenWebContents(contents: WebContents, isTrustedUrl: (url: string) => boolean) {
  contents.on('will-navigate', (event, url) => {
    if (!isTrustedUrl(url)) event.preventDefault();
  });
  contents.on('will-redirect', (event, url) => {
    if (!isTrustedUrl(url)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
}

/** No camera, microphone, notifications, geolocation, USB or anything else a page can ask for. */
export function lockDownSession(session: Session) {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.setDevicePermissionHandler(() => false);
  session.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [contentSecurityPolicy] } });
  });
}
