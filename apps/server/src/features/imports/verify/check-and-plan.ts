import { imports } from '@console/contract';
import type { ServiceContext } from '#platform/context.js';
import { PhaseClock } from '#platform/http/server-timing.js';
import { credentialFieldsOfRow } from '#features/users/bulk/users-bulk.applications.js';
import { findApplicationsWithPlatforms, readSchoolPlatformSettings } from '#features/users/user-catalogue.repository.js';
import { loadSchoolNaming } from '#features/users/users.shared.js';
import { readDefaultApplicationIds } from '#features/school-settings/default-applications/default-applications.repository.js';
import { checkImportFile, type ImportFileCheck } from '../check-file.js';
import { listCatalogueApplications, listSchoolOptions } from '../imports.repository.js';
import type { Planning } from '../plan.js';
import { planContextOf, type PlanApplication, type PlanContext } from './plan-context.js';
import { planInitial } from './plan-initial.js';
import { planTeaching } from './plan-teaching.js';
import { planUpdate } from './plan-update.js';
import { importInvalid } from './import-invalid.js';
import type { VerifyProgressReport } from './verify-progress.js';

/** A mode's planner; it owns the lines it is given, and may empty the array to let each line go once planned. */
const PLANNERS: Record<imports.ImportMode, (plan: PlanContext, lines: imports.ImportedLine[]) => Promise<Planning>> = {
  users_initial: planInitial,
  users_update: planUpdate,
  teaching: planTeaching,
};

/**
 * Reads and checks the file, then plans its lines against the school, reporting the lines planned
 * out of the file's lines as it goes; throws `validation_failed`
 * with every problem. Its own function so that the file's lines (80 MiB for 50,000) are garbage
 * once the plan is made, before it is stored and the preview is sent. `clock` times its phases:
 * `school` (the school's rules and lists), `read` (decoding, parsing, checking each line), `plan`
 * (the rules, the logins, sealing the secrets), and within it `pack` (serialising and deflating
 * the plan's chunks) and `preview` (writing the previewed users as JSON).
 */
export async function checkAndPlan(
  ctx: ServiceContext,
  { bytes, mode, uai }: { bytes: Uint8Array; mode: imports.ImportMode; uai: string },
  report: (progress: VerifyProgressReport) => void = () => undefined,
  clock = new PhaseClock(),
): Promise<{ format: NonNullable<ImportFileCheck['format']>; ignoredColumns: string[]; planning: Planning }> {
  const [naming, applications, options] = await Promise.all([
    loadSchoolNaming(ctx.db, uai),
    listCatalogueApplications(ctx.db),
    listSchoolOptions(ctx.db, uai),
  ]);
  clock.lap('school');
  const check = checkImportFile(bytes, mode, applications, { uai }, { maxLines: ctx.env.IMPORT_MAX_LINES });
  // A file that cannot be read, or lacks a column, says that alone; else the lines read are checked against the school too, so that every problem shows at once.
  if (!check.format || (check.problems.length > 0 && check.lines.length === 0)) throw importInvalid(check.problems);
  if (check.lines.length === 0) throw importInvalid([{ msg: imports.IMPORT_ERRORS.noLines, line: 2, field: null }]);
  clock.lap('read');
  const { lines, problems, format, ignoredColumns } = check;
  // The planner is handed the lines and may let each go once planned: nothing here holds them.
  check.lines = [];
  // A new-users file also gives each new pupil and teacher the school's default applications.
  const defaults = mode === 'users_initial' ? await readDefaultApplicationIds(ctx.db, uai) : new Map<number, number[]>();
  const named = new Set([
    ...lines.flatMap((line) =>
      line.mode === 'teaching' ? [] : line.applications.map((application) => application.idApplication),
    ),
    ...[...defaults.values()].flat(),
  ]);
  // The credentials each application asks at this school (its own platform settings over the catalogue's), once for every line.
  const [rows, schoolPlatforms] = await Promise.all([
    findApplicationsWithPlatforms(ctx.db, [...named]),
    named.size === 0 ? undefined : readSchoolPlatformSettings(ctx.db, uai),
  ]);
  const catalogue = new Map<number, PlanApplication>(
    [...rows.values()].map((row) => [
      row.id,
      { id: row.id, name: row.name, fields: credentialFieldsOfRow(row, schoolPlatforms) },
    ]),
  );
  const total = lines.length;
  report({ phase: 'plan', done: 0, total });
  const onLinesPlanned = (done: number) => report({ phase: 'plan', done, total });
  const planning = await PLANNERS[mode](planContextOf(ctx, uai, naming, catalogue, options, onLinesPlanned, defaults), lines);
  clock.lap('plan');
  clock.carve('plan', 'pack', planning.plan.ms);
  clock.carve('plan', 'preview', planning.preview.writingMs);
  if (problems.length > 0 || planning.problems.length > 0) throw importInvalid([...problems, ...planning.problems]);
  return { format, ignoredColumns, planning };
}
