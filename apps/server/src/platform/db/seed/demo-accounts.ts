import type { ProfileName } from '@console/contract';

export type DemoAccount = { profile: ProfileName; login: string; password: string };

/**
 * The accounts a visitor signs in with on the demo data, one per profile. Staff passwords follow
 * the new-password rule; pupil and teacher passwords follow the printable rule (spec 3 §9).
 */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { profile: 'Administrateur', login: 'admin.demo', password: 'Admin#2026' },
  { profile: 'Gestionnaire', login: 'gestionnaire.demo', password: 'Gestion#2026' },
  { profile: 'Administrateur établissement', login: 'direction.demo', password: 'Direction#2026' },
  { profile: 'Enseignant', login: 'enseignant.demo', password: 'ravo4821' },
  { profile: 'Eleve', login: 'eleve.demo', password: 'bino3579' },
];

/** The demo account of a profile; throws if the list above lost one. */
export function demoAccountOf(profile: ProfileName): DemoAccount {
  const account = DEMO_ACCOUNTS.find((candidate) => candidate.profile === profile);
  if (!account) throw new Error(`no demo account for ${profile}`);
  return account;
}

/** The demo accounts as an aligned text table, for the start-up banner and `npm run seed`. */
export function formatDemoAccounts(): string {
  const header = { profile: 'Profil', login: 'Login', password: 'Mot de passe' };
  const rows = [header, ...DEMO_ACCOUNTS];
  const widths = (['profile', 'login'] as const).map((column) => Math.max(...rows.map((row) => row[column].length)));
  const line = (row: { profile: string; login: string; password: string }): string =>
    `  ${row.profile.padEnd(widths[0] ?? 0)}  ${row.login.padEnd(widths[1] ?? 0)}  ${row.password}`;
  const separator = `  ${'-'.repeat(widths[0] ?? 0)}  ${'-'.repeat(widths[1] ?? 0)}  ${'-'.repeat(header.password.length)}`;
  return [line(header), separator, ...DEMO_ACCOUNTS.map(line)].join('\n');
}
