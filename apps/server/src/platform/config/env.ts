import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type z } from 'zod';

import { parseTilesUrl } from './env-values.js';
import { IMPORT_VARIABLES } from './import-variables.js';
import { PUSH_VARIABLES } from './push-variables.js';
import { SERVER_VARIABLES } from './server-variables.js';
import { SERVICE_VARIABLES } from './service-variables.js';

/**
 * Every environment variable the server reads, with its description and sensitivity, by group
 * (one file each, in the order docs/configuration.md lists them; a test keeps the two in step).
 */
export const ENV_VARIABLES = {
  ...SERVER_VARIABLES,
  ...SERVICE_VARIABLES,
  ...PUSH_VARIABLES,
  ...IMPORT_VARIABLES,
} as const;

type Variables = typeof ENV_VARIABLES;
type Parsed = { [K in keyof Variables]: z.output<Variables[K]['schema']> };

export type Env = Parsed & {
  /** The AES-256-GCM key, from ENCRYPTION_KEY or the generated DATA_DIR/secret.key. */
  encryptionKey: Buffer;
  dataDir: string;
};

export class ConfigError extends Error {}

/**
 * Parses the given environment once. Throws ConfigError naming every bad variable.
 * Does not touch the disk; `resolveEnv` adds the generated secret.
 */
export function parseEnv(source: Record<string, string | undefined>): Parsed {
  const out: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const [name, spec] of Object.entries(ENV_VARIABLES)) {
    const raw = source[name];
    const result = spec.schema.safeParse(raw === '' ? undefined : raw);
    if (result.success) out[name] = result.data;
    else problems.push(`${name}: ${result.error.issues.map((issue) => issue.message).join('; ')}`);
  }
  problems.push(...missingTogether(out as Parsed));
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  return out as Parsed;
}

/** The variables a set one needs beside it: the S3 credentials with S3_BUCKET. */
function missingTogether(env: Parsed): string[] {
  if (env.S3_BUCKET === undefined) return [];
  return (['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const)
    .filter((name) => env[name] === undefined)
    .map((name) => `${name}: required when S3_BUCKET is set`);
}

/** Reads DATA_DIR/secret.key, creating it with a fresh random key on first start. */
export function loadOrCreateSecret(dataDir: string): Buffer {
  const file = path.join(dataDir, 'secret.key');
  if (existsSync(file)) {
    const hex = readFileSync(file, 'utf8').trim();
    if (!/^[0-9a-f]{64}$/i.test(hex)) throw new ConfigError(`${file} is not a 64-hex-character key`);
    return Buffer.from(hex, 'hex');
  }
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  writeFileSync(file, key.toString('hex') + '\n', { mode: 0o600 });
  return key;
}

/** The whole configuration: parsed variables plus the encryption key. Throws ConfigError. */
export function resolveEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = parseEnv(source);
  const dataDir = path.resolve(parsed.DATA_DIR);
  const encryptionKey = parsed.ENCRYPTION_KEY ? Buffer.from(parsed.ENCRYPTION_KEY, 'hex') : loadOrCreateSecret(dataDir);
  return { ...parsed, dataDir, encryptionKey };
}

/** The variables with their values masked when sensitive, for a start-up log line. */
export function describeEnv(env: Parsed): Record<string, string> {
  return Object.fromEntries(
    Object.entries(ENV_VARIABLES).map(([name, spec]) => {
      const value = (env as Record<string, unknown>)[name];
      return [name, value === undefined ? '(unset)' : spec.sensitive ? '(set)' : String(value)];
    }),
  );
}

/** Test-only read of the process environment for selecting the integration engine. */
export function readTestEngine(): { engine: 'pglite' | 'postgres'; databaseUrl: string | undefined } {
  const engine = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
  return { engine, databaseUrl: process.env.DATABASE_URL };
}

/** The console's public origin, for sign-in links (mails, exports, sheets): PUBLIC_URL, else this server on localhost. */
export function publicOrigin(env: Pick<Env, 'PUBLIC_URL' | 'PORT'>): string {
  return (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
}

/**
 * Whether the console declares itself served over HTTPS: COOKIE_SECURE when set, else an https
 * PUBLIC_URL. HSTS follows it; the session cookies are Secure too when a sign-in came over HTTPS.
 */
export function declaresHttps(env: Pick<Env, 'COOKIE_SECURE' | 'PUBLIC_URL'>): boolean {
  return env.COOKIE_SECURE ?? env.PUBLIC_URL?.startsWith('https:') === true;
}

/** The map tiles the browser is told to use (the client configuration's `mapTiles`), or null when MAP_TILES_URL is unset. */
export function mapTilesOf(
  env: Pick<Env, 'MAP_TILES_URL' | 'MAP_TILES_ATTRIBUTION'>,
): { url: string; attribution: string } | null {
  return env.MAP_TILES_URL === undefined ? null : { url: env.MAP_TILES_URL, attribution: env.MAP_TILES_ATTRIBUTION ?? '' };
}

/**
 * The source the Content-Security-Policy's img-src allows the map tiles from: MAP_TILES_URL's
 * origin, its `{s}` subdomain label as the wildcard `*`; undefined when unset (nothing added).
 */
export function mapTilesImageSource(env: Pick<Env, 'MAP_TILES_URL'>): string | undefined {
  const url = env.MAP_TILES_URL === undefined ? undefined : parseTilesUrl(env.MAP_TILES_URL);
  if (!url) return undefined;
  return `${url.protocol}//${url.host.replace(/^\{s\}\./, '*.')}`;
}
