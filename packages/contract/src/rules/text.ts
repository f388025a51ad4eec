/**
 * The rule every text a client sends must meet: no NUL character (PostgreSQL cannot store one)
 * and no lone UTF-16 surrogate (not valid Unicode, so not storable as UTF-8). The server applies
 * it to every string of every request (params, query, body, object keys) before the schemas, so
 * that no route can forget it: such an input answers 400 `unsafe_text`, never a 500.
 */

/** The field error of a text that breaks the rule. */
export const UNSAFE_TEXT = 'unsafe_text';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether a text holds neither a NUL character nor a lone surrogate. */
export function isSafeText(text: string): boolean {
  return !text.includes('\u0000') && !LONE_SURROGATE.test(text);
}

/**
 * The paths ('a.b.0.c'; '' for the value itself) of the strings in a parsed input (JSON-like:
 * objects, arrays, strings) that break the rule, object keys included. Stops after `limit` finds.
 */
export function findUnsafeText(value: unknown, limit = 20): string[] {
  const found: string[] = [];
  const visit = (node: unknown, path: string) => {
    if (found.length >= limit) return;
    if (typeof node === 'string') {
      if (!isSafeText(node)) found.push(path);
      return;
    }
    if (node === null || typeof node !== 'object') return;
    for (const [key, child] of Object.entries(node)) {
      const childPath = path === '' ? key : `${path}.${key}`;
      if (!isSafeText(key)) found.push(childPath);
      visit(child, childPath);
    }
  };
  visit(value, '');
  return found;
}

/** The first characters a spreadsheet reads as a formula (OWASP's list: =, +, -, @, tab, carriage return). */
export const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A free text as a spreadsheet shows it without running it: a text that would start a formula is
 * preceded by an apostrophe (OWASP "CSV Injection"). Only for the exports people open in a
 * spreadsheet; a file a machine reads keeps its values exact, so that the values the product
 * generates (logins, passwords) never start that way.
 */
export function neutraliseFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}
