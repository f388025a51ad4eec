import { imports } from '@console/contract';
import { newAccessCredentialsOf } from '#features/users/add-user/add-user.policy.js';
import type { HeldAccess, PlannedAccess } from '../plan.js';
import type { PlanApplication } from './plan-context.js';

/** The column of a credential in the messages, as the templates name it. */
const CREDENTIAL_SUFFIX = { login: 'Login', password: 'Mot de passe', keys: 'Code' } as const;

export type AccessPlanning = {
  accesses: PlannedAccess[];
  problems: imports.ImportProblem[];
};

/**
 * What a line's application columns do to a user's accesses (the add-user panel's rules): an
 * application enabled (1), or given credentials without a 1 or 0, is given with the credentials
 * of the line, else those already held, else the user's login and password and the common code;
 * a required one still blank is a problem under its column. 0 removes an access held and active;
 * one held disabled stays as it is (the Full export's 'Statut' 0 goes back in unchanged). Only
 * what changes is planned: an access held and given again as it is plans nothing.
 */
export function planAccesses(
  line: number,
  wanted: readonly imports.ImportedApplication[],
  /** The applications named, with their credential fields at the school (read once for the file). */
  catalogue: ReadonlyMap<number, PlanApplication>,
  /** The user's login and password, and that password already sealed when there is one (an access with the same password shares it). */
  account: { login: string; password: string; sealedPassword: string | null },
  held: ReadonlyMap<number, HeldAccess>,
  secrets: { encrypt: (clear: string) => string; decrypt: (sealed: string) => string | null },
): AccessPlanning {
  const accesses: PlannedAccess[] = [];
  const problems: imports.ImportProblem[] = [];
  for (const application of wanted) {
    const row = catalogue.get(application.idApplication);
    if (!row) {
      problems.push({
        msg: imports.IMPORT_ERRORS.unknownApplication,
        line,
        field: null,
        params: { application: application.idApplication },
      });
      continue;
    }
    const existing = held.get(application.idApplication);
    if (application.etat === 0) {
      if (existing && existing.status !== 0)
        accesses.push({ applicationId: row.id, etat: 0, login: null, passwordEncrypted: null, keys: null });
      continue;
    }
    const heldPassword = existing?.passwordEncrypted ? secrets.decrypt(existing.passwordEncrypted) : null;
    const given = {
      login: application.login ?? existing?.login ?? null,
      password: application.password ?? heldPassword,
      keys: application.code ?? existing?.keys ?? null,
    };
    const credentials = newAccessCredentialsOf(row.fields, given, account);
    for (const field of credentials.missing) {
      problems.push({ msg: imports.IMPORT_ERRORS.required, line, field: `${row.name}-${CREDENTIAL_SUFFIX[field]}` });
    }
    const unchanged =
      existing !== undefined &&
      existing.status === 1 &&
      existing.login === credentials.login &&
      heldPassword === credentials.password &&
      existing.keys === credentials.keys;
    if (unchanged) continue;
    accesses.push({
      applicationId: row.id,
      etat: 1,
      login: credentials.login,
      // Most accesses take the user's own password: one encryption serves them all.
      passwordEncrypted:
        credentials.password === account.password && account.sealedPassword !== null
          ? account.sealedPassword
          : secrets.encrypt(credentials.password),
      keys: credentials.keys,
    });
  }
  return { accesses, problems };
}

/** The credentials a preview shows of a planned access (never its password), and whether the school's defaults gave it. */
export function previewAccess(
  access: PlannedAccess,
  bySchool: ReadonlySet<number> = new Set(),
): imports.ImportUser['applications'][number] {
  return {
    idApplication: access.applicationId,
    etat: access.etat,
    login: access.login,
    code: access.keys,
    ...(bySchool.has(access.applicationId) && { bySchool: true }),
  };
}

/**
 * A new user's applications: the line's, then each the school gives the user's profile that the
 * line does not name (a line's 0 keeps one off), enabled with the credentials the school's
 * settings give; `bySchool` names those added.
 */
export function withDefaultApplications(
  wanted: readonly imports.ImportedApplication[],
  defaults: readonly number[],
): { wanted: imports.ImportedApplication[]; bySchool: Set<number> } {
  const named = new Set(wanted.map((application) => application.idApplication));
  const added = defaults.filter((id) => !named.has(id));
  return {
    wanted: [
      ...wanted,
      ...added.map((idApplication) => ({ idApplication, etat: 1 as const, login: null, password: null, code: null })),
    ],
    bySchool: new Set(added),
  };
}
