/**
 * A school's roster (its pupils and teachers) from EcoleDirecte's school-administration API, an
 * unofficial, reverse-engineered API (docs/external-formats.md §5.2) liable to change without
 * notice. The interface is here; the HTTP implementation is ecole-directe-source.ts.
 */

/** One pupil or teacher: EcoleDirecte's id as text, trimmed names, the class label (null for none and for teachers). */
export type EcoleDirectePerson = { id: string; lastname: string; firstname: string; className: string | null };

/** A school's pupils and teachers, in EcoleDirecte's order. */
export type EcoleDirecteRoster = { pupils: EcoleDirectePerson[]; teachers: EcoleDirectePerson[] };

/** Whose roster is fetched, with which token, for which year and which people. */
export type RosterQuery = {
  /** The school's EcoleDirecte token (API key): never logged nor put in an error message. */
  token: string;
  /** The school whose roster is asked: the console's school, or the adjacent UAI the user gives. */
  uai: string;
  /** Next school year's roster rather than the current one. */
  nextYear: boolean;
  /** `teachers`: pupils [] and only the teachers call; `students`: the reverse. */
  profile: 'all' | 'teachers' | 'students';
};

export type SchoolRosterSource = {
  /**
   * The roster of `query.uai` for the school year asked. Throws EcoleDirecteError: `invalid_token`,
   * `school_unavailable` or `unavailable` (ecole-directe-error.ts).
   */
  fetchRoster(query: RosterQuery): Promise<EcoleDirecteRoster>;
};

export { EcoleDirecteError, type EcoleDirecteFailure } from './ecole-directe-error.js';
export { createEcoleDirecteSource, type EcoleDirecteSourceConfig } from './ecole-directe-source.js';
