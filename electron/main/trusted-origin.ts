/**
 * The renderer is served from `app://lobby` (or the electron-vite dev server while developing).
 * Origins are compared as scheme + host because WHATWG URL reports `null` as the origin of
 * custom schemes, which would make every custom-scheme page look alike.
 */
export const appOrigin = 'app://lobby';

export function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.host ? `${parsed.protocol}//${parsed.host}` : null;
  } catch {
    return null;
  }
}

export interface SenderFrame {
  url: string;
  parent: unknown;
}

/** Only our own page's top frame may call the contract: not an iframe, not a navigated-away page. */
export function isTrustedSender(frame: SenderFrame | null | undefined, trustedOrigins: readonly string[]): boolean {
  if (!frame || frame.parent) return false;
  const origin = originOf(frame.url);
  return origin !== null && trustedOrigins.includes(origin);
}
