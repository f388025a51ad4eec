import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

import {
  addressList,
  booleanFlag,
  isKnownTimeZone,
  optionalUrl,
  parseTilesUrl,
  tilesUrlTemplate,
  trustProxySetting,
} from './env-values.js';

type Variable<S extends z.ZodType> = {
  schema: S;
  description: string;
  /** True when the value must never be printed or logged. */
  sensitive: boolean;
};

function variable<S extends z.ZodType>(schema: S, description: string, sensitive = false): Variable<S> {
  return { schema, description, sensitive };
}

/**
 * Every environment variable the server reads, with its description and sensitivity.
 * `docs/configuration.md` lists the same; a test keeps them in step.
 */
export const ENV_VARIABLES = {
  NODE_ENV: variable(z.enum(['development', 'production', 'test']).default('production'), 'Run mode.'),
  PORT: variable(z.coerce.number().int().min(0).max(65535).default(3000), 'Port of the HTTP server (API, SPA, realtime).'),
  HOST: variable(z.string().min(1).default('0.0.0.0'), 'Address the HTTP server listens on.'),
  DATA_DIR: variable(
    z.string().min(1).default('./data'),
    'Folder of the embedded database, files, outbox and generated secret. One server process at a time uses it (DATA_DIR/console.lock; see deploy.md).',
  ),
  DATABASE_URL: variable(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .optional(),
    'PostgreSQL connection URL. Unset: the embedded PGlite database in DATA_DIR/db.',
    true,
  ),
  ENCRYPTION_KEY: variable(
    z
      .string()
      .regex(/^[0-9a-f]{64}$/i, 'must be 64 hexadecimal characters (32 bytes)')
      .optional(),
    'AES-256-GCM key for secrets stored encrypted (printable passwords). Unset: generated into DATA_DIR/secret.key on first start. Set it when several instances share one database.',
    true,
  ),
  LOG_LEVEL: variable(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'), 'Log level.'),
  COOKIE_SECURE: variable(
    booleanFlag.optional(),
    'Mark the session cookies Secure (sent over HTTPS only) and send HSTS. Unset: Secure when PUBLIC_URL is https, or when the sign-in came over HTTPS (directly, or through a trusted proxy saying so in X-Forwarded-Proto).',
  ),
  SESSION_TTL_HOURS: variable(
    z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 30)
      .default(12),
    'Lifetime of a session without activity, in hours.',
  ),
  SESSION_CACHE_MS: variable(
    z.coerce.number().int().min(0).max(60_000).default(3000),
    'How long an instance reuses a validated session before reading it again (0: every request). A logout elsewhere takes effect here within this time.',
  ),
  TRUST_PROXY: variable(
    trustProxySetting.default(false),
    'Which proxies to believe about the client address (X-Forwarded-For, -Host, -Proto), which sign-in throttling counts failures by: false (none); the number of proxies in front (1 behind one load balancer); or their addresses and CIDR ranges, comma-separated (loopback, linklocal and uniquelocal name the private ranges). true believes every hop, which lets a client choose its own address: use it only when the balancer overwrites X-Forwarded-For.',
  ),
  SEED_DEMO: variable(booleanFlag.default(true), 'Fill an empty database with the demo data on start.'),
  LOGIN_MAX_FAILURES: variable(
    z.coerce.number().int().min(1).max(100).default(5),
    'Consecutive failed sign-ins that lock an account.',
  ),
  LOGIN_ADDRESS_MAX_FAILURES: variable(
    z.coerce.number().int().min(1).max(10000).default(30),
    'Failed sign-ins from one address within 15 minutes before that address refuses the browsers not known for the account signing in (a browser where that account signed in before carries a signed device cookie and is spared; a valid sign-in link is always accepted).',
  ),
  LOGIN_FAILURE_DELAY_MS: variable(
    z.coerce.number().int().min(0).max(10000).default(250),
    'Delay added to a failed sign-in answer, per consecutive failure of the account (capped at 8×).',
  ),
  ALERTS_URL: variable(optionalUrl, 'Support host URL answering the alerts list [{label, type}]. Unset: no alerts.'),
  ALERTS_TIMEOUT_MS: variable(z.coerce.number().int().min(100).max(60000).default(3000), 'Timeout of the alerts fetch.'),
  HELP_URL_MANAGER: variable(
    z.string().default('https://aide.example.fr/gestionnaire'),
    'Help page for the Gestionnaire profile.',
  ),
  HELP_URL_SCHOOL_ADMIN: variable(
    z.string().default('https://aide.example.fr/etablissement'),
    'Help page for school administrators.',
  ),
  TERMS_URL: variable(z.string().default('https://aide.example.fr/cgu'), 'Terms of use link (preferences, legal tab).'),
  ACCESSIBILITY_URL: variable(z.string().default('https://aide.example.fr/accessibilite'), 'Accessibility statement link.'),
  MAP_TILES_URL: variable(
    tilesUrlTemplate.optional(),
    "Map tiles of the map on a school's contact card: an http:// or https:// URL template holding `{z}`, `{x}` and `{y}` (such as `https://tile.openstreetmap.org/{z}/{x}/{y}.png`, used within its provider's terms), whose first host label may be `{s}`. Its origin is added to the image sources the Content-Security-Policy allows. Unset: no map is shown and no map provider is called.",
  ),
  MAP_TILES_ATTRIBUTION: variable(
    z.string().trim().max(500).optional(),
    'Attribution shown on the map, as the tiles provider asks (plain text, such as `© OpenStreetMap contributors`). Read only when MAP_TILES_URL is set. Unset: none is shown.',
  ),
  WEB_DIST_DIR: variable(z.string().optional(), 'Folder of the built SPA. Unset: apps/web/dist of this checkout.'),
  // Uploaded files: DATA_DIR/files, or an S3-compatible bucket
  S3_BUCKET: variable(
    z
      .string()
      .trim()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name: 3 to 63 lower-case letters, digits, dots and dashes')
      .optional(),
    'Bucket of an S3-compatible store (AWS S3, MinIO, Garage, Scaleway…) keeping the uploaded files; setting it selects that store, and S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are then required. Browsers post their files straight to the bucket (its origin joins the Content-Security-Policy\'s connect-src) and read them through signed addresses the console hands out: the bucket needs no public access, only a CORS rule allowing the console\'s origin to POST and GET (deploy.md, "Uploaded files"). Unset: the files are kept in DATA_DIR/files, which instances behind one balancer must share.',
  ),
  S3_REGION: variable(
    z.string().trim().min(1).default('us-east-1'),
    "The bucket's region, which signatures name (a store without regions takes any, often `us-east-1`; Garage's is `garage` unless configured otherwise).",
  ),
  S3_ENDPOINT: variable(
    z.url({ protocol: /^https?$/, message: 'must be an http:// or https:// URL' }).optional(),
    "Base URL of an S3-compatible store other than AWS (`https://s3.fr-par.scw.cloud`, `http://minio.intra:9000`). Unset: AWS's endpoint of S3_REGION.",
  ),
  S3_FORCE_PATH_STYLE: variable(
    booleanFlag.default(false),
    'Address the bucket as a path of the endpoint (`https://endpoint/bucket/key`) rather than as its own host name (`https://bucket.endpoint/key`): true for MinIO and for most stores run on premises. A bucket whose name holds a dot, or an endpoint given by IP address, is always addressed as a path.',
  ),
  S3_ACCESS_KEY_ID: variable(
    z.string().trim().min(1).optional(),
    'Access key id of the S3 credentials; required with S3_BUCKET.',
    true,
  ),
  S3_SECRET_ACCESS_KEY: variable(
    z.string().min(1).optional(),
    'Secret access key of the S3 credentials; required with S3_BUCKET.',
    true,
  ),
  DOCUMENTS_MAX_MEGABYTES: variable(
    z.coerce.number().int().min(1).max(100_000_000).default(10_000),
    "Capacity of the document manager, in megabytes (1,000,000 bytes): the documents' sizes together, and the uploads announced, may not reach it ('La capacité maximale de stockage a été atteinte.').",
  ),
  // Outside services: education directory, publishers, single sign-on
  EDUCATION_DIRECTORY_URL: variable(
    z.url().default('https://data.education.gouv.fr/api/explore/v2.1'),
    'Base URL of the education directory (Opendatasoft Explore API v2.1, dataset fr-en-annuaire-education) searched by the add-school dialog.',
  ),
  EDUCATION_DIRECTORY_TIMEOUT_MS: variable(
    z.coerce.number().int().min(100).max(60000).default(10000),
    'Timeout of a directory search; past it the dialog says the directory is unavailable.',
  ),
  EDULIB_API_URL: variable(
    optionalUrl,
    'Base URL of the Edulib token-check API (docs/publishers.md). Unset: an Edulib synchronisation answers that it is not configured.',
  ),
  EDULIB_API_KEY: variable(z.string().min(1).optional(), 'API key this server presents to Edulib (Bearer).', true),
  LLS_API_URL: variable(
    optionalUrl,
    'Base URL of the Le Livre Scolaire licence-check API (docs/publishers.md). Unset: its synchronisation answers that it is not configured.',
  ),
  LLS_API_KEY: variable(z.string().min(1).optional(), 'API key this server presents to Le Livre Scolaire (X-Api-Key).', true),
  PUBLISHER_TIMEOUT_MS: variable(
    z.coerce.number().int().min(100).max(120000).default(15000),
    'Timeout of one call to a publisher.',
  ),
  SUPPORT_SSO_URL: variable(
    optionalUrl,
    'Support site opened by the support button, with a signed token in the `token` query parameter. Unset: the button answers unavailable.',
  ),
  CATALOGUE_SSO_URL: variable(
    optionalUrl,
    'Catalogue site opened by the catalogue button, with a signed token in the `token` query parameter. Unset: the button answers unavailable.',
  ),
  SSO_SECRET: variable(
    z.string().min(32, 'must be at least 32 characters').optional(),
    'Shared secret signing the single-sign-on tokens (HS256 JWT) for the support and catalogue sites.',
    true,
  ),
  SSO_TTL_SECONDS: variable(
    z.coerce.number().int().min(10).max(3600).default(120),
    'Lifetime of a single-sign-on token, in seconds.',
  ),
  // Deployment workflow: realtime between instances, quote status from Dolibarr
  REDIS_URL: variable(
    z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
      .optional(),
    'Redis connection URL. Set: the Socket.IO Redis adapter carries realtime events between instances (while Redis is unreachable, at start too, the instance serves on, realtime within itself), and scheduled jobs (token purges) go through BullMQ, each due occurrence run once by one instance. Unset: realtime within this process only, jobs in-process.',
    true,
  ),
  TIME_ZONE: variable(
    z.string().trim().refine(isKnownTimeZone, 'must be a time zone name such as Europe/Paris').default('Europe/Paris'),
    'Time zone of the schedules (token purges): a daily purge keeps its time of day across daylight-saving changes, a monthly one its day of the month, in this zone.',
  ),
  JOBS_TICK_SECONDS: variable(
    z.coerce.number().int().min(1).max(3600).default(30),
    'How often each instance looks for due scheduled jobs (token purges), in seconds: how late past its time a purge may start.',
  ),
  DOLIBARR_URL: variable(
    optionalUrl,
    "Base URL of the Dolibarr instance whose commercial proposals give each school's quote status (REST API under /api/index.php). Unset: the quote status is kept in the database and set by staff.",
  ),
  DOLIBARR_API_KEY: variable(z.string().min(1).optional(), 'API key this server presents to Dolibarr (DOLAPIKEY header).', true),
  DOLIBARR_TIMEOUT_MS: variable(
    z.coerce.number().int().min(100).max(60000).default(10000),
    'Timeout of one Dolibarr call; past it the quote shows as pending.',
  ),
  // Users: mailing access, activating PNE keys
  SMTP_URL: variable(
    z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    'SMTP server the mails go through (smtp://user:password@host:587, or smtps:// for implicit TLS). Unset: each mail is written as an .eml file into DATA_DIR/outbox.',
    true,
  ),
  MAIL_FROM: variable(
    z.string().min(3).default('Console ENT <no-reply@console.local>'),
    'Sender (From) of the mails the console sends.',
  ),
  SMTP_TIMEOUT_MS: variable(
    z.coerce.number().int().min(100).max(120000).default(10000),
    'Timeout of the SMTP connection, greeting and each exchange; past it the mailing stops and answers unavailable.',
  ),
  PUBLIC_URL: variable(
    optionalUrl,
    "The console's public origin, for the sign-in links in mails (origin + '/?iduser=' + the user's link token). Unset: http://localhost:PORT.",
  ),
  PNE_API_URL: variable(
    optionalUrl,
    "Base URL of the PNE key-activation API (docs/publishers.md). Unset: activating teachers' Educadhoc keys answers unavailable.",
  ),
  PNE_API_KEY: variable(z.string().min(1).optional(), 'API key this server presents to the PNE service (Bearer).', true),
  PNE_TIMEOUT_MS: variable(
    z.coerce.number().int().min(100).max(120000).default(15000),
    'Timeout of one call to the PNE service.',
  ),
  // Push services: where notifications go (features/notifications, adapters/push)
  PUSH_FCM_SERVICE_ACCOUNT_FILE: variable(
    z.string().trim().min(1).optional(),
    "Path of the Firebase project's service account JSON key (project_id, client_email, private_key, token_uri): set, notifications to FCM tokens go to FCM HTTP v1. Unset: they go to the embedded outbox (the push_outbox table).",
  ),
  PUSH_FCM_URL: variable(z.url().default('https://fcm.googleapis.com'), 'Base URL of FCM HTTP v1 (a proxy, or a fake in tests).'),
  PUSH_FCM_CONCURRENCY: variable(
    z.coerce.number().int().min(1).max(1000).default(100),
    'Requests to FCM in flight at once during a send (FCM takes one message a request).',
  ),
  PUSH_EXPO_ENABLED: variable(
    booleanFlag.default(false),
    "Send notifications to Expo tokens through Expo's push service. Off: they go to the embedded outbox.",
  ),
  PUSH_EXPO_URL: variable(z.url().default('https://exp.host'), "Base URL of Expo's push service (a fake in tests)."),
  PUSH_EXPO_ACCESS_TOKEN: variable(
    z.string().min(1).optional(),
    'Access token of the Expo project, when its push security is on.',
    true,
  ),
  PUSH_WEBPUSH_VAPID_PUBLIC_KEY: variable(
    z.string().trim().min(1).optional(),
    "The server's VAPID public key (base64url, as `web-push generate-vapid-keys` prints it; docs/deploy.md). With the private key and PUSH_WEBPUSH_SUBJECT, notifications to Web Push subscriptions go to the browsers' push services; unset, to the embedded outbox.",
  ),
  PUSH_WEBPUSH_VAPID_PRIVATE_KEY: variable(
    z.string().trim().min(1).optional(),
    "The server's VAPID private key (base64url).",
    true,
  ),
  PUSH_WEBPUSH_SUBJECT: variable(
    z
      .string()
      .trim()
      .regex(/^(mailto:|https:)/, 'must be a mailto: or https: address')
      .optional(),
    'The contact the push services may reach about this server (a mailto: or https: address), sent with every Web Push request.',
  ),
  PUSH_WEBPUSH_ENDPOINTS: variable(
    z
      .string()
      .trim()
      .min(1)
      .default('fcm.googleapis.com,updates.push.services.mozilla.com,web.push.apple.com,*.notify.windows.com'),
    "The push services a Web Push subscription's endpoint may be on, comma-separated (by default those of Chrome, Firefox, Safari and Edge): host names over https (`*.` for any sub-domain), or whole origins. A subscription elsewhere is never posted to and counts as dead.",
  ),
  PUSH_WEBPUSH_CONCURRENCY: variable(
    z.coerce.number().int().min(1).max(1000).default(50),
    'Requests to Web Push services in flight at once during a send (one message a request).',
  ),
  PUSH_TIMEOUT_MS: variable(
    z.coerce.number().int().min(500).max(120000).default(10000),
    'Timeout of one request to a push service; a request past it is tried again, as a 5xx answer.',
  ),
  // EcoleDirecte: a school's users imported from its school-life platform
  ECOLE_DIRECTE_URL: variable(
    z.url().default('https://api.ecoledirecte.com'),
    "Base URL of EcoleDirecte's API, whose school-administration calls (`/v3/admin/…`) the EcoleDirecte import fetches a school's pupils and teachers with. The API is not documented by its publisher (docs/external-formats.md §5).",
  ),
  ECOLE_DIRECTE_TIMEOUT_MS: variable(
    z.coerce.number().int().min(500).max(120000).default(20000),
    "Timeout of one call to EcoleDirecte's API; past it the import says EcoleDirecte is unavailable.",
  ),
  // Apple School Manager: the schools' SFTP or FTP servers
  SFTP_ALLOWED_ADDRESSES: variable(
    addressList,
    "Addresses and CIDR ranges (IPv4 or IPv6, separated by commas) of schools' SFTP or FTP servers allowed although private: by default the server refuses to connect to a loopback, private, link-local (cloud metadata included) or otherwise internal address, checked after name resolution. Unset: none allowed.",
  ),
  SFTP_TIMEOUT_MS: variable(
    z.coerce.number().int().min(500).max(300000).default(20000),
    "Limit of each step of a connection to a school's SFTP or FTP server (name resolution, connection, sign-in, each transfer step).",
  ),
  ASM_UPLOAD_DIRECTORY: variable(
    z.string().trim().min(1).max(200).default('dropbox'),
    "Folder of a school's server an Apple School Manager zip is written to, relative to the folder the sign-in opens (Apple's SFTP server takes files in `dropbox`), or absolute.",
  ),
  // Users: CSV import
  IMPORT_MAX_MEGABYTES: variable(
    z.coerce.number().int().min(1).max(500).default(20),
    'Largest import file accepted, in megabytes (MiB); a larger one is refused with a message saying the limit. The thread that verifies a file may use 50 MiB of memory per MiB of this limit (1 GiB at least).',
  ),
  IMPORT_MAX_LINES: variable(
    z.coerce.number().int().min(10).max(1000000).default(50000),
    'Most data lines an import file may hold; a longer one is refused with a message saying the limit.',
  ),
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
