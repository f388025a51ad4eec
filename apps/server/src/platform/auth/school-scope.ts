import { and, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Actor, ServiceContext } from '../context.js';
import { managerSchools } from '../db/schema/index.js';

/**
 * Which schools a caller reaches: an Administrateur all of them, a Gestionnaire those assigned
 * to them, a school administrator their own, an Eleve or Enseignant none (only their account).
 */
export type SchoolScope = { kind: 'all' } | { kind: 'assigned'; managerId: number } | { kind: 'own'; uai: string | null } | { kind: 'none' };

export function schoolScopeOf(actor: Pick<Actor, 'id' | 'profile' | 'uai'>): SchoolScope {
  switch (actor.profile) {
    case 'Administrateur':
      return { kind: 'all' };
    case 'Gestionnaire':
      return { kind: 'assigned', managerId: actor.id };
    case 'Administrateur établissement':
      return { kind: 'own', uai: actor.uai };
    default:
      return { kind: 'none' };
  }
}

/** Whether the caller reaches a school. A null UAI (staff without a school) is reached by Administrateurs only. */
export async function canReachSchool(ctx: Pick<ServiceContext, 'db' | 'actor'>, uai: string | null): Promise<boolean> {
  const scope = schoolScopeOf(ctx.actor);
  switch (scope.kind) {
    case 'all':
      return true;
    case 'own':
      return uai !== null && scope.uai === uai;
    case 'none':
      return false;
    case 'assigned': {
      if (uai === null) return false;
      const rows = await ctx.db
        .select({ uai: managerSchools.uai })
        .from(managerSchools)
        .where(and(eq(managerSchools.userId, scope.managerId), eq(managerSchools.uai, uai)))
        .limit(1);
      return rows.length > 0;
    }
  }
}

/** Whether the caller reaches a user: themself always, others through the user's school. */
export async function canReachUser(ctx: Pick<ServiceContext, 'db' | 'actor'>, user: { id: number; uai: string | null }): Promise<boolean> {
  if (user.id === ctx.actor.id) return true;
  return canReachSchool(ctx, user.uai);
}

/**
 * The SQL condition "this UAI is within the scope", so that lists are scoped in the query
 * itself (never filtered after reading).
 */
export function scopeCondition(scope: SchoolScope, uaiColumn: SQL | AnyColumn): SQL {
  switch (scope.kind) {
    case 'all':
      return sql`true`;
    case 'assigned':
      return sql`${uaiColumn} in (select ms.uai from manager_schools ms where ms.user_id = ${scope.managerId})`;
    case 'own':
      return scope.uai === null ? sql`false` : sql`${uaiColumn} = ${scope.uai}`;
    case 'none':
      return sql`false`;
  }
}

/** The SQL condition keeping the rows whose UAI column the caller reaches. */
export function schoolScopeCondition(actor: Pick<Actor, 'id' | 'profile' | 'uai'>, uaiColumn: SQL | AnyColumn): SQL {
  return scopeCondition(schoolScopeOf(actor), uaiColumn);
}
