import { userExports } from '@console/contract';
import Papa from 'papaparse';
import { decodeCsvBytes, type CsvEncoding } from './decode.js';

export type { CsvEncoding } from './decode.js';
export type CsvSeparator = ';' | ',' | '\t';
/** `line`: the 1-based physical line of the file where the record starts (the header is line 1). */
export type CsvRow = { line: number; cells: string[] };
export type CsvRowProblem = { line: number; reason: 'too_many_cells' | 'unclosed_quote' };
export type CsvTable = {
  encoding: CsvEncoding;
  hadBom: boolean;
  separator: CsvSeparator;
  headers: string[];
  rows: CsvRow[];
  rowProblems: CsvRowProblem[];
};
export type CsvReadFailure = {
  reason: 'empty' | 'not_text' | 'spreadsheet' | 'no_header' | 'too_many_lines' | 'duplicate_header';
  line?: number;
  params?: Record<string, string | number>;
};
export type CsvReadResult = { ok: true; table: CsvTable } | { ok: false; failure: CsvReadFailure };

/** The separators looked for in the header line, in order of preference when they occur equally often. */
const SEPARATORS: readonly CsvSeparator[] = [';', ',', '\t'];
const QUOTE = 0x22;
const LINE_FEED = 0x0a;

/**
 * Reads an uploaded CSV file into trimmed header names and rows of trimmed cells, without knowing what
 * the columns mean (the column mapping and line validators in the contract do).
 *
 * - Decoding and the 'empty', 'not_text' and 'spreadsheet' failures: see `decodeCsvBytes`.
 * - Line breaks: CRLF, LF and lone CR are all accepted, also mixed, and each counts as one physical line;
 *   line breaks inside quoted cells come back as LF.
 * - Separator: the one of ';', ',' and tab occurring most often outside quotes in the header line, ';'
 *   winning ties; a header line with none of them is a one-column file (separator ';').
 * - Quoting: RFC 4180 ('"' quotes a cell, which may then hold separators and line breaks; '""' is a quote).
 * - Header: the first record, cells trimmed, trailing empty cells dropped (Excel writes the sheet's used
 *   range); an empty cell between names stays ''. No name at all: 'no_header'. Two names equal once
 *   lower-cased: 'duplicate_header' with `params.header`.
 * - Rows: records whose cells are all blank are skipped (their lines still count). Cells are trimmed and
 *   padded with '' up to the header's width; extra cells are dropped when empty, else the record is a
 *   'too_many_cells' problem. A quote left open at the end of the file makes its record an
 *   'unclosed_quote' problem at the line where the record starts. A record listed in `rowProblems` is not
 *   in `rows`.
 * - Limit: more than `maxLines` non-blank records after the header fails with 'too_many_lines' (with
 *   `params.max`, at the first line over), as soon as that record is read.
 */
export function readCsv(bytes: Uint8Array, limits: { maxLines: number }): CsvReadResult {
  const decoded = decodeCsvBytes(bytes);
  if (!decoded.ok) return { ok: false, failure: { reason: decoded.reason } };
  const text = decoded.text.includes('\r') ? decoded.text.replace(/\r\n?/g, '\n') : decoded.text;
  const separator = detectSeparator(text);

  let headers: string[] | undefined;
  let failure: CsvReadFailure | undefined;
  const rows: CsvRow[] = [];
  const rowProblems: CsvRowProblem[] = [];
  let dataRecords = 0;
  let nextLine = 1;
  let nextOffset = 0;

  Papa.parse<string[]>(text, {
    delimiter: separator,
    newline: '\n',
    quoteChar: '"',
    escapeChar: '"',
    step: (result, parser) => {
      const line = nextLine;
      nextLine += countLineFeeds(text, nextOffset, result.meta.cursor);
      nextOffset = result.meta.cursor;
      const cells = result.data;
      const isUnclosed = result.errors.some((error) => error.code === 'MissingQuotes');
      const hasContent = trimCells(cells);

      if (headers === undefined) {
        const header = readHeader(cells, line);
        if ('failure' in header) {
          failure = header.failure;
          parser.abort();
          return;
        }
        headers = header.headers;
        if (isUnclosed) rowProblems.push({ line, reason: 'unclosed_quote' });
        return;
      }
      if (!hasContent && !isUnclosed) return;
      dataRecords++;
      if (dataRecords > limits.maxLines) {
        failure = { reason: 'too_many_lines', line, params: { max: limits.maxLines } };
        parser.abort();
        return;
      }
      if (isUnclosed) rowProblems.push({ line, reason: 'unclosed_quote' });
      else if (!fitCells(cells, headers.length)) rowProblems.push({ line, reason: 'too_many_cells' });
      else rows.push({ line, cells });
    },
  });

  if (failure) return { ok: false, failure };
  if (headers === undefined) return { ok: false, failure: { reason: 'no_header', line: 1 } };
  return { ok: true, table: { encoding: decoded.encoding, hadBom: decoded.hadBom, separator, headers, rows, rowProblems } };
}

/** Counts the separators outside quotes up to the end of the header record (text with LF line breaks). */
function detectSeparator(text: string): CsvSeparator {
  const codes = SEPARATORS.map((separator) => separator.charCodeAt(0));
  const counts = SEPARATORS.map(() => 0);
  let isQuoted = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === QUOTE) isQuoted = !isQuoted;
    else if (isQuoted) continue;
    else if (code === LINE_FEED) break;
    else {
      const found = codes.indexOf(code);
      if (found !== -1) counts[found]! += 1;
    }
  }
  let best = 0;
  for (let candidate = 1; candidate < SEPARATORS.length; candidate++) {
    if (counts[candidate]! > counts[best]!) best = candidate;
  }
  return SEPARATORS[best]!;
}

function readHeader(cells: string[], line: number): { headers: string[] } | { failure: CsvReadFailure } {
  let width = cells.length;
  while (width > 0 && cells[width - 1] === '') width--;
  if (width === 0) return { failure: { reason: 'no_header', line } };
  const headers = cells.slice(0, width);
  const seen = new Set<string>();
  for (const header of headers) {
    if (header === '') continue;
    const key = header.toLowerCase();
    if (seen.has(key)) return { failure: { reason: 'duplicate_header', line, params: { header } } };
    seen.add(key);
  }
  return { headers };
}

/**
 * Trims the cells in place, and takes off the apostrophe the exports put before a formula (a file
 * the product exported comes back with its values: `'=1+2` is read `=1+2`); true when one of them
 * is not empty.
 */
function trimCells(cells: string[]): boolean {
  let hasContent = false;
  for (let index = 0; index < cells.length; index++) {
    const cell = userExports.removeFormulaGuard(cells[index]!.trim());
    cells[index] = cell;
    if (cell !== '') hasContent = true;
  }
  return hasContent;
}

/** Pads or cuts the trimmed cells in place to `width`; false when a cut cell is not empty. */
function fitCells(cells: string[], width: number): boolean {
  for (let index = width; index < cells.length; index++) {
    if (cells[index] !== '') return false;
  }
  if (cells.length > width) cells.length = width;
  while (cells.length < width) cells.push('');
  return true;
}

function countLineFeeds(text: string, from: number, to: number): number {
  let count = 0;
  let index = text.indexOf('\n', from);
  while (index !== -1 && index < to) {
    count++;
    index = text.indexOf('\n', index + 1);
  }
  return count;
}
