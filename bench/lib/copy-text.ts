/** A value as PostgreSQL's COPY text format takes it; null is `\N`, objects are JSON (jsonb columns). */
export type CopyValue = string | number | boolean | Date | null | Record<string, unknown> | unknown[];

const SPECIAL_CHARACTERS = /[\\\t\n\r]/;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

function escapeText(text: string): string {
  return SPECIAL_CHARACTERS.test(text) ? text.replace(/[\\\t\n\r]/g, (character) => ESCAPES[character] as string) : text;
}

export function encodeCopyValue(value: CopyValue): string {
  if (value === null) return '\\N';
  if (typeof value === 'string') return escapeText(value);
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (value instanceof Date) return value.toISOString();
  return escapeText(JSON.stringify(value));
}

/** One line of COPY text: tab-separated values and a newline, in the column order of the COPY. */
export function encodeCopyRow(values: readonly CopyValue[]): string {
  let line = '';
  for (let index = 0; index < values.length; index++) {
    if (index > 0) line += '\t';
    line += encodeCopyValue(values[index] as CopyValue);
  }
  return line + '\n';
}
