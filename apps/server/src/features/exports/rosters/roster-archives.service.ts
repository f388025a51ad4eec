import { buffer } from 'node:stream/consumers';
import { PROFILES, userExports as contract, users as usersContract, type FileAnswer } from '@console/contract';
import type { ServiceContext } from '#platform/context.js';
import { AppError } from '#platform/errors/app-error.js';
import { auditExport, exportFileName, readExportSelection, type ExportSelection } from '../export-selection.js';
import { findArchiveSchool, listRosterUserIds, listTeaching } from '../exports.repository.js';
import { asmFiles } from './asm-archive.js';
import { oneRosterFiles } from './oneroster-archive.js';
import { buildRosterModel } from './roster-model.js';
import { zipStream } from './zip-stream.js';

export type ArchiveKind = 'asm' | 'oneroster';

/** Who the OneRoster manifest names as the source system. */
const SOURCE_SYSTEM = { name: 'Console d’administration', code: 'console' };

/**
 * The files of an archive of the selected users, checked by the contract's validator. Needs the
 * school's location id (409 `export_location_missing`); an archive that fails its check is
 * refused (409 `export_archive_invalid` with its first problem) rather than offered to Apple.
 */
async function checkedArchiveFiles(
  ctx: ServiceContext,
  selection: ExportSelection,
  kind: ArchiveKind,
  now: Date,
): Promise<Record<string, string>> {
  const school = await findArchiveSchool(ctx.db, selection.uai);
  if (!school || !usersContract.canExportAsm(school.locationId)) {
    throw new AppError('conflict', "The school's settings hold no location id", { reason: 'export_location_missing' });
  }
  const teaching = await listTeaching(
    ctx.db,
    selection.users.map((user) => user.id),
  );
  const model = buildRosterModel(
    { uai: selection.uai, name: school.name, locationId: school.locationId!.trim() },
    selection.users,
    teaching,
  );
  const files = kind === 'asm' ? asmFiles(model) : oneRosterFiles(model, now, SOURCE_SYSTEM);
  const problems = kind === 'asm' ? contract.validateAsmArchive(files) : contract.validateOneRosterArchive(files);
  const [first] = problems;
  if (first) {
    const problem = contract.formatProblem(first);
    throw new AppError('conflict', `The ${kind} archive fails its check: ${problem}`, {
      reason: 'export_archive_invalid',
      params: { problem },
    });
  }
  return files;
}

/**
 * An Apple School Manager or OneRoster archive of the selected pupils and teachers (spec 3 §5,
 * §9), checked as `checkedArchiveFiles` says before anything is sent.
 */
export async function exportArchive(
  ctx: ServiceContext,
  input: contract.ExportSelection,
  kind: ArchiveKind,
): Promise<FileAnswer> {
  const selection = await readExportSelection(ctx, input, kind);
  const now = new Date();
  const files = await checkedArchiveFiles(ctx, selection, kind, now);
  await auditExport(ctx, selection, kind);
  return {
    fileName: exportFileName(ctx, kind === 'asm' ? 'asm' : 'oneroster', selection.uai, 'zip', now),
    mediaType: contract.ZIP_MEDIA_TYPE,
    body: zipStream(files, now),
  };
}

/**
 * The Apple School Manager archive of every pupil and teacher of a school, checked as
 * `checkedArchiveFiles` says, in memory: what a school's 'Générer et envoyer' sends to its
 * server. Needs the ASM export's rights and the school's reach, as the export does; audited as
 * an export.
 */
export async function buildSchoolAsmArchive(
  ctx: ServiceContext,
  uai: string,
): Promise<{ fileName: string; bytes: Buffer; pupils: number; teachers: number }> {
  const selection = await readExportSelection(ctx, { uai, userIds: await listRosterUserIds(ctx.db, uai) }, 'asm');
  const now = new Date();
  const files = await checkedArchiveFiles(ctx, selection, 'asm', now);
  await auditExport(ctx, selection, 'asm');
  const bytes = await buffer(zipStream(files, now));
  const count = (profile: 'Eleve' | 'Enseignant') =>
    selection.users.filter((user) => user.profileId === PROFILES[profile]).length;
  return { fileName: exportFileName(ctx, 'asm', uai, 'zip', now), bytes, pupils: count('Eleve'), teachers: count('Enseignant') };
}
