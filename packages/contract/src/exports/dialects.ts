/**
 * The CSV dialects of the exports (spec 3 §9): each platform's file is read by that publisher's
 * import, so its separator, quoting, byte-order mark and line end are the publisher's, byte for
 * byte, and its values exact. The files people open in a spreadsheet (Tous, Brut, Full, Teaching,
 * URL, the import's reports) have their own, whose writer guards every cell against formulas.
 */
import { neutraliseFormula } from '../rules/text.js';

/** How one CSV export is written. */
export type CsvDialect = {
  separator: ';' | ':' | ',';
  /** Every field between double quotes; otherwise only a field that needs them (RFC 4180). */
  quoteAll: boolean;
  /** A UTF-8 byte-order mark first, so that a spreadsheet reads the accents. */
  bom: boolean;
  /**
   * For a file a person opens in a spreadsheet: every cell that would start a formula (`=`, `+`,
   * `-`, `@`, tab, CR) is written after an apostrophe, credentials too (the apostrophe is not
   * part of the value; the import removes it). A file a machine reads keeps its values exact.
   */
  guardFormulas: boolean;
};

/** Every CSV export ends its lines (the last one too) with CRLF (spec 3 §9). */
export const CSV_LINE_END = '\r\n';

const semicolon = (quoteAll = false, bom = true): CsvDialect => ({ separator: ';', quoteAll, bom, guardFormulas: false });
const comma = (): CsvDialect => ({ separator: ',', quoteAll: false, bom: true, guardFormulas: false });
/** The files people open: Excel's French CSV (';', a byte-order mark), every cell guarded. */
const spreadsheet = (): CsvDialect => ({ separator: ';', quoteAll: false, bom: true, guardFormulas: true });

/**
 * The dialect of each export by its name: a platform's id, or FULL, BRUT, URL (spec 3 §9), REPORT
 * (the import's reports), ECOLE_DIRECTE (a school's EcoleDirecte roster, spec 2 §2.11).
 */
export const CSV_DIALECTS = {
  CNS: semicolon(false, false),
  KNE: semicolon(true),
  LLS2020: semicolon(true),
  PV: semicolon(true),
  HMH: semicolon(),
  FULL: spreadsheet(),
  BRUT: spreadsheet(),
  URL: spreadsheet(),
  REPORT: spreadsheet(),
  ECOLE_DIRECTE: spreadsheet(),
  KWYK: semicolon(),
  EDULIB: semicolon(),
  PNE: { separator: ':', quoteAll: true, bom: true, guardFormulas: false },
  KERB: comma(),
  CAMBRIDGE: comma(),
  DYLE: comma(),
  TRHMH: comma(),
} as const satisfies Record<string, CsvDialect>;

export type CsvDialectName = keyof typeof CSV_DIALECTS;

/** The dialect of a platform's export, or undefined for a platform the product has none for. */
export function platformDialectOf(platformId: string): CsvDialect | undefined {
  if (!Object.hasOwn(CSV_DIALECTS, platformId)) return undefined;
  const dialect: CsvDialect = CSV_DIALECTS[platformId as CsvDialectName];
  // The spreadsheet dialects are not publishers' formats.
  return dialect.guardFormulas ? undefined : dialect;
}

const UTF8_BOM = '\uFEFF';

/** One field as the dialect writes it: guarded, then quoted when the dialect quotes all, or when it must be. */
function fieldOf(raw: string, dialect: CsvDialect): string {
  const value = dialect.guardFormulas ? neutraliseFormula(raw) : raw;
  const mustQuote = value.includes(dialect.separator) || value.includes('"') || value.includes('\n') || value.includes('\r');
  return dialect.quoteAll || mustQuote ? `"${value.replaceAll('"', '""')}"` : value;
}

/** One line of fields, with its line end. */
export function csvLine(fields: readonly string[], dialect: CsvDialect): string {
  return fields.map((field) => fieldOf(field, dialect)).join(dialect.separator) + CSV_LINE_END;
}

/** What a file starts with in this dialect (the byte-order mark, or nothing). */
export function csvStart(dialect: CsvDialect): string {
  return dialect.bom ? UTF8_BOM : '';
}

/** A whole file: its start, then a line per row (the header first). */
export function csvText(rows: readonly (readonly string[])[], dialect: CsvDialect): string {
  return csvStart(dialect) + rows.map((row) => csvLine(row, dialect)).join('');
}

export { FORMULA_START, neutraliseFormula, removeFormulaGuard } from '../rules/text.js';
