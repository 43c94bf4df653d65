import type { IncomingMessage } from 'node:http';

/** The token must be long enough that guessing it is hopeless, and fit the page's meta tag as it is. */
export const minHostTokenLength = 32;
const tokenPattern = /^[A-Za-z0-9_-]+$/;

/** Why a token cannot be used (one line, for the person starting the host), or null when it is good. */
export function hostTokenProblem(token: string): string | null {
  if (token.length < minHostTokenLength) return `POS_HOST_TOKEN must be at least ${minHostTokenLength} characters (it has ${token.length}); leave it unset for a random one.`;
  if (!tokenPattern.test(token)) return 'POS_HOST_TOKEN may hold only letters, digits, - and _; leave it unset for a random one.';
  return null;
}

/** The only origins this host answers to: its own loopback address, by number or as localhost. */
export function loopbackOrigins(port: number) {
  return { hosts: new Set([`127.0.0.1:${port}`, `localhost:${port}`]), origins: new Set([`http://127.0.0.1:${port}`, `http://localhost:${port}`]) };
}

export type GuardVerdict = { ok: true; path: string } | { ok: false; status: number; message: string };

const header = (req: IncomingMessage, name: string): string | undefined => {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(',') : value;
};

/**
 * Checks every request before anything else looks at it:
 * - the target is a plain path (no `http://…` absolute form, no `*`), which is then parsed safely;
 * - the Host header names this loopback address, so a DNS-rebinding page (evil.example resolving
 *   to 127.0.0.1) is refused even though its requests reach us;
 * - an Origin header, when the browser sends one, is this host's own; and the browser's
 *   fetch metadata (`Sec-Fetch-Site`) does not say the request came from another site.
 */
export function guardRequest(req: IncomingMessage, allowed: { hosts: Set<string>; origins: Set<string> }): GuardVerdict {
  const target = req.url ?? '';
  if (!target.startsWith('/') || target.startsWith('//')) return { ok: false, status: 400, message: 'That is not a path this till serves.' };
  let path: string;
  try {
    path = new URL(target, 'http://host.invalid').pathname;
  } catch {
    return { ok: false, status: 400, message: 'That is not a path this till serves.' };
  }
  const host = header(req, 'host');
  if (!host || !allowed.hosts.has(host.toLowerCase())) return { ok: false, status: 421, message: 'This till only answers on its own loopback address.' };
  const origin = header(req, 'origin');
  if (origin !== undefined && !allowed.origins.has(origin.toLowerCase())) return { ok: false, status: 403, message: 'Pages from other sites may not use this till.' };
  const site = header(req, 'sec-fetch-site');
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return { ok: false, status: 403, message: 'Pages from other sites may not use this till.' };
  return { ok: true, path };
}

/**
 * The page carries the token, so it goes only where the checks above allowed (this origin, or a
 * page load typed into this browser) and never into a frame, where another page could sit around it.
 */
export function mayReceiveToken(req: IncomingMessage): boolean {
  const dest = header(req, 'sec-fetch-dest');
  return dest === undefined || !['iframe', 'frame', 'embed', 'object', 'fencedframe'].includes(dest);
}
