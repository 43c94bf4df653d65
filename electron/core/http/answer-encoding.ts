import zlib from 'node:zlib';

/**
 * What the till's outside calls ask for: answers compressed the way every web server and gateway can
 * send them. A 260 KB hotel page is about a tenth of that gzipped, which on a front desk's DSL or
 * a kiosk's mobile link is the difference between a quarter of a second and two.
 */
export const acceptedEncodings = 'gzip, deflate, br';

type Decoder = (bytes: Buffer, options: zlib.ZlibOptions & zlib.BrotliOptions) => Promise<Buffer>;

const decode = (run: (bytes: Buffer, options: zlib.ZlibOptions & zlib.BrotliOptions, done: (error: Error | null, out: Buffer) => void) => void): Decoder =>
  (bytes, options) => new Promise((resolve, reject) => run(bytes, options, (error, out) => (error ? reject(error) : resolve(out))));

const gunzip = decode(zlib.gunzip);
const brotli = decode(zlib.brotliDecompress);
const inflate = decode(zlib.inflate);
const inflateRaw = decode(zlib.inflateRaw);

// A Map, not an object: a coding the partner names ("constructor", "__proto__") must not find a prototype's function.
const decoders = new Map<string, Decoder>([
  ['gzip', gunzip],
  ['x-gzip', gunzip],
  ['br', brotli],
  // "deflate" is meant to be zlib-wrapped; some servers send the raw stream, which browsers read too.
  ['deflate', (bytes, options) => inflate(bytes, options).catch((error: unknown) => ((error as { code?: unknown }).code === 'Z_DATA_ERROR' ? inflateRaw(bytes, options) : Promise.reject(error)))],
]);

/**
 * An answer's bytes as its Content-Encoding says they were sent, undone last coding first, and
 * never more than `maxBytes` once undone (a small "zip bomb" must not fill the till's memory).
 * Bytes that do not decode fail: such an answer arrived but cannot be read, which for a purchase
 * is "no answer" (settled by lookup, never by sending again).
 *
 * A coding it does not know leaves the bytes as they came, as Chromium and fetch do: servers
 * write a charset there ("Content-Encoding: UTF-8" from a PHP header call) over plain JSON. If
 * the bytes really were packed some other way, they do not read as JSON, and that is no answer.
 */
export async function decodeAnswer(bytes: Buffer, contentEncoding: string | undefined, maxBytes: number): Promise<Buffer> {
  const codings = (contentEncoding ?? '')
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== '' && coding !== 'identity');
  const chain = codings.map((coding) => decoders.get(coding));
  if (chain.some((decoder) => decoder === undefined)) return bytes;
  let out = bytes;
  for (const decoder of chain.reverse()) out = await decoder!(out, { maxOutputLength: maxBytes });
  return out;
}
