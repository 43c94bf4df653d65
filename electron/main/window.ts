import { BrowserWindow, Menu } from 'electron';
import type { TerminalProfile } from '../../shared/app';
import { secureWebPreferences } from './security';
import type { Logger } from '../core/logger';

/**
 * Counter and front desk get a normal window; a kiosk gets a fullscreen kiosk window with no
 * menu and no way to close it from the keyboard, because the person in front of it is a stranger.
 */
export function createMainWindow(options: { profile: TerminalProfile; preload: string; url: string; logger?: Logger }): BrowserWindow {
  const kiosk = options.profile === 'kiosk';
  const window = new BrowserWindow({
    width: 1280,
    height: 800,
    minWidth: 800,
    minHeight: 600,
    show: false,
    backgroundColor: '#f4f5f7',
    title: 'Lobby POS',
    autoHideMenuBar: true,
    kiosk,
    fullscreen: kiosk,
    closable: !kiosk,
    webPreferences: secureWebPreferences(options.preload),
  });
  if (kiosk) {
    Menu.setApplicationMenu(null);
    window.removeMenu();
  }
  window.once('ready-to-show', () => window.show());
  // The page's process gone (out of memory, crashed, killed): the window would stay dead, a kiosk
  // a blank screen until someone restarts it. The till, not the page, holds every sale and payment,
  // so the page is loaded again at once, and the log says why.
  // A page that dies again as soon as it loads is loaded again after a pause, not in a tight loop.
  const recentlyGone: number[] = [];
  window.webContents.on('render-process-gone', (_event, details) => {
    options.logger?.error('the screen process stopped; loading the screen again', { reason: details.reason, exitCode: details.exitCode });
    if (details.reason === 'clean-exit') return;
    const now = Date.now();
    recentlyGone.push(now);
    while (recentlyGone[0]! < now - 60_000) recentlyGone.shift();
    setTimeout(() => {
      if (!window.isDestroyed()) void window.loadURL(options.url);
    }, recentlyGone.length >= 3 ? 30_000 : 0);
  });
  void window.loadURL(options.url);
  return window;
}
