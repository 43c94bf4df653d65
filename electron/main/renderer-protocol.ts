import { net, protocol } from 'electron';
import { pathToFileURL } from 'node:url';
import { contentSecurityPolicy } from '../../shared/csp';
import { resolveStaticPath } from '../core/static-files';

export const appScheme = 'app';

/**
 * Must run before `app.ready`, and is the only call that registers privileged schemes (Electron
 * takes one list): `app://` becomes a standard, secure origin like https, able to use fetch. It
 * does not get `bypassCSP`: the page's own policy always applies.
 */
export function registerAppScheme() {
  protocol.registerSchemesAsPrivileged([
    { scheme: appScheme, privileges: { standard: true, secure: true, supportFetchAPI: true } },
  ]);
}

/** Sent with every app:// answer, files and refusals alike, as well as in the page's meta tag. */
export const rendererResponseHeaders: Readonly<Record<string, string>> = {
  'Content-Security-Policy': contentSecurityPolicy,
  'X-Content-Type-Options': 'nosniff',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Referrer-Policy': 'no-referrer',
};

function withHeaders(response: Response): Response {
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(rendererResponseHeaders)) headers.set(name, value);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * Serves the built renderer from `app://lobby/`. A custom origin instead of file:// gives the
 * sender check a real origin to compare and keeps the page from reading other local files. The
 * CSP goes out as a response header from here: session.webRequest does not see custom-protocol
 * answers, and a header (unlike the meta tag) also covers frame-ancestors.
 */
export function serveRenderer(rendererDir: string) {
  protocol.handle(appScheme, async (request) => {
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return withHeaders(new Response('Not found', { status: 404 }));
    }
    const file = resolveStaticPath(rendererDir, url.pathname);
    if (url.host !== 'lobby' || !file) return withHeaders(new Response('Not found', { status: 404 }));
    try {
      return withHeaders(await net.fetch(pathToFileURL(file).toString()));
    } catch {
      return withHeaders(new Response('Not found', { status: 404 }));
    }
  });
}
