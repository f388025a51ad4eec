import { z } from 'zod';

import { booleanFlag, isKnownTimeZone, optionalUrl, variable } from './env-values.js';

/** The outside services: file store, directory, publishers, single sign-on, Redis and jobs, Dolibarr, mail, PNE. */
export const SERVICE_VARIABLES = {
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
} as const;
