import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { configKeyNames, configKeys, type ConfigKey } from './keys';
import { configSchema, type PosConfig } from './schema';
import { defaultDataDir } from './data-dir';

export type ConfigLoad = { ok: true; config: PosConfig; sources: Record<ConfigKey, string> } | { ok: false; message: string };

export interface ConfigInputs {
  /** Parsed command-line flags by flag name (`data-dir` -> value). */
  flags?: Readonly<Record<string, string | undefined>>;
  env?: NodeJS.ProcessEnv;
  platform?: NodeJS.Platform;
  home?: string;
  /** Overrides the platform default (Electron passes app.getPath('userData')). */
  defaultDataDir?: string;
}

export const configFileName = 'config.json';

/**
 * Whether a setting was given by an environment variable or a flag when the till started: such a
 * value wins over config.json, so the settings screen cannot change it (and says so).
 */
export const givenAtStart = (sources: Partial<Record<ConfigKey, string>> | undefined, key: ConfigKey): boolean => /^(POS_|--)/.test(sources?.[key] ?? '');

/** The default terminal name of each profile (configKeys' own default is the counter's). */
const profileNames: Record<string, string> = { counter: 'Counter 1', 'front-desk': 'Front desk 1', kiosk: 'Kiosk 1' };

/**
 * Defaults, then `<dataDir>/config.json`, then environment variables, then flags; the later wins.
 * Any bad value ends in one line that names the key, where the value came from and what is wrong,
 * because that line is all a night-shift clerk will read out over the phone.
 */
export function loadConfig(inputs: ConfigInputs = {}): ConfigLoad {
  const env = inputs.env ?? process.env;
  const flags = inputs.flags ?? {};
  const values = new Map<ConfigKey, { value: unknown; source: string }>();

  for (const key of configKeyNames) values.set(key, { value: configKeys[key].default, source: 'default' });

  const dataDirFlag = flags[configKeys.dataDir.flag];
  const dataDir = dataDirFlag
    ? { value: dataDirFlag, source: `--${configKeys.dataDir.flag}` }
    : env[configKeys.dataDir.env]
      ? { value: env[configKeys.dataDir.env], source: configKeys.dataDir.env }
      : {
          value: inputs.defaultDataDir ?? defaultDataDir(inputs.platform ?? process.platform, env, inputs.home ?? os.homedir()),
          source: 'default',
        };
  values.set('dataDir', { value: path.resolve(String(dataDir.value)), source: dataDir.source });

  const file = readConfigFile(path.join(String(values.get('dataDir')!.value), configFileName));
  if (!file.ok) return file;
  for (const [key, value] of file.entries) values.set(key, { value, source: file.path });

  for (const key of configKeyNames) {
    const fromEnv = env[configKeys[key].env];
    if (key !== 'dataDir' && fromEnv !== undefined && fromEnv !== '') values.set(key, { value: fromEnv, source: configKeys[key].env });
    const fromFlag = flags[configKeys[key].flag];
    if (key !== 'dataDir' && fromFlag !== undefined) values.set(key, { value: fromFlag, source: `--${configKeys[key].flag}` });
  }

  // Unnamed, a till is named after what it is: "Front desk 1" at a hotel desk, "Kiosk 1" in the lobby.
  if (values.get('terminal.name')!.source === 'default') {
    const named = profileNames[String(values.get('terminal.profile')!.value)];
    if (named) values.set('terminal.name', { value: named, source: 'default' });
  }

  const nested: Record<string, Record<string, unknown> | unknown> = {};
  for (const [key, { value }] of values) setPath(nested, key, value);
  const parsed = configSchema.safeParse(nested);
  const sources = Object.fromEntries([...values].map(([key, { source }]) => [key, source])) as Record<ConfigKey, string>;
  if (parsed.success) return { ok: true, config: parsed.data, sources };

  const issue = parsed.error.issues[0]!;
  const key = issue.path.join('.') as ConfigKey;
  const entry = values.get(key);
  // A URL's password (someone put it in fleet.databaseUrl) never reaches a message or a log.
  const shown = entry ? ` = ${JSON.stringify(entry.value).replace(/(\/\/[^/:@\s"]*:)[^@\s"]*@/g, '$1***@')} (from ${entry.source})` : '';
  return { ok: false, message: `Configuration error: ${key}${shown}: ${issue.message}` };
}

type FileRead = { ok: true; path: string; entries: [ConfigKey, unknown][] } | { ok: false; message: string };

function readConfigFile(file: string): FileRead {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { ok: true, path: file, entries: [] };
    return { ok: false, message: `Configuration error: cannot read ${file}: ${(error as Error).message}` };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: `Configuration error: ${file} is not valid JSON: ${(error as Error).message}` };
  }
  if (!isPlainObject(json)) return { ok: false, message: `Configuration error: ${file} must hold a JSON object` };
  const entries: [ConfigKey, unknown][] = [];
  for (const [key, value] of flatten(json)) {
    if (key === 'dataDir') return { ok: false, message: `Configuration error: dataDir cannot be set inside ${file} (it says where that file is); use ${configKeys.dataDir.env} or --${configKeys.dataDir.flag}` };
    if (!(configKeyNames as string[]).includes(key)) return { ok: false, message: `Configuration error: ${key} (from ${file}) is not a known setting` };
    entries.push([key as ConfigKey, value]);
  }
  return { ok: true, path: file, entries };
}

function flatten(value: Record<string, unknown>, prefix = ''): [string, unknown][] {
  return Object.entries(value).flatMap(([key, inner]) =>
    isPlainObject(inner) ? flatten(inner, `${prefix}${key}.`) : [[`${prefix}${key}`, inner] as [string, unknown]],
  );
}

function setPath(target: Record<string, unknown>, dotted: string, value: unknown) {
  const parts = dotted.split('.');
  let node = target;
  for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
  node[parts.at(-1)!] = value;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
