import type { Database } from '#platform/db/client.js';
import { setProfileRight } from '#test/users-factories.js';

/**
 * By default only an Administrateur has the notifications view: the tests give it to the
 * Gestionnaires and school administrators too, so that their schools' boundaries can be checked.
 * Sign in afterwards.
 */
export async function giveStaffTheNotificationsView(db: Database): Promise<void> {
  await setProfileRight(db, 'Gestionnaire', 'notifications', { lecture: 1, ecriture: 1 });
  await setProfileRight(db, 'Administrateur établissement', 'notifications', { lecture: 1, ecriture: 1 });
}
