/**
 * Reads one CSV file of an ASM or OneRoster archive the RFC 4180 way (comma separator, fields in
 * double quotes with `""` for a quote, LF or CRLF between rows) and reports what breaks that
 * structure, so that roster-validator.ts only checks values; also the table helpers both of its
 * validators share. No dependency and no Node API: the web app runs it too.
 */

/** One problem of an archive; `line` is 1-based (1 = the header), null when the whole file is at fault. */
export type RosterProblem = { file: string; line: number | null; column: string | null; message: string };

/** `staff.csv:3 - message`, the form of Claris Connect's ASM validation (docs/external-formats.md §1.5). */
export function formatProblem(problem: RosterProblem): string {
  const where = problem.line === null ? problem.file : `${problem.file}:${problem.line}`;
  return `${where} - ${problem.message}`;
}

export type CsvRow = { line: number; fields: readonly string[] };
export type CsvTable = { file: string; header: readonly string[]; rows: readonly CsvRow[] };

/**
 * A row's value in a column, found by name so that a reordered header is reported once rather than
 * as a wrong value on every row; undefined when the header lacks the column (its check says so).
 */
export function valueOf(table: CsvTable, row: CsvRow, column: string): string | undefined {
  const index = table.header.indexOf(column);
  return index < 0 ? undefined : (row.fields[index] ?? '');
}

/**
 * Splits `text` into its header and rows. Pushes to `problems`: a quoted field holding a line break
 * (OneRoster forbids CR in fields, and ASM reads line breaks with its own backslash escaping), an
 * unterminated quote, a stray quote, a lone CR, a blank line, and a row whose field count differs
 * from the header's. A leading byte-order mark is skipped: OneRoster tolerates it, and the ASM
 * check reports it itself. Returns undefined for a file without even a header line.
 */
export function readRosterCsv(file: string, text: string, problems: RosterProblem[]): CsvTable | undefined {
  const report = (line: number, message: string): void => {
    problems.push({ file, line, column: null, message });
  };
  const records: CsvRow[] = [];
  let fields: string[] = [];
  let field = '';
  let state: 'fieldStart' | 'unquoted' | 'afterQuote' = 'fieldStart';
  let line = 1;
  let recordLine = 1;
  let index = text.startsWith('\uFEFF') ? 1 : 0;

  const endRecord = (): void => {
    if (fields.length === 0 && state === 'fieldStart') report(recordLine, 'blank line');
    else records.push({ line: recordLine, fields: [...fields, field] });
    fields = [];
    field = '';
    state = 'fieldStart';
  };

  while (index < text.length) {
    const char = text.charAt(index);
    if (state === 'fieldStart' && char === '"') {
      const openedOn = line;
      let closed = false;
      let breaksLine = false;
      index += 1;
      while (index < text.length && !closed) {
        const inner = text.charAt(index);
        if (inner === '"' && text.charAt(index + 1) === '"') {
          field += '"';
          index += 2;
          continue;
        }
        closed = inner === '"';
        if (!closed) field += inner;
        if (inner === '\n') line += 1;
        if (inner === '\n' || inner === '\r') breaksLine = true;
        index += 1;
      }
      if (!closed) report(openedOn, 'a quoted field is never closed (unterminated quote)');
      else if (breaksLine) report(openedOn, 'a quoted field holds a line break (CR or LF)');
      state = 'afterQuote';
      continue;
    }
    if (char === ',') {
      fields.push(field);
      field = '';
      state = 'fieldStart';
      index += 1;
      continue;
    }
    const lineEndLength = char === '\n' ? 1 : char === '\r' && text.charAt(index + 1) === '\n' ? 2 : 0;
    if (lineEndLength > 0) {
      endRecord();
      index += lineEndLength;
      line += 1;
      recordLine = line;
      continue;
    }
    if (state === 'afterQuote') report(line, 'characters follow the closing quote of a field');
    else if (char === '"') report(line, 'a double quote inside an unquoted field');
    else if (char === '\r') report(line, 'a carriage return (CR) inside a field');
    field += char;
    state = 'unquoted';
    index += 1;
  }
  if (state !== 'fieldStart' || fields.length > 0) endRecord();

  const [head, ...rows] = records;
  if (head === undefined) {
    problems.push({ file, line: null, column: null, message: 'is empty; it needs at least its header line' });
    return undefined;
  }
  for (const row of rows) {
    if (row.fields.length !== head.fields.length) {
      report(row.line, `row has ${row.fields.length} fields; the header has ${head.fields.length}`);
    }
  }
  return { file, header: head.fields, rows };
}

export type Report = (file: string, line: number | null, column: string | null, message: string) => void;
export type Archive = Readonly<Record<string, string>>;

export function collectProblems(): { problems: RosterProblem[]; report: Report } {
  const problems: RosterProblem[] = [];
  return { problems, report: (file, line, column, message) => void problems.push({ file, line, column, message }) };
}

/** The archive's text of a file; own keys only, so that a name such as `constructor` is never found. */
export function textOf(files: Archive, file: string): string | undefined {
  return Object.hasOwn(files, file) ? files[file] : undefined;
}

export function isOneOf(values: readonly string[], value: string): boolean {
  return values.includes(value);
}

/** Calls `check` with each filled value of those columns the header has. */
export function eachValue(
  table: CsvTable,
  columns: readonly string[],
  check: (value: string, row: CsvRow, column: string) => void,
): void {
  for (const column of columns) {
    for (const row of table.rows) {
      const value = valueOf(table, row, column);
      if (value) check(value, row, column);
    }
  }
}

export function checkRequired(table: CsvTable, columns: readonly string[], report: Report): void {
  for (const column of columns) {
    for (const row of table.rows) {
      if (valueOf(table, row, column)?.trim() === '') report(table.file, row.line, column, `${column} is empty; it is required`);
    }
  }
}

/** The header as text, and the first column where it departs from the expected one. */
export function compareHeader(actual: readonly string[], expected: readonly string[]): { text: string; column: string | null } {
  const at = expected.findIndex((name, index) => actual[index] !== name);
  return { text: actual.join(','), column: at < 0 ? null : (expected[at] ?? null) };
}
