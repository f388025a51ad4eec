import { isAccountHolderProfile, type SessionUser } from '@console/contract';
import { can } from '#lib/abilities';
import { VIEW_AREAS } from '../views/views';
import type { ReadPlace } from './addresses';

/** Whether the user may open what an address names: `unknown` when it names nothing. */
export type AddressAccess = 'open' | 'unknown' | 'forbidden';

/**
 * What the browser lets the user open, as the side menu does: pupils and teachers their own page
 * only; others a view with its right, a user's page with FicheUser, a school administrator their
 * own school only. The server refuses the data all the same; this only says so plainly.
 */
export function accessOf(read: ReadPlace, user: Pick<SessionUser, 'profile' | 'rights' | 'uai'>): AddressAccess {
  if (!read) return 'unknown';
  const { place, isAccount } = read;
  if (isAccountHolderProfile(user.profile) || isAccount) {
    return isAccountHolderProfile(user.profile) && isAccount ? 'open' : 'forbidden';
  }
  if (!can(user, VIEW_AREAS[place.view])) return 'forbidden';
  if (place.userId != null && !can(user, 'FicheUser')) return 'forbidden';
  if (user.profile === 'Administrateur établissement' && place.uai && place.uai !== user.uai) return 'forbidden';
  return 'open';
}
