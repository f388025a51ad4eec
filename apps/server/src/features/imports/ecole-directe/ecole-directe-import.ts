import { imports, profileNameOf, userExports, type FileAnswer } from '@console/contract';
import { EcoleDirecteError, type EcoleDirecteRoster, type SchoolRosterSource } from '#adapters/ecole-directe/index.js';
import { exportFileName } from '#features/exports/export-selection.js';
import { csvChunks } from '#features/exports/file-writers.js';
import { clearSecretOf } from '#features/school-settings/school-settings.service.js';
import { storedSecretOf } from '#features/school-settings/school-settings.presenter.js';
import { findSchoolSettings } from '#features/school-settings/school-settings.repository.js';
import { writeAudit } from '#platform/audit/audit.js';
import { canReachSchool, schoolNotFound } from '#platform/auth/access.js';
import type { ServiceContext } from '#platform/context.js';
import { AppError } from '#platform/errors/app-error.js';
import { verifyImport } from '../verify/verify-import.js';
import { listSchoolPeople } from './ecole-directe.repository.js';
import { personKey, rosterFile, rosterRows, withoutLines } from './roster-lines.js';

/** What the EcoleDirecte import needs beside the platform's dependencies: where rosters come from. */
export type EcoleDirecteDeps = { rosterSource: SchoolRosterSource };

/** The answer of each way EcoleDirecte fails. */
function failureOf(error: EcoleDirecteError): AppError {
  switch (error.failure) {
    case 'invalid_token':
      return new AppError('validation_failed', 'EcoleDirecte refused the token', {
        reason: 'ecole_directe_token_invalid',
        fieldErrors: { token: ['school_settings.ecole_directe.token_invalid'] },
      });
    case 'school_unavailable':
      return new AppError('conflict', 'The school is not on EcoleDirecte', { reason: 'ecole_directe_school_unavailable' });
    default:
      return new AppError('service_unavailable', `EcoleDirecte: ${error.message}`, { reason: 'ecole_directe_unavailable' });
  }
}

/** The problems of a verification refused for its lines, or undefined for any other error. */
function problemsOf(error: unknown): imports.ImportProblem[] | undefined {
  if (!(error instanceof AppError) || error.details?.reason !== 'import_invalid') return undefined;
  return (error.extra as { errors?: imports.ImportProblem[] } | undefined)?.errors;
}

/**
 * The school's EcoleDirecte roster (or the adjacent school's), fetched with the token given or
 * the school's saved one. Throws `not_found` for a school out of reach, 400
 * `ecole_directe_token_missing` without any token, and the failures of `failureOf`.
 */
async function fetchSchoolRoster(
  ctx: ServiceContext & EcoleDirecteDeps,
  uai: string,
  request: { token?: string; adjacentUai?: string; nextYear?: boolean; profil?: imports.EcoleDirecteProfile },
): Promise<EcoleDirecteRoster> {
  const { adjacentUai = '', nextYear = false, profil = 'all' } = request;
  if (!(await canReachSchool(ctx, uai))) throw schoolNotFound();
  const school = await findSchoolSettings(ctx.db, uai);
  if (!school) throw schoolNotFound();
  const token =
    request.token?.trim() || clearSecretOf(ctx.env.encryptionKey, storedSecretOf(school.deployment, 'ecoleDirecteApiKey'));
  if (!token)
    throw new AppError('validation_failed', 'No EcoleDirecte token is given nor saved', {
      reason: 'ecole_directe_token_missing',
      fieldErrors: { token: ['school_settings.ecole_directe.token_missing'] },
    });
  return ctx.rosterSource.fetchRoster({ token, uai: adjacentUai || uai, nextYear, profile: profil }).catch((error: unknown) => {
    throw error instanceof EcoleDirecteError ? failureOf(error) : error;
  });
}

/**
 * Imports a school's users from EcoleDirecte (spec 2 §2.11, §7): fetches the school's roster
 * (`fetchSchoolRoster`, which says what it throws), writes those the school lacks (same profile
 * and names) as a new-users import file, and verifies it as a file is (`verifyImport`, the same
 * checks, plan, batch and history). Lines with problems are emptied and the rest verified again,
 * so that the batch holds the rest only: the answer says which lines were left out and why. No
 * line to import: no batch.
 */
export async function importFromEcoleDirecte(
  ctx: ServiceContext & EcoleDirecteDeps,
  uai: string,
  request: imports.EcoleDirecteImport,
): Promise<imports.EcoleDirecteImportAnswer> {
  const roster = await fetchSchoolRoster(ctx, uai, request);
  const existing = new Set(
    (await listSchoolPeople(ctx.db, uai)).flatMap((person) => {
      const profile = profileNameOf(person.profileId);
      return profile ? [personKey(profile, person.lastname, person.firstname)] : [];
    }),
  );
  const file = rosterFile(roster, existing);
  if (file.lines === 0) return { nbLinesToImport: 0, importNumber: null, errors: [] };

  const verify = (text: string) => verifyImport(ctx, { bytes: Buffer.from(text, 'utf8'), mode: 'users_initial', uai });
  try {
    const verified = await verify(file.text);
    return { nbLinesToImport: file.lines, importNumber: verified.importNumber, errors: [] };
  } catch (error) {
    const errors = problemsOf(error);
    if (!errors) throw error;
    const refused = new Set(errors.map((problem) => problem.line));
    const rest = file.lines - refused.size;
    if (rest <= 0) return { nbLinesToImport: 0, importNumber: null, errors };
    const verified = await verify(withoutLines(file.text, refused));
    return { nbLinesToImport: rest, importNumber: verified.importNumber, errors };
  }
}

/**
 * The school's EcoleDirecte roster as a CSV file for a spreadsheet (spec 2 §7): every pupil and
 * teacher fetched (`fetchSchoolRoster`, which says what it throws), whether the school has them
 * or not, with their class, its level and EcoleDirecte's id; named after the school, audited as an
 * export.
 */
export async function exportEcoleDirecteUsers(
  ctx: ServiceContext & EcoleDirecteDeps,
  uai: string,
  query: { adjacentUai: string; nextYear: boolean; profil: imports.EcoleDirecteProfile },
): Promise<FileAnswer> {
  const roster = await fetchSchoolRoster(ctx, uai, query);
  const rows = [[...imports.ECOLE_DIRECTE_EXPORT_HEADER], ...rosterRows(roster)];
  await writeAudit(ctx.db, {
    actor: ctx.actor,
    action: 'export',
    entity: 'school',
    entityId: uai,
    uai,
    after: { item: 'ecole-directe', ...query, people: rows.length - 1 },
  });
  return {
    fileName: exportFileName(ctx, 'ecole-directe', uai, 'csv'),
    mediaType: userExports.CSV_MEDIA_TYPE,
    body: csvChunks(rows, userExports.CSV_DIALECTS.ECOLE_DIRECTE),
  };
}
