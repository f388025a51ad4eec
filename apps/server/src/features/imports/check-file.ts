import { imports } from '@console/contract';
import { readCsv, type CsvReadFailure } from './csv/read-csv.js';

/** The reader's failures as the import check reports them. */
const FAILURE_MESSAGES: Record<CsvReadFailure['reason'], string> = {
  empty: imports.IMPORT_ERRORS.emptyFile,
  not_text: imports.IMPORT_ERRORS.notText,
  spreadsheet: imports.IMPORT_ERRORS.spreadsheet,
  no_header: imports.IMPORT_ERRORS.noHeader,
  too_many_lines: imports.IMPORT_ERRORS.tooManyLines,
  duplicate_header: imports.IMPORT_ERRORS.duplicateHeader,
};

export type ImportFileCheck = imports.ImportCheck & {
  /** How the file was read, for the report; null when it could not be. */
  format: { encoding: string; separator: string } | null;
};

/**
 * Checks an uploaded import file without the database: reads it (encoding, separator, records),
 * maps its columns for `mode` and reads every line against the catalogue's applications, for the
 * school `context.uai`. A file that cannot be read is one problem saying why; else every problem
 * of every line, by line.
 */
export function checkImportFile(
  bytes: Uint8Array,
  mode: imports.ImportMode,
  applications: readonly imports.ImportCatalogueApplication[],
  context: imports.ImportContext,
  limits: { maxLines: number },
): ImportFileCheck {
  const read = readCsv(bytes, limits);
  if (!read.ok) {
    const { reason, line, params } = read.failure;
    return {
      lines: [],
      problems: [{ msg: FAILURE_MESSAGES[reason], line: line ?? 1, field: null, ...(params ? { params } : {}) }],
      ignoredColumns: [],
      format: null,
    };
  }
  const { table } = read;
  return {
    ...imports.checkImportTable(mode, table, applications, context),
    format: { encoding: table.encoding, separator: table.separator },
  };
}
