import { net, protocol } from 'electron';
import { pathToFileURL } from 'node:url';
import { resolveStaticPath } from '../core/static-files';

export const appScheme = 'app';

/** Must run before `app.ready`: makes `app://` a standard, secure origin (like https). */
export function registerAppScheme() {
  protocol.registerSchemesAsPrivileged([
    { scheme: appScheme, privileges: { standard: true, secure: true, supportFetchAPI: true } },
  ]);
}

/**
 * Serves the built renderer from `app://lobby/`. A custom origin instead of file:// gives the
 * sender check a real origin to compare and keeps the page from reading other local files.
 */
export function serveRenderer(rendererDir: string) {
  protocol.handle(appScheme, (request) => {
    const url = new URL(request.url);
    const file = resolveStaticPath(rendererDir, url.pathname);
    if (url.host !== 'lobby' || !file) return new Response('Not found', { status: 404 });
    return net.fetch(pathToFileURL(file).toString());
  });
}
