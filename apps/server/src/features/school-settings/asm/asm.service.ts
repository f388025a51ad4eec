import { createHash } from 'node:crypto';
import path from 'node:path';
import { API_PREFIX, schoolSettings, userExports, type FileAnswer } from '@console/contract';
import { TransferError, type FileTransfer, type TransferFailure, type TransferServer } from '#adapters/sftp/index.js';
import { writeAudit } from '#platform/audit/audit.js';
import { schoolNotFound } from '#platform/auth/access.js';
import type { ServiceContext } from '#platform/context.js';
import { AppError } from '#platform/errors/app-error.js';
import { asmFieldsOf, pinnedHostKeyOf, storedSecretOf, type AsmFields } from '../school-settings.presenter.js';
import { findSchoolSettings, lockSchoolSettings, updateSchoolSettings } from '../school-settings.repository.js';
import { clearSecretOf, requireSchoolSettingsAccess } from '../school-settings.service.js';
import { findAsmArchive, listAsmHistory, recordAsmPush } from './asm.repository.js';
import { looksLikeZip, readZipTexts, ZipReadError } from './asm-zip.js';

/** What the ASM calls need beside the platform's dependencies: the way files reach a school's server. */
export type AsmDeps = { fileTransfer: FileTransfer };
export type AsmContext = ServiceContext & AsmDeps;

/** The reason a push answers for each way a connection fails (the tab shows the test's own words). */
const FAILURE_REASONS = {
  offline: 'sftp_offline',
  timeout: 'sftp_timeout',
  invalid_credentials: 'sftp_invalid_credentials',
  address_refused: 'sftp_address_refused',
  host_key_changed: 'sftp_host_key_changed',
} as const satisfies Record<TransferFailure, string>;

type ServerFields = Pick<AsmFields, 'sftpUrl' | 'sftpUser' | 'sftpPort' | 'isSftp'>;

/** Whether two sets of fields name the same server, user and protocol. */
function sameServer(a: ServerFields, b: ServerFields): boolean {
  const hostA = schoolSettings.serverHostOf(a.sftpUrl)?.host.toLowerCase();
  return (
    hostA !== undefined &&
    hostA === schoolSettings.serverHostOf(b.sftpUrl)?.host.toLowerCase() &&
    a.sftpPort === b.sftpPort &&
    a.sftpUser === b.sftpUser &&
    a.isSftp === b.isSftp
  );
}

/** The server the fields name, or undefined when their address names none. */
function serverOf(fields: ServerFields, password: string): TransferServer | undefined {
  const host = schoolSettings.serverHostOf(fields.sftpUrl)?.host;
  if (host === undefined) return undefined;
  return { protocol: fields.isSftp ? 'sftp' : 'ftp', host, port: fields.sftpPort, user: fields.sftpUser, password };
}

/**
 * Pins an SFTP server's key seen at a first connection, under a lock, unless the saved server
 * changed meanwhile or a key was pinned already (the first one stays).
 */
async function pinHostKey(ctx: ServiceContext, uai: string, server: ServerFields, hostKey: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const school = await lockSchoolSettings(tx, uai);
    if (!school || pinnedHostKeyOf(school.deployment) !== null || !sameServer(asmFieldsOf(school.deployment), server)) return;
    const asmInformations = { ...(school.deployment.asmInformations as Record<string, unknown> | undefined), hostKey };
    await updateSchoolSettings(tx, uai, { deployment: { ...school.deployment, asmInformations } });
  });
}

/**
 * Tests a school's SFTP or FTP server (spec 2 §2.12): connects, signs in, disconnects, and
 * answers the status, never throwing for a server that does not answer as hoped. Without a
 * password in the test, the school's stored one is used, and only for its saved server: another
 * address, port, user or protocol without a password is a field error (`sftpPassword`). A first
 * SFTP connection to the saved server pins its key; a later one with another key is
 * `host_key_changed`. Throws as `requireSchoolSettingsAccess`.
 */
export async function testServerConnection(
  ctx: AsmContext,
  test: schoolSettings.ConnectionTest,
): Promise<schoolSettings.ConnectionTestAnswer> {
  await requireSchoolSettingsAccess(ctx, ctx.db, test.uai);
  const school = await findSchoolSettings(ctx.db, test.uai);
  if (!school) throw schoolNotFound();
  const saved = asmFieldsOf(school.deployment);
  const isSavedServer = sameServer(saved, test);
  let password = test.sftpPassword;
  if (password === undefined) {
    if (!isSavedServer)
      throw new AppError('validation_failed', 'A server other than the saved one is tested with its password', {
        fieldErrors: { sftpPassword: [schoolSettings.PASSWORD_FOR_NEW_SERVER] },
      });
    password = clearSecretOf(ctx.env.encryptionKey, storedSecretOf(school.deployment, 'sftpPassword')) ?? '';
  }
  const pinned = isSavedServer ? pinnedHostKeyOf(school.deployment) : null;
  try {
    const session = await ctx.fileTransfer.ping(serverOf(test, password)!, { pinnedHostKey: pinned });
    if (isSavedServer && session.hostKey !== null && pinned === null) await pinHostKey(ctx, test.uai, saved, session.hostKey);
    return { status: 'online', secure: session.secure, hostKey: session.hostKey };
  } catch (error) {
    if (error instanceof TransferError) return { status: error.failure, secure: null, hostKey: null };
    throw error;
  }
}

/** The longest name a file gets on the school's server. */
const REMOTE_NAME_MAX = 100;

/**
 * The name a zip gets on the school's server: the posted file's own name without its folders,
 * each character outside letters, digits, '.', '-' and '_' made '_', ending in .zip; a dated
 * name when nothing is left of it.
 */
export function remoteNameOf(posted: string, uai: string, now: Date): string {
  const stem = path.posix
    .basename(posted.replaceAll('\\', '/'))
    .replace(/\.zip$/i, '')
    .replace(/[^A-Za-z0-9._-]/g, '_')
    .replace(/^[._]+/, '')
    .slice(0, REMOTE_NAME_MAX - 4);
  if (stem.replace(/_/g, '') === '') return `asm_${uai}_${now.toISOString().replace(/[-:]/g, '').slice(0, 15)}.zip`;
  return `${stem}.zip`;
}

/**
 * The files of a posted zip once the product's ASM validator passes them: bytes that are no zip
 * the product reads are 400 `asm_zip_invalid`, an archive the validator fails is 409
 * `export_archive_invalid` with its first problem.
 */
async function checkPostedZip(bytes: Buffer): Promise<void> {
  const notZip = () =>
    new AppError('validation_failed', 'The file is not a zip the product can read', {
      reason: 'asm_zip_invalid',
      fieldErrors: { [schoolSettings.ASM_ZIP_FIELD]: [schoolSettings.NOT_A_ZIP] },
    });
  if (!looksLikeZip(bytes)) throw notZip();
  const files = await readZipTexts(bytes).catch((error: unknown) => {
    throw error instanceof ZipReadError ? notZip() : error;
  });
  const [first] = userExports.validateAsmArchive(files);
  if (first) {
    const problem = userExports.formatProblem(first);
    throw new AppError('conflict', `The archive fails its check: ${problem}`, {
      reason: 'export_archive_invalid',
      params: { problem },
    });
  }
}

/** The school's saved server with its password in clear, or 409 `asm_server_missing` when it names none whole. */
async function savedServerOf(ctx: ServiceContext, uai: string) {
  const school = await findSchoolSettings(ctx.db, uai);
  if (!school) throw schoolNotFound();
  const saved = asmFieldsOf(school.deployment);
  const password = clearSecretOf(ctx.env.encryptionKey, storedSecretOf(school.deployment, 'sftpPassword')) ?? '';
  const server = serverOf(saved, password);
  if (!server || saved.sftpUser === '')
    throw new AppError('conflict', 'The school has no server saved', { reason: 'asm_server_missing' });
  return { saved, server, pinned: saved.isSftp ? pinnedHostKeyOf(school.deployment) : null };
}

/**
 * Sends checked archive bytes to the school's saved server (409 `asm_server_missing` without
 * one; 503 with the failure's reason, `sftp_timeout`…, when the connection fails, recording
 * nothing), then records the push with its archive and audits it; a first SFTP connection pins
 * the key.
 */
export async function sendToSavedServer(
  ctx: AsmContext,
  uai: string,
  file: { name: string; bytes: Buffer },
): Promise<schoolSettings.AsmPushAnswer> {
  const { saved, server, pinned } = await savedServerOf(ctx, uai);
  const { bytes } = file;
  const filename = remoteNameOf(file.name, uai, new Date());
  const session = await ctx.fileTransfer
    .upload(server, { directory: ctx.env.ASM_UPLOAD_DIRECTORY, fileName: filename, bytes }, { pinnedHostKey: pinned })
    .catch((error: unknown) => {
      if (!(error instanceof TransferError)) throw error;
      throw new AppError('service_unavailable', `The school's server: ${error.message}`, {
        reason: FAILURE_REASONS[error.failure],
      });
    });
  if (session.hostKey !== null && pinned === null) await pinHostKey(ctx, uai, saved, session.hostKey);

  const sha256 = createHash('sha256').update(bytes).digest('hex');
  return ctx.db.transaction(async (tx) => {
    await recordAsmPush(tx, { uai, filename, pushedById: ctx.actor.id, bytes, sha256 });
    await writeAudit(tx, {
      actor: ctx.actor,
      action: 'asm_push',
      entity: 'school',
      entityId: uai,
      uai,
      after: { filename, size: bytes.length, sha256, secure: session.secure },
    });
    return { filename, history: await listAsmHistory(tx, uai) };
  });
}

/**
 * Sends a posted zip to the school's saved server (spec 2 §2.12) and keeps it in the school's
 * history: checked first (`checkPostedZip`), then sent (`sendToSavedServer`). Throws as
 * `requireSchoolSettingsAccess`.
 */
export async function pushAsmArchive(
  ctx: AsmContext,
  upload: { uai: string; fileName: string; bytes: Buffer },
): Promise<schoolSettings.AsmPushAnswer> {
  await requireSchoolSettingsAccess(ctx, ctx.db, upload.uai);
  await checkPostedZip(upload.bytes);
  return sendToSavedServer(ctx, upload.uai, { name: upload.fileName, bytes: upload.bytes });
}

/** Whether the school's saved server is whole; 409 `asm_server_missing` otherwise. */
export async function requireSavedServer(ctx: ServiceContext, uai: string): Promise<void> {
  await savedServerOf(ctx, uai);
}

/**
 * Where a kept file of the school's history is downloaded from (`not_found` for one the history
 * lacks or no longer keeps). Throws as `requireSchoolSettingsAccess`.
 */
export async function asmArchiveUrl(ctx: ServiceContext, uai: string, id: number): Promise<{ url: string }> {
  await requireSchoolSettingsAccess(ctx, ctx.db, uai);
  if (!(await findAsmArchive(ctx.db, uai, id))) throw new AppError('not_found', 'No such archive is kept');
  return { url: `${API_PREFIX}/schools/${encodeURIComponent(uai)}/asm/archives/${id}` };
}

/** A kept file of the school's history, as it was sent; the audit records who took it. */
export async function downloadAsmArchive(ctx: ServiceContext, uai: string, id: number): Promise<FileAnswer> {
  await requireSchoolSettingsAccess(ctx, ctx.db, uai);
  const archive = await findAsmArchive(ctx.db, uai, id);
  if (!archive) throw new AppError('not_found', 'No such archive is kept');
  await writeAudit(ctx.db, {
    actor: ctx.actor,
    action: 'asm_download',
    entity: 'school',
    entityId: uai,
    uai,
    after: { filename: archive.filename },
  });
  return { fileName: archive.filename, mediaType: schoolSettings.ASM_ZIP_TYPE, body: archive.bytes };
}
