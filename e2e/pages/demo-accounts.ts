/**
 * The demo accounts the server seeds on an empty database (apps/server/src/platform/db/seed/
 * demo-accounts.ts). Copied here so that the e2e project does not compile server sources.
 */
export const DEMO = {
  administrator: { login: 'admin.demo', password: 'Admin#2026' },
  /** Locked by the sign-in journey: no other test may use it. */
  manager: { login: 'gestionnaire.demo', password: 'Gestion#2026' },
  /** Its password is changed by the password-change journey, which runs last. */
  schoolAdministrator: { login: 'direction.demo', password: 'Direction#2026' },
  teacher: { login: 'enseignant.demo', password: 'ravo4821' },
  pupil: { login: 'eleve.demo', password: 'bino3579' },
} as const;

export type DemoAccount = { login: string; password: string };
