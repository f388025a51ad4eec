import { PassThrough } from 'node:stream';
import { userExports } from '@console/contract';

/** About how many characters a streamed chunk of CSV holds. */
const CHUNK_CHARS = 64 * 1024;

/**
 * A table as CSV chunks in a dialect, produced as they are sent: the rows are drawn one by one,
 * so that a large export holds a chunk at a time, not the whole file.
 */
export async function* csvChunks(rows: Iterable<readonly string[]>, dialect: userExports.CsvDialect): AsyncGenerator<string> {
  let chunk = userExports.csvStart(dialect);
  for (const row of rows) {
    chunk += userExports.csvLine(row, dialect);
    if (chunk.length >= CHUNK_CHARS) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}

/**
 * A table as an XLSX workbook of one sheet, written by exceljs's streaming writer as the rows are
 * drawn. Every cell is a text (never a formula: exceljs writes a string as a string). exceljs is
 * loaded at the first XLSX export, not with the app: it takes about a third of a second to load,
 * which every start and every test file that builds the app would pay (docs/testing.md).
 */
export function xlsxStream(rows: Iterable<readonly string[]>, sheetName: string): PassThrough {
  const stream = new PassThrough();
  void (async () => {
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: false, useSharedStrings: false });
    const sheet = workbook.addWorksheet(sheetName.slice(0, 31));
    for (const row of rows) sheet.addRow([...row]).commit();
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => stream.destroy(error instanceof Error ? error : new Error(String(error))));
  return stream;
}
