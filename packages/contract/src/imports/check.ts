import { mapImportColumns, type ImportCatalogueApplication } from './columns.js';
import { readImportLine, type ImportContext, type ImportedLine } from './lines.js';
import type { ImportMode } from './modes.js';
import { IMPORT_ERRORS, type ImportProblem } from './problems.js';

/** A file as the CSV reader gives it: headers, data records with the line each starts on, and records it could not read whole. */
export type ImportTable = {
  headers: readonly string[];
  rows: readonly { line: number; cells: readonly string[] }[];
  rowProblems?: readonly { line: number; reason: 'too_many_cells' | 'unclosed_quote' }[];
};

/** The lines read, the problems found, and the headers of the columns read past (columns.ts). */
export type ImportCheck = { lines: ImportedLine[]; problems: ImportProblem[]; ignoredColumns: string[] };

const ROW_PROBLEMS = { too_many_cells: IMPORT_ERRORS.tooManyCells, unclosed_quote: IMPORT_ERRORS.unclosedQuote } as const;

/** The columns with neither a header nor a value: nothing to read, nothing lost. */
function emptyUnnamedColumns(table: ImportTable): Set<number> {
  const unnamed = new Set<number>();
  table.headers.forEach((header, index) => {
    if (header.trim() === '' && table.rows.every((row) => (row.cells[index] ?? '').trim() === '')) unnamed.add(index);
  });
  return unnamed;
}

/** A key naming the user a line is about, or the line itself for teaching (a teacher has a line per class and discipline). */
function identityOf(line: ImportedLine): { key: string; value: string } | null {
  if (line.mode === 'users_initial')
    return line.informations.login === null ? null : { key: 'login', value: line.informations.login };
  const user = line.userId !== null ? `#${line.userId}` : (line.login ?? '');
  if (line.mode === 'users_update') return { key: 'user', value: user };
  return { key: 'teaching', value: `${user}\u0000${line.class}\u0000${line.discipline}` };
}

/** Lines that repeat an earlier one's login (new users), user (changes) or whole assignment (teaching): each names the first. */
function duplicates(lines: readonly ImportedLine[]): ImportProblem[] {
  const first = new Map<string, number>();
  const problems: ImportProblem[] = [];
  for (const line of lines) {
    const identity = identityOf(line);
    if (!identity) continue;
    const key = identity.value.toLowerCase();
    const earlier = first.get(key);
    if (earlier === undefined) {
      first.set(key, line.line);
      continue;
    }
    if (line.mode === 'users_initial') {
      problems.push({
        msg: IMPORT_ERRORS.duplicateLogin,
        line: line.line,
        field: 'Login',
        params: { login: identity.value, line: earlier },
      });
    } else {
      problems.push({ msg: IMPORT_ERRORS.duplicateUser, line: line.line, field: null, params: { line: earlier } });
    }
  }
  return problems;
}

/**
 * Checks a whole file of `mode` for the school `context.uai`: its columns, then every line, then
 * what lines say together (a login twice). Every problem is reported at once, by line; a file
 * missing a column its mode needs reports that alone (each line would only repeat it). The
 * lines are given even when there are problems, so that a report can show them; a file with
 * problems is never imported.
 */
export function checkImportTable(
  mode: ImportMode,
  table: ImportTable,
  applications: readonly ImportCatalogueApplication[],
  context: ImportContext,
): ImportCheck {
  const { columns, problems } = mapImportColumns(mode, table.headers, applications, emptyUnnamedColumns(table));
  if (problems.some((problem) => problem.msg === IMPORT_ERRORS.missingColumn || problem.msg === IMPORT_ERRORS.missingKeyColumn)) {
    return { lines: [], problems, ignoredColumns: columns.ignored };
  }
  const lines: ImportedLine[] = [];
  for (const row of table.rows) {
    const read = readImportLine(mode, row, columns, context);
    if (read.ok) lines.push(read.value);
    else problems.push(...read.problems);
  }
  for (const problem of table.rowProblems ?? [])
    problems.push({ msg: ROW_PROBLEMS[problem.reason], line: problem.line, field: null });
  problems.push(...duplicates(lines));
  problems.sort((a, b) => a.line - b.line);
  return { lines, problems, ignoredColumns: columns.ignored };
}
