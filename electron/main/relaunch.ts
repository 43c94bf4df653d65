import { app } from 'electron';

/**
 * Asks Electron to start the app again once this process has exited, with the same arguments.
 * A Linux AppImage runs from a mount its runtime removes when the app exits, so `process.execPath`
 * is gone by the time the relauncher would start it (electron-builder issues 1727 and 4650): the
 * AppImage file itself (`APPIMAGE`, set by its runtime) is started instead, with a mount of its own.
 */
export function relaunchApp(): void {
  const appImage = app.isPackaged ? process.env.APPIMAGE : undefined;
  app.relaunch(appImage ? { execPath: appImage, args: process.argv.slice(1) } : undefined);
}
