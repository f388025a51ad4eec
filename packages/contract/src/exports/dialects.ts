/**
 * The CSV dialects of the exports (spec 3 §9): each platform's file is read by that publisher's
 * import, so its separator, quoting, byte-order mark and line end are the publisher's, byte for
 * byte. The exports people open in a spreadsheet (Tous, Brut, Full, Teaching, URL) have their own.
 */

/** How one CSV export is written. */
export type CsvDialect = {
  separator: ';' | ':' | ',';
  /** Every field between double quotes; otherwise only a field that needs them (RFC 4180). */
  quoteAll: boolean;
  /** A UTF-8 byte-order mark first, so that a spreadsheet reads the accents. */
  bom: boolean;
};

/** Every CSV export ends its lines (the last one too) with CRLF (spec 3 §9). */
export const CSV_LINE_END = '\r\n';

const semicolon = (quoteAll = false, bom = true): CsvDialect => ({ separator: ';', quoteAll, bom });
const comma = (): CsvDialect => ({ separator: ',', quoteAll: false, bom: true });

/** The dialect of each export by its name: a platform's id, or FULL, BRUT, URL (spec 3 §9). */
export const CSV_DIALECTS = {
  CNS: semicolon(false, false),
  KNE: semicolon(true),
  LLS2020: semicolon(true),
  PV: semicolon(true),
  HMH: semicolon(),
  FULL: semicolon(),
  BRUT: semicolon(),
  URL: semicolon(),
  KWYK: semicolon(),
  EDULIB: semicolon(),
  PNE: { separator: ':', quoteAll: true, bom: true },
  KERB: comma(),
  CAMBRIDGE: comma(),
  DYLE: comma(),
  TRHMH: comma(),
} as const satisfies Record<string, CsvDialect>;

export type CsvDialectName = keyof typeof CSV_DIALECTS;

/** The dialect of a platform's export, or undefined for a platform the product has none for. */
export function platformDialectOf(platformId: string): CsvDialect | undefined {
  return Object.hasOwn(CSV_DIALECTS, platformId) ? CSV_DIALECTS[platformId as CsvDialectName] : undefined;
}

const UTF8_BOM = '\uFEFF';

/** One field as the dialect writes it: quoted when the dialect quotes all, or when it must be. */
function fieldOf(value: string, dialect: CsvDialect): string {
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

export { neutraliseFormula } from '../rules/text.js';
