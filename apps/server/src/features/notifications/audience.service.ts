import type { notifications as contract } from '@console/contract';
import { listReachableUais, schoolNotFound } from '#platform/auth/access.js';
import { requireRight } from '#platform/auth/rights.js';
import type { ServiceContext } from '#platform/context.js';
import { countAudience, listAudienceTokens, type AudienceQuery } from './audience.repository.js';

/**
 * The schools a notification's filters name: null for every school the caller reaches (none
 * named, or 'all'); else those schools, each of which the caller must reach (else `not_found`, as
 * an unknown one).
 */
async function schoolsNamed(ctx: ServiceContext, arrayUai: readonly string[]): Promise<string[] | null> {
  if (arrayUai.length === 0 || arrayUai.includes('all')) return null;
  const wanted = [...new Set(arrayUai)];
  const reachable = await listReachableUais(ctx.db, ctx.actor, wanted);
  if (reachable.length !== wanted.length) throw schoolNotFound();
  return reachable;
}

/** The filters checked, as the audience's queries read them. */
export async function audienceQueryOf(ctx: ServiceContext, filter: contract.AudienceFilter): Promise<AudienceQuery> {
  const { arrayUai, ...rest } = filter;
  return { ...rest, uais: await schoolsNamed(ctx, arrayUai) };
}

/**
 * Who a notification would reach (`POST /devices/notifications`, spec 3 §2.5 step 1): the counts
 * first, then with count 0 each live token. A school administrator's audience is their school's
 * users, a Gestionnaire's those of the schools they manage.
 */
export async function notificationAudience(ctx: ServiceContext, body: contract.AudienceBody): Promise<contract.AudienceAnswer> {
  requireRight(ctx.actor, 'notifications', 'Lecture');
  const { count, ...filter } = body;
  const query = await audienceQueryOf(ctx, filter);
  const counts = await countAudience(ctx.db, ctx.actor, query);
  if (count === 1) return [counts];
  return [counts, ...(await listAudienceTokens(ctx.db, ctx.actor, query))];
}
