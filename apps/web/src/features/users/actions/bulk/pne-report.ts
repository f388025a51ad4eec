import type { SchoolUser, users } from '@console/contract';

type PneAnswer = users.PneAnswer;

export const PNE_REPORT_FILE_NAME = 'error_report.txt';

/** The text of error_report.txt: one line per rejected key (or per account rejected without keys). */
export function pneErrorReportOf(data: PneAnswer['data']): string {
  const lines = data.flatMap((item) =>
    item.keys.length > 0
      ? item.keys.map((key) => `${item.username}: ${key.key}: ${key.error}`)
      : [`${item.username}: ${item.message}`],
  );
  return lines.join('\n') + '\n';
}

/** A teacher's Educadhoc keys, as the code cell holds them (several separated by spaces, commas or semicolons). */
export function educadhocKeysOf(user: Pick<SchoolUser, 'applications'>, educadhocApplicationId: number): string[] {
  const code = user.applications[String(educadhocApplicationId)]?.code ?? '';
  return code.split(/[\s,;]+/).filter((key) => key !== '');
}
