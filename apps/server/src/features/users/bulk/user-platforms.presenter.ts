import { profileNameOf, type UserPlatforms } from '@console/contract';
import type { UserRecord } from '#platform/auth/access.js';
import type { PlatformAccessRow } from './user-platforms.repository.js';

/**
 * Each user's accesses grouped by platform, in the catalogue's order. `reveal` turns a stored
 * ciphertext into the clear value, or null for a caller who may not see it.
 */
export function presentUserPlatforms(
  users: readonly UserRecord[],
  accesses: readonly PlatformAccessRow[],
  reveal: (sealed: string | null) => string | null,
): UserPlatforms[] {
  const byUser = new Map<number, PlatformAccessRow[]>();
  for (const access of accesses) {
    const list = byUser.get(access.user_id);
    if (list) list.push(access);
    else byUser.set(access.user_id, [access]);
  }
  return users.map((user) => {
    const platforms = new Map<string, UserPlatforms['platforms'][number]>();
    for (const access of byUser.get(user.id) ?? []) {
      let platform = platforms.get(access.platform_id);
      if (!platform) {
        platform = { platformId: access.platform_id, applications: [] };
        platforms.set(access.platform_id, platform);
      }
      platform.applications.push({
        idApplication: access.application_id,
        status: access.status,
        login: access.login,
        password: reveal(access.password_encrypted),
        hasPassword: access.password_encrypted !== null,
        keys: access.keys,
      });
    }
    return {
      userId: user.id,
      login: user.login,
      firstname: user.firstname,
      lastname: user.lastname,
      profile: profileNameOf(user.profileId) ?? 'Eleve',
      userPassword: reveal(user.passwordEncrypted),
      platforms: [...platforms.values()],
    };
  });
}
