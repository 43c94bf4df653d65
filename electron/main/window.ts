import { BrowserWindow, Menu } from 'electron';
import type { TerminalProfile } from '../../shared/app';
import { secureWebPreferences } from './security';

/**
 * Counter and front desk get a normal window; a kiosk gets a fullscreen kiosk window with no
 * menu and no way to close it from the keyboard, because the person in front of it is a stranger.
 */
export function createMainWindow(options: { profile: TerminalProfile; preload: string; url: string }): BrowserWindow {
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
  void window.loadURL(options.url);
  return window;
}
