/**
 * The school year EcoleDirecte is asked for, as `"<YYYY>-<YYYY+1>"`: the one `now` falls in (it
 * starts on 1 September, read in UTC as the OneRoster export does), or the following one when
 * `nextYear`. On 2026-11-29 the current is "2026-2027" and the next "2027-2028".
 */
export function schoolYearOf(now: Date, nextYear: boolean): string {
  const currentStart = now.getUTCMonth() >= 8 ? now.getUTCFullYear() : now.getUTCFullYear() - 1;
  const start = nextYear ? currentStart + 1 : currentStart;
  return `${start}-${start + 1}`;
}
