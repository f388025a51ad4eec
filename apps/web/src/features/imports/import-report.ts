import { userExports, type imports } from '@console/contract';

/**
 * A report's text, written by the exports' own writer in the dialect of the files people open
 * (a byte order mark, ';', CRLF, every cell guarded against formulas: a column name or login of
 * the file may start with '=').
 */
function csvOf(rows: readonly (readonly (string | number | null)[])[]): string {
  return userExports.csvText(
    rows.map((row) => row.map((value) => (value === null ? '' : String(value)))),
    userExports.CSV_DIALECTS.REPORT,
  );
}

/** The error report of a refused file: one line a problem, with its line, column and message. */
export function problemsReport(
  problems: readonly imports.ImportProblem[],
  headers: readonly string[],
  messageOf: (problem: imports.ImportProblem) => string,
): string {
  return csvOf([headers, ...problems.map((problem) => [problem.line, problem.field, messageOf(problem)])]);
}

/** The report of an applied or cancelled import: every line's outcome (created, updated, unchanged, excluded). */
export function outcomesReport(
  result: imports.ImportResult,
  headers: readonly string[],
  outcomeOf: (outcome: imports.ImportOutcome) => string,
): string {
  return csvOf([headers, ...result.lines.map((line) => [line.line, line.login, outcomeOf(line.outcome), line.userId])]);
}

/** The problems a refused verification's answer lists (spec 3 §8: items carry `msg`), or none. */
export function problemsOf(body: unknown): imports.ImportProblem[] {
  const errors = (body as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(errors)) return [];
  return errors.filter(
    (item): item is imports.ImportProblem =>
      typeof item === 'object' && item !== null && typeof (item as { msg?: unknown }).msg === 'string',
  );
}
