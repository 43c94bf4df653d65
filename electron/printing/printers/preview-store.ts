import fs from 'node:fs/promises';
import path from 'node:path';
import type { PrintDocument } from './printer';

export interface StoredReceipt {
  /** File name without extension: `<time>-<sequence>-<document id>`; sorts by time. */
  name: string;
  documentId: string;
  storedAt: string;
  bytes: number;
}

/** How many receipts the shelf keeps; the oldest go as new ones come. */
export const previewReceiptsKept = 5_000;
/** The shelf is tidied after this many receipts (and after the first of each start). */
const tidyEvery = 100;

/**
 * The preview printer's shelf: `<dataDir>/receipts/<name>.txt` (what staff see on screen) and
 * `<name>.bin` (the exact printer bytes, to replay on a real printer or decode in a test). Each
 * file is written whole and renamed into place, so a reader never sees half a receipt.
 *
 * It keeps the newest `kept` receipts (5,000 unless told): a till that sells on the preview printer
 * for a year would otherwise pile up some 200,000 files in one folder. The journal keeps every
 * receipt's text itself (reprints and the receipt on screen come from there), so nothing is lost.
 */
export function createPreviewStore(deps: { dataDir: string; clock?: () => Date; kept?: number }) {
  const dir = path.join(deps.dataDir, 'receipts');
  const clock = deps.clock ?? (() => new Date());
  const kept = deps.kept ?? previewReceiptsKept;
  let sequence = 0;

  /** Removes the oldest receipts beyond `kept` (both files), and any older `.partial` a crash left. */
  async function tidy() {
    const files = await fs.readdir(dir).catch(() => [] as string[]);
    // A .bin alone (a crash between the two files) is a receipt to count and, in its turn, remove.
    const names = [...new Set(files.filter((file) => /\.(txt|bin)$/.test(file)).map((file) => file.slice(0, -'.txt'.length)))].sort();
    const gone = new Set(names.slice(0, Math.max(0, names.length - kept)));
    const newest = names.at(-1);
    const stale = files.filter((file) => gone.has(file.replace(/\.(txt|bin)$/, '')) || (file.endsWith('.partial') && newest !== undefined && file < newest));
    await Promise.all(stale.map((file) => fs.rm(path.join(dir, file), { force: true })));
  }

  async function writeWhole(file: string, data: string | Uint8Array) {
    const temporary = `${file}.partial`;
    await fs.writeFile(temporary, data);
    await fs.rename(temporary, file);
  }

  return {
    dir,
    async save(document: PrintDocument): Promise<StoredReceipt> {
      await fs.mkdir(dir, { recursive: true });
      const storedAt = clock().toISOString();
      sequence += 1;
      const documentId = document.id.replace(/[^A-Za-z0-9_-]+/g, '-').slice(0, 80) || 'receipt';
      const name = `${storedAt.replace(/[:.]/g, '-')}-${String(sequence).padStart(4, '0')}-${documentId}`;
      // Bytes first: a listed .txt always has its .bin beside it.
      await writeWhole(path.join(dir, `${name}.bin`), document.bytes);
      await writeWhole(path.join(dir, `${name}.txt`), document.text);
      // Tidying is housekeeping: a receipt that printed is not failed because an old one could not go.
      if (sequence % tidyEvery === 1) await tidy().catch(() => undefined);
      return { name, documentId, storedAt, bytes: document.bytes.length };
    },
    /** Newest first. */
    async list(limit = 50): Promise<string[]> {
      const files = await fs.readdir(dir).catch(() => [] as string[]);
      return files
        .filter((file) => file.endsWith('.txt'))
        .map((file) => file.slice(0, -'.txt'.length))
        .sort()
        .reverse()
        .slice(0, limit);
    },
    /** Null for a name that is not a stored receipt (including any attempt to leave the folder). */
    async read(name: string): Promise<{ text: string; bytes: Buffer } | null> {
      if (!/^[A-Za-z0-9_-]+$/.test(name)) return null;
      try {
        const [text, bytes] = await Promise.all([fs.readFile(path.join(dir, `${name}.txt`), 'utf8'), fs.readFile(path.join(dir, `${name}.bin`))]);
        return { text, bytes };
      } catch {
        return null;
      }
    },
  };
}
export type PreviewStore = ReturnType<typeof createPreviewStore>;
