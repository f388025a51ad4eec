import type { InterfaceLanguage, ProfileName, RightsMap } from '@console/contract';
import type { Database } from './db/client.js';
import type { Env } from './config/env.js';

/** What every service receives: its dependencies, passed in (never read from a global). */
export type AppDeps = {
  db: Database;
  env: Env;
  engine: 'pglite' | 'postgres';
};

/** The signed-in caller of a request. */
export type Actor = {
  id: number;
  sessionId: string;
  profile: ProfileName;
  profileId: number;
  uai: string | null;
  /** The name of the school `uai`, for the session answer; null without a school. */
  schoolName: string | null;
  login: string;
  firstname: string;
  lastname: string;
  email: string | null;
  /** The user's opaque sign-in link token (their QR code content). */
  linkToken: string;
  /** The interface language the user chose, null until they choose one. */
  language: InterfaceLanguage | null;
  rights: RightsMap;
};

/** "Firstname Lastname" of the caller, as createdBy, updatedBy, modifiedBy and the audit log hold it. */
export function editorLabel(actor: Pick<Actor, 'firstname' | 'lastname'>): string {
  return `${actor.firstname} ${actor.lastname}`.trim();
}

/** What a service function takes first: dependencies and, on signed-in routes, the caller. */
export type ServiceContext = AppDeps & { actor: Actor };
