import { hasRight, type RightArea, type RightLevel } from '@console/contract';
import type { Actor } from '#platform/context.js';
import { AppError } from '#platform/errors/app-error.js';

/**
 * The one check of a rights-map area (spec 1 §6): `registerRoute` runs it for the right each route
 * names, a service for a second right the route cannot name (a bulk change's own area). Throws
 * `forbidden` (403) without the area at the level; `Ecriture` implies `Lecture`.
 */
export function requireRight(actor: Pick<Actor, 'rights'>, area: RightArea, level: RightLevel): void {
  if (!hasRight(actor.rights, area, level))
    throw new AppError('forbidden', `Right ${area} at ${level} required`, { reason: 'no_right' });
}
