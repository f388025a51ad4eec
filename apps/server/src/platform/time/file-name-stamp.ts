import { DateTime } from 'luxon';

/**
 * When a downloaded file was made, as its name says it (`20261129-093005`): the date and time to
 * the second in the console's time zone (TIME_ZONE), so that a file made at 09:30 in Paris says
 * 09:30 whatever zone the server's machine runs in. Exports and sheets name their files with it.
 */
export function fileNameStamp(now: Date, zone: string): string {
  return DateTime.fromJSDate(now, { zone }).toFormat('yyyyMMdd-HHmmss');
}
