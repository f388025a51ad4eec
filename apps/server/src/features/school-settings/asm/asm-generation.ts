import { userExports, type schoolSettings } from '@console/contract';
import { buildSchoolAsmArchive } from '#features/exports/rosters/roster-archives.service.js';
import { requireRight } from '#platform/auth/rights.js';
import { AppError } from '#platform/errors/app-error.js';
import type { ServiceContext } from '#platform/context.js';
import { requireSchoolSettingsAccess } from '../school-settings.service.js';
import { requireSavedServer, sendToSavedServer, type AsmContext } from './asm.service.js';

type GenerationReport = schoolSettings.GenerationReport;

/**
 * Each school's latest 'Générer et envoyer' since the server started, by UAI: in this process's
 * memory, as the import's verification progress is. A restart forgets it; the history of files
 * sent (`asm_pushes`) is what lasts.
 */
const reports = new Map<string, GenerationReport>();

const isRunning = (report: GenerationReport | undefined) => report?.phase === 'building' || report?.phase === 'sending';

/** What a failure tells the user: an AppError's reason (or code) and params; anything else an internal error. */
function failureOf(error: unknown): Pick<GenerationReport, 'reason' | 'params'> {
  if (error instanceof AppError) return { reason: error.details?.reason ?? error.code, params: error.details?.params ?? {} };
  return { reason: 'internal_error', params: {} };
}

/**
 * Starts building the school's ASM archive (every pupil and teacher) and sending it to its saved
 * server, and answers where it stands ('building'). Checked before it starts: the school's
 * settings access (`requireSchoolSettingsAccess`), the ASM export's rights (`forbidden`), a saved
 * server (409 `asm_server_missing`), none already running for the school (409
 * `asm_push_running`). What fails later (no location id, the validator, the connection) is the
 * report's `failed` phase with the reason the same call would have answered.
 */
export async function startGeneratedPush(ctx: AsmContext, uai: string): Promise<GenerationReport> {
  await requireSchoolSettingsAccess(ctx, ctx.db, uai);
  requireRight(ctx.actor, userExports.EXPORT_MENU_RIGHT, 'Lecture');
  requireRight(ctx.actor, userExports.EXPORT_ITEM_RIGHTS.asm, 'Lecture');
  await requireSavedServer(ctx, uai);
  if (isRunning(reports.get(uai)))
    throw new AppError('conflict', "The school's archive is being sent already", { reason: 'asm_push_running' });
  const report: GenerationReport = {
    phase: 'building',
    startedAt: new Date().toISOString(),
    pupils: null,
    teachers: null,
    filename: null,
    reason: null,
    params: {},
  };
  reports.set(uai, report);
  const update = (change: Partial<GenerationReport>) => reports.set(uai, { ...reports.get(uai)!, ...change });
  void (async () => {
    try {
      const archive = await buildSchoolAsmArchive(ctx, uai);
      update({ phase: 'sending', pupils: archive.pupils, teachers: archive.teachers });
      const { filename } = await sendToSavedServer(ctx, uai, { name: archive.fileName, bytes: archive.bytes });
      update({ phase: 'done', filename });
    } catch (error) {
      update({ phase: 'failed', ...failureOf(error) });
    }
  })();
  return report;
}

/** Where the school's latest 'Générer et envoyer' stands, or null (see `requireSchoolSettingsAccess` for what it throws). */
export async function generatedPushReport(ctx: ServiceContext, uai: string): Promise<GenerationReport | null> {
  await requireSchoolSettingsAccess(ctx, ctx.db, uai);
  return reports.get(uai) ?? null;
}
