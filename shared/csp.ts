/**
 * The renderer's Content-Security-Policy: no inline script, no eval, no remote code; images may be
 * partner posters (https) or generated (data:). One list for the preview host's header, Electron's
 * response headers and the page's own meta tag.
 */
const directives = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: https:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "object-src 'none'",
];

export const contentSecurityPolicy = [...directives, "frame-ancestors 'none'"].join('; ');

/** Browsers ignore (and complain about) frame-ancestors in a meta tag; headers carry it instead. */
export const metaContentSecurityPolicy = directives.join('; ');

/** Name of the meta tag through which the preview host hands the page its per-launch token. */
export const hostTokenMetaName = 'lobby-pos-host-token';
