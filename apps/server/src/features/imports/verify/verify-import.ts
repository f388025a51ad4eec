import { imports } from '@console/contract';
import { canReachSchool, schoolNotFound } from '../../../platform/auth/access.js';
import { requireRight } from '../../../platform/auth/rights.js';
import { editorLabel, type ServiceContext } from '../../../platform/context.js';
import { AppError } from '../../../platform/errors/app-error.js';
import { findApplicationsWithPlatforms } from '../../users/bulk/users-bulk.repository.js';
import { loadSchoolNaming } from '../../users/users.shared.js';
import { checkImportFile, type ImportFileCheck } from '../check-file.js';
import { insertBatch, listCatalogueApplications, listSchoolOptions } from '../imports.repository.js';
import type { Planning, PreviewList } from '../plan.js';
import { planContextOf, type PlanContext } from './plan-context.js';
import { planInitial } from './plan-initial.js';
import { planTeaching } from './plan-teaching.js';
import { planUpdate } from './plan-update.js';

/** The refusal of a file with problems: 400, every problem beside the error (spec 3 §8: items carry `msg`). */
export function importInvalid(problems: readonly imports.ImportProblem[]): AppError {
  // A problem the file's reading and the school's checks both find is said once.
  const unique = new Map(problems.map((problem) => [`${problem.line}\u0000${problem.msg}\u0000${problem.field ?? ''}`, problem]));
  const sorted = [...unique.values()].sort((a, b) => a.line - b.line);
  return new AppError(
    'validation_failed',
    `The import file has ${sorted.length} problem(s)`,
    { reason: 'import_invalid', params: { count: sorted.length } },
    { errors: sorted },
  );
}

const PLANNERS: Record<imports.ImportMode, (plan: PlanContext, lines: readonly imports.ImportedLine[]) => Promise<Planning>> = {
  users_initial: planInitial,
  users_update: planUpdate,
  teaching: planTeaching,
};

/** The verification's answer, its previewed users written as JSON as they were planned (see PreviewList). */
export type VerifiedImport = Omit<imports.ImportCheckAnswer, 'users'> & { users: PreviewList };

/**
 * Reads and checks the file, then plans its lines against the school; throws `validation_failed`
 * with every problem. Its own function so that the file's lines (80 MiB for 50,000) are garbage
 * once the plan is made, before it is stored and the preview is sent.
 */
async function checkAndPlan(
  ctx: ServiceContext,
  { bytes, mode, uai }: { bytes: Uint8Array; mode: imports.ImportMode; uai: string },
): Promise<{ format: NonNullable<ImportFileCheck['format']>; planning: Planning }> {
  const [naming, applications, options] = await Promise.all([
    loadSchoolNaming(ctx.db, uai),
    listCatalogueApplications(ctx.db),
    listSchoolOptions(ctx.db, uai),
  ]);
  const check = checkImportFile(bytes, mode, applications, { uai }, { maxLines: ctx.env.IMPORT_MAX_LINES });
  // A file that cannot be read, or lacks a column, says that alone; else the lines read are checked against the school too, so that every problem shows at once.
  if (!check.format || (check.problems.length > 0 && check.lines.length === 0)) throw importInvalid(check.problems);
  if (check.lines.length === 0) throw importInvalid([{ msg: imports.IMPORT_ERRORS.noLines, line: 2, field: null }]);
  const named = new Set(
    check.lines.flatMap((line) =>
      line.mode === 'teaching' ? [] : line.applications.map((application) => application.idApplication),
    ),
  );
  const catalogue = await findApplicationsWithPlatforms(ctx.db, [...named]);
  const planning = await PLANNERS[mode](planContextOf(ctx, uai, naming, catalogue, options), check.lines);
  if (check.problems.length > 0 || planning.problems.length > 0) throw importInvalid([...check.problems, ...planning.problems]);
  return { format: check.format, planning };
}

/**
 * Verifies an import file for a school (spec 3 §3, §7): reads it, checks every line, then checks
 * them against the school (its users, logins, rules, the caller's rights) and plans what each
 * line will do. Nothing is written but the verified batch, whose number the answer gives with the
 * preview. Throws `not_found` for a school out of reach, `forbidden` for a teaching import without
 * adminTabs, `validation_failed` with every problem when any line has one (nothing stored).
 */
export async function verifyImport(
  ctx: ServiceContext,
  upload: { bytes: Uint8Array; mode: imports.ImportMode; uai: string },
): Promise<VerifiedImport> {
  const { mode, uai } = upload;
  if (!(await canReachSchool(ctx, uai))) throw schoolNotFound();
  if (mode === 'teaching') requireRight(ctx.actor, 'adminTabs', 'Lecture');
  const { format, planning } = await checkAndPlan(ctx, upload);
  const importNumber = await insertBatch(
    ctx.db,
    { uai, mode, createdById: ctx.actor.id, createdBy: editorLabel(ctx.actor) },
    await planning.plan.packed(),
  );
  return { importNumber, mode, uai, format, users: planning.preview, counts: planning.preview.counts };
}
