import type { PosBridge } from '@shared/ipc/api';
import { hostTokenMetaName } from '@shared/csp';
import { createHttpBridge } from './http-bridge';

declare global {
  interface Window {
    /** Set by the Electron preload; absent in the browser preview. */
    pos?: PosBridge;
  }
}

/** The one typed client the screens use: Electron's preload when present, else the preview host. */
export function createPosClient(): PosBridge {
  if (window.pos) return window.pos;
  const token = document.querySelector<HTMLMetaElement>(`meta[name="${hostTokenMetaName}"]`)?.content;
  if (!token) throw new Error('Lobby POS: no till connection (not in Electron, and no preview token on the page).');
  return createHttpBridge({ baseUrl: new URL('/', window.location.href).href, token });
}
