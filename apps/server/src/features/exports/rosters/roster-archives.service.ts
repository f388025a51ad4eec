import { userExports as contract, users as usersContract, type FileAnswer } from '@console/contract';
import type { ServiceContext } from '#platform/context.js';
import { AppError } from '#platform/errors/app-error.js';
import { auditExport, exportFileName, readExportSelection } from '../export-selection.js';
import { findArchiveSchool, listTeaching } from '../exports.repository.js';
import { asmFiles } from './asm-archive.js';
import { oneRosterFiles } from './oneroster-archive.js';
import { buildRosterModel } from './roster-model.js';
import { zipStream } from './zip-stream.js';

export type ArchiveKind = 'asm' | 'oneroster';

/** Who the OneRoster manifest names as the source system. */
const SOURCE_SYSTEM = { name: 'Console d’administration', code: 'console' };

/**
 * An Apple School Manager or OneRoster archive of the selected pupils and teachers (spec 3 §5,
 * §9). Needs the school's location id (409 `export_location_missing`); the archive is checked by
 * the contract's validator before anything is sent, and one that fails is refused (409
 * `export_archive_invalid` with its first problem) rather than offered to Apple.
 */
export async function exportArchive(
  ctx: ServiceContext,
  input: contract.ExportSelection,
  kind: ArchiveKind,
): Promise<FileAnswer> {
  const selection = await readExportSelection(ctx, input, kind);
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
  const now = new Date();
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
  await auditExport(ctx, selection, kind);
  return {
    fileName: exportFileName(ctx, kind === 'asm' ? 'asm' : 'oneroster', selection.uai, 'zip', now),
    mediaType: contract.ZIP_MEDIA_TYPE,
    body: zipStream(files, now),
  };
}
