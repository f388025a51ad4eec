import type { TestContext } from '#test/context.js';
import { buildSchool, buildSignedInUsers } from '#test/factories.js';

/**
 * The two callers every general-settings test needs, signed in: an Administrateur (Config at
 * Ecriture, named Alice Durand so that tests read who changed what) and a Gestionnaire of one
 * school, who has no Config right.
 */
export async function signInSettingsCallers(t: TestContext): Promise<Record<'admin' | 'manager', string>> {
  const uai = (await buildSchool(t.db)).uai;
  const { cookies } = await buildSignedInUsers(t, {
    admin: { profile: 'Administrateur', firstname: 'Alice', lastname: 'Durand' },
    manager: { profile: 'Gestionnaire', managedSchools: [uai] },
  });
  return cookies;
}
