import path from 'node:path';

/**
 * Where the till may send what it holds. The partner URL receives the API key, so it must be
 * https, or http only to this computer (the sandbox, a local TLS proxy); a file printer receives
 * raw bytes, so it may write only to a printer device or inside the data directory, never over the
 * journal, the settings or the key.
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** Why the partner URL cannot be used, or null. */
export function partnerUrlProblem(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'must be an http(s) URL';
  }
  if (parsed.username || parsed.password) return 'must not carry a user name or password (the API key is set on its own)';
  if (parsed.protocol === 'https:') return null;
  if (parsed.protocol === 'http:' && isLoopbackHost(parsed.hostname)) return null;
  return 'must be https (plain http only to this computer: 127.0.0.1, ::1 or localhost), because the API key goes there';
}

/** The scheme and host:port the key is bound to ("https://partner.example"). */
export const originOf = (url: string): string | null => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

const printerDevices = [/^\/dev\/usb\/lp\d{1,3}$/, /^\/dev\/ttyUSB\d{1,3}$/, /^(\\\\\.\\)?COM\d{1,3}:?$/i];
/** The till's own files in the data directory: a printer must never write over them. */
const ownFiles = /^(journal\.sqlite.*|config\.json.*|partner-api-key.*|fleet-db-password.*|logs|training-sandbox\.json.*)$/i;

/** Why a `file:` printer path cannot be used, or null. Relative paths are inside the data directory. */
export function printerFileProblem(file: string, dataDir: string): string | null {
  if (printerDevices.some((device) => device.test(file))) return null;
  const base = path.resolve(dataDir);
  const full = path.resolve(base, file);
  if (!full.startsWith(base + path.sep)) return `must be a printer device (/dev/usb/lp0, /dev/ttyUSB0, COM3) or a file inside the data folder ${base}`;
  const first = path.relative(base, full).split(path.sep)[0] ?? '';
  if (ownFiles.test(first)) return `must not be one of the till's own files (${first})`;
  return null;
}
