import fs from 'node:fs/promises';
import path from 'node:path';

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.json': 'application/json; charset=utf-8',
};

/**
 * Maps a URL path to a file inside `root`, or null. Decoding happens before the containment
 * check, so `%2e%2e/` cannot climb out of the renderer folder.
 */
export function resolveStaticPath(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const relative = decoded === '/' ? 'index.html' : decoded.replace(/^\/+/, '');
  const full = path.resolve(root, relative);
  const base = path.resolve(root);
  return full === base || full.startsWith(base + path.sep) ? full : null;
}

export async function readStatic(root: string, urlPath: string): Promise<{ body: Buffer; type: string } | null> {
  const file = resolveStaticPath(root, urlPath);
  if (!file) return null;
  try {
    const body = await fs.readFile(file);
    return { body, type: contentTypes[path.extname(file)] ?? 'application/octet-stream' };
  } catch {
    return null;
  }
}
