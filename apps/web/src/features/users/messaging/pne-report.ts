import type { SchoolUser, users } from '@console/contract';
import type { TFunction } from 'i18next';

type PneAnswer = users.PneAnswer;
type PneItem = PneAnswer['data'][number];

export const PNE_REPORT_FILE_NAME = 'error_report.txt';

/** An account's message: the PNE service's words, or what the server said in the interface's language. */
function messageOf(item: PneItem, t: TFunction): string {
  if (!item.problem) return item.message;
  return t(`users.bulk.pne.problems.${item.problem}`, { count: item.counts?.rejected, total: item.counts?.total });
}

/** The text of error_report.txt: one line per rejected key (or per account rejected without keys). */
export function pneErrorReportOf(data: PneAnswer['data'], t: TFunction): string {
  const lines = data.flatMap((item) =>
    item.keys.length > 0
      ? item.keys.map(
          (key) => `${item.username}: ${key.key}: ${key.problem ? t(`users.bulk.pne.problems.${key.problem}`) : key.error}`,
        )
      : [`${item.username}: ${messageOf(item, t)}`],
  );
  return lines.join('\n') + '\n';
}

/** A teacher's Educadhoc keys, as the code cell holds them (several separated by spaces, commas or semicolons). */
export function educadhocKeysOf(user: Pick<SchoolUser, 'applications'>, educadhocApplicationId: number): string[] {
  const code = user.applications[String(educadhocApplicationId)]?.code ?? '';
  return code.split(/[\s,;]+/).filter((key) => key !== '');
}
