import { z } from 'zod';
import { defineRoute } from '../http.js';
import { fileAnswerSchema } from '../file-answer.js';
import { recordIdParamSchema, recordIdSchema } from '../ids.js';
import { uaiFieldSchema as uaiSchema } from '../rules/uai.js';
import { SECRET_MAX, TEXT_TOO_LONG } from './texts.js';

/**
 * The Apple School Manager tab (spec 2 §2.12): the school's location id and the SFTP or FTP server
 * its archives are pushed to, the connection test, the push of a zip and the history of the files
 * sent. The server's password is one of the school's secrets (`sftpPassword`): it travels in a
 * change or a test, never in an answer. Messages are translation keys.
 */

export const INVALID_SERVER_URL = 'school_settings.asm.errors.invalid_url';
export const SERVER_URL_PORT = 'school_settings.asm.errors.url_port';
export const INVALID_PORT = 'school_settings.asm.errors.invalid_port';
export const PASSWORD_FOR_NEW_SERVER = 'school_settings.asm.errors.password_for_new_server';
export const NOT_A_ZIP = 'school_settings.asm.errors.not_zip';
export const NO_FILE_CHOSEN = 'school_settings.asm.errors.no_file';

/** The port a server is asked on by default (spec 2 §9). */
export const ASM_DEFAULT_PORT = 22;
/** The longest server address and user. */
export const SERVER_URL_MAX = 255;
export const SERVER_USER_MAX = 200;
/** The longest location id (ASM's own ids are short; the exports copy it in every row). */
export const LOCATION_ID_MAX = 100;
/** The largest zip pushed, in bytes (the ASM archive of 10,000 pupils weighs about 1 MB). */
export const ASM_ZIP_MAX_BYTES = 50 * 1000 * 1000;
/** The multipart field of the pushed zip, and the media type it must have. */
export const ASM_ZIP_FIELD = 'zip';
export const ASM_ZIP_TYPE = 'application/zip';

const SCHEMES = ['sftp', 'ftp', 'ftps', 'ssh'];

/**
 * The host a server address names, or undefined when it names none: a bare host name or IP
 * address, or a URL of scheme sftp, ssh, ftp or ftps, without user, password, query or fragment.
 * A port in the address is refused (`SERVER_URL_PORT`): the port has its own field.
 */
export function serverHostOf(address: string): { host: string; hasPort: boolean } | undefined {
  const trimmed = address.trim();
  if (trimmed === '' || /\s/.test(trimmed)) return undefined;
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(trimmed)?.[1]?.toLowerCase();
  if (scheme !== undefined && !SCHEMES.includes(scheme)) return undefined;
  let url: URL;
  try {
    // Parsed as sftp:// whatever its scheme, so that the URL keeps any port it names (an ftp://
    // URL on port 21 would read as no port).
    url = new URL(`sftp://${scheme === undefined ? trimmed : trimmed.slice(scheme.length + 3)}`);
  } catch {
    return undefined;
  }
  if (url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '') return undefined;
  if (url.pathname !== '' && url.pathname !== '/') return undefined;
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (host === '') return undefined;
  return { host, hasPort: url.port !== '' };
}

const serverUrl = z
  .string()
  .trim()
  .max(SERVER_URL_MAX, TEXT_TOO_LONG)
  .superRefine((value, context) => {
    if (value === '') return;
    const parsed = serverHostOf(value);
    if (!parsed) context.addIssue({ code: 'custom', message: INVALID_SERVER_URL });
    else if (parsed.hasPort) context.addIssue({ code: 'custom', message: SERVER_URL_PORT });
  });
const port = z.number(INVALID_PORT).int(INVALID_PORT).min(1, INVALID_PORT).max(65535, INVALID_PORT);

/** A change of the tab's fields; the password as the school's other secrets (a text sets it, empty or null removes it). */
export const asmInformationsUpdateSchema = z
  .object({
    locationId: z.string().trim().max(LOCATION_ID_MAX, TEXT_TOO_LONG),
    sftpUrl: serverUrl,
    sftpUser: z.string().trim().max(SERVER_USER_MAX, TEXT_TOO_LONG),
    sftpPassword: z.string().max(SECRET_MAX, TEXT_TOO_LONG).nullable().optional(),
    sftpPort: port,
    isSftp: z.boolean(),
  })
  .partial()
  .strict();
export type AsmInformationsUpdate = z.infer<typeof asmInformationsUpdateSchema>;

/** A file sent to the school's server. */
export const asmHistoryEntrySchema = z.object({
  id: z.number().int(),
  pushedAt: z.string(),
  filename: z.string(),
  /** Whether the product still keeps the archive (it keeps the latest ones), so that it can be downloaded. */
  kept: z.boolean(),
});
export type AsmHistoryEntry = z.infer<typeof asmHistoryEntrySchema>;

/** The tab's fields as read; the password only as `secrets.sftpPassword` of the settings. */
export const asmInformationsSchema = z.object({
  locationId: z.string(),
  sftpUrl: z.string(),
  sftpUser: z.string(),
  sftpPort: z.number().int(),
  isSftp: z.boolean(),
  /** The SFTP server's key pinned at the first connection ('SHA256:…'), or null before any. */
  hostKey: z.string().nullable(),
  /** The latest files sent, newest first. */
  history: z.array(asmHistoryEntrySchema),
});
export type AsmInformations = z.infer<typeof asmInformationsSchema>;

/** The connection statuses of spec 2 §4, beyond which the product says why it did not connect. */
export const CONNECTION_STATUSES = [
  'online',
  'offline',
  'timeout',
  'invalid_credentials',
  'address_refused',
  'host_key_changed',
] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];

/**
 * A server to test: the tab's fields as typed. Without `sftpPassword`, the school's stored one is
 * used, and only for the stored server (the same address, port, user and protocol): a password
 * never goes to a server it was not saved for.
 */
export const connectionTestSchema = z
  .object({
    uai: uaiSchema,
    sftpUrl: serverUrl.refine((value) => value !== '', INVALID_SERVER_URL),
    sftpUser: z.string().trim().max(SERVER_USER_MAX, TEXT_TOO_LONG),
    sftpPassword: z.string().max(SECRET_MAX, TEXT_TOO_LONG).optional(),
    sftpPort: port,
    isSftp: z.boolean(),
  })
  .strict();
export type ConnectionTest = z.infer<typeof connectionTestSchema>;

export const connectionTestAnswerSchema = z.object({
  status: z.enum(CONNECTION_STATUSES),
  /** Whether the password travelled encrypted (SFTP, or FTP over TLS); null when no connection was made. */
  secure: z.boolean().nullable(),
  /** The SFTP server's key fingerprint seen, or null. */
  hostKey: z.string().nullable(),
});
export type ConnectionTestAnswer = z.infer<typeof connectionTestAnswerSchema>;

/** What a push answers: the file's name on the server, and the history with it. */
export const asmPushAnswerSchema = z.object({ filename: z.string(), history: z.array(asmHistoryEntrySchema) });
export type AsmPushAnswer = z.infer<typeof asmPushAnswerSchema>;

/** Where a school's 'Générer et envoyer' stands: building the archive, sending it, done or failed. */
export const GENERATION_PHASES = ['building', 'sending', 'done', 'failed'] as const;
export const generationReportSchema = z.object({
  phase: z.enum(GENERATION_PHASES),
  startedAt: z.string(),
  /** Once built: how many pupils and teachers the archive holds. */
  pupils: z.number().int().nullable(),
  teachers: z.number().int().nullable(),
  /** Once sent: the file's name on the server. */
  filename: z.string().nullable(),
  /** Once failed: why, as an error answer's reason (the browser's text of it) and its parameters. */
  reason: z.string().nullable(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type GenerationReport = z.infer<typeof generationReportSchema>;

export const asmDownloadSchema = z.object({ uai: uaiSchema, id: recordIdSchema }).strict();
export const asmDownloadAnswerSchema = z.object({ url: z.string() });

export const testServerConnection = defineRoute({
  method: 'POST',
  path: '/sftp/ping',
  right: { area: 'ParamEtablissement', level: 'Lecture' },
  summary:
    "Tests a school's SFTP or FTP server: connects, signs in, disconnects; answers the status. Private addresses are refused unless the configuration allows them. Needs adminTabs too.",
  body: connectionTestSchema,
  answer: connectionTestAnswerSchema,
});

export const pushAsmArchive = defineRoute({
  method: 'POST',
  path: '/sftp/push',
  right: { area: 'ParamEtablissement', level: 'Ecriture' },
  summary:
    "Sends a zip to the school's saved server (multipart/form-data: `zip`, `uai`) once the product's ASM validator passes it; keeps it in the school's history. Needs adminTabs too.",
  answer: asmPushAnswerSchema,
});

export const generateAndPushAsmArchive = defineRoute({
  method: 'POST',
  path: '/sftp/push/generate',
  right: { area: 'ParamEtablissement', level: 'Ecriture' },
  summary:
    "Starts building the school's ASM archive (every pupil and teacher, as the ASM export) and sending it to the saved server; answers where it stands, then `GET` says. Needs adminTabs and the ASM export's rights too; one at a time per school (409 asm_push_running).",
  body: z.object({ uai: uaiSchema }).strict(),
  answer: generationReportSchema,
});

export const getAsmGeneration = defineRoute({
  method: 'GET',
  path: '/sftp/push/generate',
  right: { area: 'ParamEtablissement', level: 'Lecture' },
  summary: "Where the school's latest 'Générer et envoyer' stands since the server started, or null. Needs adminTabs too.",
  query: z.object({ uai: uaiSchema }),
  answer: generationReportSchema.nullable(),
});

export const asmArchiveUrl = defineRoute({
  method: 'POST',
  path: '/sftp/download',
  right: { area: 'ParamEtablissement', level: 'Lecture' },
  summary: 'Where a file of the history is downloaded from. Needs adminTabs too.',
  body: asmDownloadSchema,
  answer: asmDownloadAnswerSchema,
});

export const downloadAsmArchive = defineRoute({
  method: 'GET',
  path: '/schools/:uai/asm/archives/:id',
  right: { area: 'ParamEtablissement', level: 'Lecture' },
  summary: 'A zip the school sent to its server, as it was sent. Needs adminTabs too.',
  params: z.object({ uai: uaiSchema, id: recordIdParamSchema }),
  answer: fileAnswerSchema,
  produces: [ASM_ZIP_TYPE],
});
