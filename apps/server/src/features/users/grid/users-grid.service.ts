import { hasRight, PROFILES, users, type ColumnDefinition, type ProfileChoice } from '@console/contract';
import { writeAudit } from '#platform/audit/audit.js';
import { requireReachableSchool, selectReachableUsers } from '#platform/auth/access.js';
import type { ServiceContext } from '#platform/context.js';
import { listCatalogueApplications } from '../user-catalogue.repository.js';
import { revealSecret } from '../user-page/user-page.service.js';
import { buildGridColumns, countOptionColumns } from './users-grid.columns.js';
import { readSchoolOptionFacts } from './users-grid.repository.js';

/**
 * The column definitions of a school's grid for this caller. Throws `not_found` for a school
 * out of reach or unknown (alike).
 */
export async function getColumnDefinitions(ctx: ServiceContext, uai: string): Promise<ColumnDefinition[]> {
  await requireReachableSchool(ctx, uai);
  const [facts, catalogue] = await Promise.all([readSchoolOptionFacts(ctx.db, uai), listCatalogueApplications(ctx.db, uai)]);
  const columns = buildGridColumns({
    canEdit: hasRight(ctx.actor.rights, 'Table', 'Ecriture'),
    canSeePasswords: users.canSeePasswords(ctx.actor.rights),
    optionColumnCount: countOptionColumns(facts.maxUserOptions, facts.optionCount),
    applications: catalogue.map((application) => ({
      id: application.id,
      name: application.name,
      showsCode: application.fields.keys.shown,
    })),
  });
  // The spec's wire names (ColonneBDD, TypeColonne...) are written here, at the edge.
  return columns.map(users.toColumnDefinition);
}

/** The profiles the caller may give a user. */
export function listProfileChoices(ctx: ServiceContext): ProfileChoice[] {
  return users.assignableProfiles(ctx.actor.profile).map((name) => ({ IDprofil: PROFILES[name], Nom: name }));
}

/**
 * The clear passwords of users of the caller's schools, in the order asked (null for hashed
 * ones). Throws `not_found` when any id is unknown or out of reach: then nothing is revealed.
 * The audit log records whose passwords were shown, never the values.
 */
export async function revealPasswords(
  ctx: ServiceContext,
  ids: readonly number[],
): Promise<{ passwords: { id: number; password: string | null }[] }> {
  const unique = [...new Set(ids)];
  const rows = await selectReachableUsers(ctx.db, ctx.actor, unique);
  const schoolsTouched = new Set(rows.map((row) => row.uai));
  await writeAudit(ctx.db, {
    actor: ctx.actor,
    action: 'reveal_passwords',
    entity: 'user',
    uai: schoolsTouched.size === 1 ? rows[0]!.uai : null,
    after: { userIds: unique },
  });
  return {
    passwords: rows.map((row) => ({ id: row.id, password: revealSecret(ctx.env.encryptionKey, row.passwordEncrypted) })),
  };
}
