import { hasRight, type RightArea, type RightLevel, type RightsMap } from '@console/contract';

type RightsHolder = { rights: RightsMap } | null | undefined;

/** Whether a signed-in user may use an area at a level (read by default); nobody signed in may not. */
export function can(user: RightsHolder, area: RightArea, level: RightLevel = 'Lecture'): boolean {
  return user != null && hasRight(user.rights, area, level);
}
