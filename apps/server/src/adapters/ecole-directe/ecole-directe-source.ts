import { callAdmin, MAX_ANSWER_BYTES, type AdminCallOptions } from './admin-call.js';
import type { AdminPath } from './admin-protocol.js';
import { EcoleDirecteError } from './ecole-directe-error.js';
import { parsePupils, parseTeachers } from './roster-users.js';
import { schoolYearOf } from './school-year.js';
import type { EcoleDirectePerson, SchoolRosterSource } from './school-roster.js';

/** Where EcoleDirecte is and how long a call may take; the clock and the answer limit for tests. */
export type EcoleDirecteSourceConfig = {
  /** The API's base, https://api.ecoledirecte.com (a fake in tests); calls go under `/v3/admin/`. */
  baseUrl: string;
  /** The limit of each call, the answer's reading included. */
  timeoutMs: number;
  /** The clock that sets the school year asked; the system's by default (tests fix it). */
  now?: () => Date;
  /** The largest answer read; MAX_ANSWER_BYTES (50 MB) by default. */
  maxAnswerBytes?: number;
};

/**
 * A school's roster from EcoleDirecte's school-administration API (docs/external-formats.md §5.2;
 * unofficial, reverse-engineered): `utilisateurs/eleves` then `utilisateurs/professeurs`, each a
 * `verbe=get` POST with an empty `filterSearch` (the whole directory), one after the other since
 * the second sends the token the first answered (the token rotates at every answer). A profile of
 * `teachers` or `students` makes the one call it needs. No other endpoint is ever called.
 *
 * Our assumption, not observed: the API's way of naming the establishment and the school year is
 * undocumented (an administration session is bound to its school), so the body's JSON carries
 * `"rne": <UAI>` and `"anneeScolaire": "<YYYY>-<YYYY+1>"` (school-year.ts) beside `"token"`.
 *
 * fetchRoster throws EcoleDirecteError: `invalid_token` for a blank token (no call made) or codes
 * 520, 525 and 403; `school_unavailable` for code 535; `unavailable` for anything else, a malformed
 * item included (admin-call.ts, roster-users.ts). No error message holds a token.
 */
export function createEcoleDirecteSource(config: EcoleDirecteSourceConfig): SchoolRosterSource {
  const now = config.now ?? (() => new Date());
  const callOptions: AdminCallOptions = {
    baseUrl: config.baseUrl,
    timeoutMs: config.timeoutMs,
    maxAnswerBytes: config.maxAnswerBytes ?? MAX_ANSWER_BYTES,
  };
  return {
    async fetchRoster(query) {
      let token = query.token.trim();
      if (token === '') throw new EcoleDirecteError('invalid_token', 'No EcoleDirecte token was given');
      const fields = { rne: query.uai.trim().toUpperCase(), anneeScolaire: schoolYearOf(now(), query.nextYear) };

      async function fetchPeople(
        path: AdminPath,
        parse: (data: unknown) => EcoleDirectePerson[] | undefined,
      ): Promise<EcoleDirectePerson[]> {
        const answer = await callAdmin(callOptions, path, token, fields);
        token = answer.token;
        const people = parse(answer.data);
        if (!people) throw new EcoleDirecteError('unavailable', `EcoleDirecte's answer on ${path} is not a list of users`);
        return people;
      }

      const pupils = query.profile === 'teachers' ? [] : await fetchPeople('utilisateurs/eleves', parsePupils);
      const teachers = query.profile === 'students' ? [] : await fetchPeople('utilisateurs/professeurs', parseTeachers);
      return { pupils, teachers };
    },
  };
}
