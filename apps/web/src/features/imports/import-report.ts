import type { imports } from '@console/contract';

/** A cell of the reports as a spreadsheet reads it: quoted when it holds the separator, a quote or a line break. */
function cellOf(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A report's text: a byte order mark (Excel then reads UTF-8), ';' between cells, CRLF between lines. */
function csvOf(rows: readonly (readonly (string | number | null)[])[]): string {
  return `\uFEFF${rows.map((row) => row.map(cellOf).join(';')).join('\r\n')}\r\n`;
}

/** The error report of a refused file: one line a problem, with its line, column and message. */
export function problemsReport(problems: readonly imports.ImportProblem[], headers: readonly string[], messageOf: (problem: imports.ImportProblem) => string): string {
  return csvOf([headers, ...problems.map((problem) => [problem.line, problem.field, messageOf(problem)])]);
}

/** The report of an applied or cancelled import: every line's outcome (created, updated, unchanged, excluded). */
export function outcomesReport(result: imports.ImportResult, headers: readonly string[], outcomeOf: (outcome: imports.ImportOutcome) => string): string {
  return csvOf([headers, ...result.lines.map((line) => [line.line, line.login, outcomeOf(line.outcome), line.userId])]);
}

/** The problems a refused verification's answer lists (spec 3 §8: items carry `msg`), or none. */
export function problemsOf(body: unknown): imports.ImportProblem[] {
  const errors = (body as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(errors)) return [];
  return errors.filter((item): item is imports.ImportProblem => typeof item === 'object' && item !== null && typeof (item as { msg?: unknown }).msg === 'string');
}
