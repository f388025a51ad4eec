import { z } from 'zod';

import { booleanFlag, optionalUrl, tilesUrlTemplate, trustProxySetting, variable } from './env-values.js';

/** The server itself: where it listens and keeps its data, sessions and sign-in, links and the map. */
export const SERVER_VARIABLES = {
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
} as const;
