export type LogFields = Record<string, unknown>;

export interface Logger {
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
}

/**
 * JSON lines to a sink. Every line passes through `redact` so a secret that reached a log call by
 * accident (an error echoing a header, a URL with a key) is masked before it is written.
 */
export function createLogger(options: {
  write: (line: string) => void;
  secrets?: () => readonly string[];
  clock?: () => Date;
}): Logger {
  const clock = options.clock ?? (() => new Date());
  const log = (level: string, message: string, fields?: LogFields) => {
    const line = JSON.stringify({ at: clock().toISOString(), level, message, ...serialize(fields) });
    options.write(redact(line, options.secrets?.() ?? []));
  };
  return {
    info: (message, fields) => log('info', message, fields),
    warn: (message, fields) => log('warn', message, fields),
    error: (message, fields) => log('error', message, fields),
  };
}

export const silentLogger: Logger = { info() {}, warn() {}, error() {} };

function serialize(fields: LogFields | undefined): LogFields {
  if (!fields) return {};
  const out: LogFields = {};
  for (const [key, value] of Object.entries(fields)) {
    out[key] = value instanceof Error ? { name: value.name, message: value.message, stack: value.stack } : value;
  }
  return out;
}

export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length >= 4) out = out.split(secret).join('[redacted]');
  }
  return out;
}
