import { pino, stdSerializers, type DestinationStream } from 'pino';

export type LogFields = Record<string, unknown>;

/** What the rest of the code logs through; pino is an implementation detail behind it. */
export interface Logger {
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
}

export const silentLogger: Logger = { info() {}, warn() {}, error() {} };

/** Field names whose values are secrets wherever they sit in a log call (pino's `redact`). */
export const secretFieldPaths = [
  'apiKey',
  'pin',
  'password',
  'secret',
  'secretKey',
  'token',
  'authorization',
  'headers.authorization',
  'headers["x-api-key"]',
  'headers.cookie',
  '*.apiKey',
  '*.pin',
  '*.password',
  '*.secret',
  '*.secretKey',
  '*.token',
  '*.authorization',
  '*.headers.authorization',
  '*.headers["x-api-key"]',
  '*.headers.cookie',
];

export const redactedText = '[redacted]';

/**
 * JSON lines through pino: `{"level":"info","at":"…","message":"…",…fields}`. Secrets are masked
 * twice, both as pino features: `redact` blanks fields named like secrets (apiKey, pin, password,
 * authorization, X-API-KEY headers) anywhere in the fields, and the `streamWrite` hook masks each
 * secret's value wherever it still appears in the finished line, as it is, JSON-escaped,
 * URL-encoded or base64-encoded (an error echoing a header, a URL with the key, a Basic header).
 * `secrets` is asked on each line, so it must be cheap (the stores read their files once); the
 * masks are worked out again only when the secrets change.
 */
export function createLogger(options: {
  /** A pino destination (the rotating log file), or a function that takes each line (tests). */
  destination?: DestinationStream;
  write?: (line: string) => void;
  secrets?: () => readonly (string | null | undefined)[];
  clock?: () => Date;
}): Logger {
  const clock = options.clock ?? (() => new Date());
  const masks = createMasks(options.secrets ?? (() => []));
  const destination: DestinationStream = options.destination ?? { write: (line: string) => options.write?.(line.endsWith('\n') ? line.slice(0, -1) : line) };
  const log = pino(
    {
      base: undefined,
      messageKey: 'message',
      timestamp: () => `,"at":"${clock().toISOString()}"`,
      redact: { paths: secretFieldPaths, censor: redactedText },
      formatters: {
        level: (label) => ({ level: label }),
        // Errors anywhere in the fields keep their name, message and stack (pino would print `{}`).
        log: (fields) => Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, value instanceof Error ? stdSerializers.err(value) : value])),
      },
      hooks: { streamWrite: (line) => masks.apply(line) },
    },
    destination,
  );
  return {
    info: (message, fields) => log.info(fields ?? {}, message),
    warn: (message, fields) => log.warn(fields ?? {}, message),
    error: (message, fields) => log.error(fields ?? {}, message),
  };
}

/** The forms a secret takes inside text: as it is, JSON-escaped (once or twice), URL-encoded, base64 at any byte offset. */
export function secretForms(secret: string): string[] {
  if (secret.length < 4) return [];
  // JSON-escaped as often as text gets wrapped in JSON before it reaches a line (each line is JSON itself).
  const escaped = [secret];
  for (let level = 1; level <= 4; level++) escaped.push(JSON.stringify(escaped.at(-1)).slice(1, -1));
  const forms = new Set([...escaped, encodeURIComponent(secret), encodeURIComponent(secret).replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase()), encodeURIComponent(secret).replace(/%20/g, '+')]);
  const bytes = Buffer.from(secret, 'utf8');
  // In a longer base64 text the secret's encoding depends on where its bytes fall in the 3-byte
  // groups; for each offset keep only the characters its own bytes decide.
  for (let offset = 0; offset < 3; offset++) {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64');
    const start = Math.ceil(offset / 3) * 4;
    const end = Math.floor((offset + bytes.length) / 3) * 4;
    const stable = encoded.slice(start, end);
    if (stable.length >= 8) {
      forms.add(stable);
      forms.add(stable.replace(/\+/g, '-').replace(/\//g, '_'));
    }
  }
  const all = [...forms].filter((form) => form.length >= 4);
  // A form that contains another is found (and made harmless) through the shorter one.
  return all.filter((form) => !all.some((other) => other !== form && form.includes(other))).sort((a, b) => b.length - a.length);
}

function createMasks(secrets: () => readonly (string | null | undefined)[]) {
  let seen = '';
  let forms: string[] = [];
  return {
    apply(text: string): string {
      const current = secrets().filter((secret): secret is string => typeof secret === 'string' && secret.length >= 4);
      const signature = current.join('\u0000');
      if (signature !== seen) {
        seen = signature;
        forms = [...new Set(current.flatMap(secretForms))].sort((a, b) => b.length - a.length);
      }
      let out = text;
      for (const form of forms) if (out.includes(form)) out = out.split(form).join(redactedText);
      return out;
    },
  };
}

const formsCache = new Map<string, string[]>();

/** `secretForms` of the few secrets a till has, worked out once each. */
function cachedForms(secret: string): string[] {
  let forms = formsCache.get(secret);
  if (!forms) {
    forms = secretForms(secret);
    if (formsCache.size >= 16) formsCache.delete(formsCache.keys().next().value!);
    formsCache.set(secret, forms);
  }
  return forms;
}

/** Masks secrets in any text (a partner's answer, an error) in every form `secretForms` knows. */
export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    for (const form of cachedForms(secret)) if (out.includes(form)) out = out.split(form).join(redactedText);
  }
  return out;
}
