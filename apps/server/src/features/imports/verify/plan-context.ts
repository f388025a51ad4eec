import {
  generatePrintablePassword,
  type imports,
  meetsPasswordRules,
  strengthenForStaff,
  users as contract,
  type NameField,
  type ProfileName,
} from '@console/contract';
import { decryptSecret, encryptSecret, secureIntegers } from '#platform/auth/secrets.js';
import type { ServiceContext } from '#platform/context.js';
import type { SchoolNaming } from '#features/users/users.shared.js';
import { hasPrintablePassword } from '#features/auth/auth.policy.js';

/** An application a file's columns name, with the credentials its accesses ask at the school (its own platform settings applied). */
export type PlanApplication = { id: number; name: string; fields: contract.CredentialFields };

/** What every mode's planning reads: the caller, the school and its rules, the catalogue, the secrets. */
export type PlanContext = {
  ctx: ServiceContext;
  uai: string;
  naming: SchoolNaming;
  /** The applications the file's columns name, with their credential fields at the school. */
  catalogue: ReadonlyMap<number, PlanApplication>;
  /** The school's options by name. */
  options: ReadonlyMap<string, number>;
  secrets: { encrypt: (clear: string) => string; decrypt: (sealed: string) => string | null };
  /** Whether the preview may show the passwords (the caller may see passwords). */
  revealPasswords: boolean;
  /** Hears how many lines are planned so far (the verification's progress). */
  onLinesPlanned?: (planned: number) => void;
  /** The applications the school gives each profile's new users (by profile id), all in `catalogue`. */
  defaultApplications: ReadonlyMap<number, readonly number[]>;
};

export function planContextOf(
  ctx: ServiceContext,
  uai: string,
  naming: SchoolNaming,
  catalogue: ReadonlyMap<number, PlanApplication>,
  options: ReadonlyMap<string, number>,
  onLinesPlanned?: (planned: number) => void,
  defaultApplications: ReadonlyMap<number, readonly number[]> = new Map(),
): PlanContext {
  const key = ctx.env.encryptionKey;
  return {
    ctx,
    uai,
    naming,
    catalogue,
    options,
    secrets: {
      encrypt: (clear) => encryptSecret(key, clear),
      decrypt: (sealed) => {
        try {
          return decryptSecret(key, sealed);
        } catch {
          return null;
        }
      },
    },
    revealPasswords: contract.canSeePasswords(ctx.actor.rights),
    defaultApplications,
    ...(onLinesPlanned ? { onLinesPlanned } : {}),
  };
}

/** The file's column of each name field (cleanNames' fields), for the problems it names. */
export const NAME_HEADERS = { firstname: 'firstName', lastname: 'lastName', login: 'login' } as const satisfies Record<
  NameField,
  imports.ImportField
>;

/** A problem of one line. */
export const problemAt = (
  line: number,
  msg: string,
  field: string | null,
  params?: Record<string, string | number>,
): imports.ImportProblem => ({
  msg,
  line,
  field,
  ...(params ? { params } : {}),
});

/**
 * The password a line sets: the file's, else a generated one by the spec's rule (made fit for
 * staff, whose password is hashed and must meet the password rules). Undefined: the file's
 * password is too weak for a staff account.
 */
export function passwordFor(profile: ProfileName, given: string | null): string | undefined {
  const printable = hasPrintablePassword(profile);
  if (given !== null) return printable || meetsPasswordRules(given) ? given : undefined;
  const generated = generatePrintablePassword(secureIntegers);
  return printable ? generated : strengthenForStaff(generated);
}

/** Passwords sealed between two turns given to the thread's event loop (about 1 ms of work). */
const SEAL_SLICE = 200;

/**
 * Seals each draft's password into its `sealedPassword`, a slice at a time, giving the thread's
 * event loop a turn between two slices: started before the planning's queries, it runs while they
 * do (their answers are heard between two slices), on the worker's core while the queries run on
 * the main thread's or PostgreSQL's (10,000 passwords: about 50 ms of sealing, and as much of
 * queries, issue 31's note).
 */
export async function sealPasswords(
  plan: Pick<PlanContext, 'secrets'>,
  drafts: readonly { password: string; sealedPassword?: string }[],
): Promise<void> {
  for (let start = 0; start < drafts.length; start += SEAL_SLICE) {
    if (start > 0) await new Promise(setImmediate);
    for (const draft of drafts.slice(start, start + SEAL_SLICE)) draft.sealedPassword = plan.secrets.encrypt(draft.password);
  }
}

/** The options a preview shows: each with its id, or null for one the import creates. */
export function previewOptions(plan: PlanContext, names: readonly string[]): { idOption: number | null; name: string }[] {
  return names.map((name) => ({ idOption: plan.options.get(name) ?? null, name }));
}
