/**
 * The rule every text a client sends must meet: no NUL character (PostgreSQL cannot store one)
 * and no lone UTF-16 surrogate (not valid Unicode, so not storable as UTF-8). The server applies
 * it to every string of every request (params, query, body, object keys) before the schemas, so
 * that no route can forget it: such an input answers 400 `unsafe_text`, never a 500.
 */

/** A typed text as stored: trimmed, and null when nothing is left (a blank field clears its value). */
export function blankToNull(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/** The field error of a text that breaks the rule. */
export const UNSAFE_TEXT = 'unsafe_text';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** `String.prototype.isWellFormed` (ES2024: Node 20, current browsers), where the runtime has it. */
type MaybeWellFormed = string & { isWellFormed?: () => boolean };

/**
 * Whether a text holds neither a NUL character nor a lone surrogate. The runtime's own check
 * where it has one: an import checks every cell of 50,000 lines, where the expression took 90 ms.
 */
export function isSafeText(text: string): boolean {
  if (text.includes('\u0000')) return false;
  const checked = text as MaybeWellFormed;
  return checked.isWellFormed ? checked.isWellFormed() : !LONE_SURROGATE.test(text);
}

/** A node of a parsed input met by a walk, and how it was reached (its path built only when asked). */
type Visit = { node: unknown; key: string; parent: Visit | null };

const pathOf = (visit: Visit): string => {
  const keys: string[] = [];
  for (let at: Visit | null = visit; at !== null && at.parent !== null; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.');
};

/**
 * The paths ('a.b.0.c'; '' for the value itself) of the strings in a parsed input (JSON-like:
 * objects, arrays, strings) that break the rule, object keys included, in document order. Stops
 * after `limit` finds. Walks with a stack of its own, so that no depth of nesting overflows.
 */
export function findUnsafeText(value: unknown, limit = 20): string[] {
  const found: string[] = [];
  const stack: Visit[] = [{ node: value, key: '', parent: null }];
  while (stack.length > 0 && found.length < limit) {
    const visit = stack.pop()!;
    const { node } = visit;
    if (visit.parent !== null && !isSafeText(visit.key)) found.push(pathOf(visit));
    if (found.length >= limit) break;
    if (typeof node === 'string') {
      if (!isSafeText(node)) found.push(pathOf(visit));
      continue;
    }
    if (node === null || typeof node !== 'object') continue;
    const children: Visit[] = [];
    for (const [key, child] of Object.entries(node)) children.push({ node: child, key, parent: visit });
    for (let index = children.length - 1; index >= 0; index--) stack.push(children[index]!);
  }
  return found;
}

/** The deepest nesting of objects and arrays a request may hold: no call of the contract nests half as deep. */
export const MAX_INPUT_DEPTH = 32;

/** The field error of an input nested deeper than `MAX_INPUT_DEPTH`. */
export const TOO_DEEP = 'too_deep';

/** Whether a parsed input nests objects and arrays more than `depth` levels deep; stops as soon as it does. */
export function isNestedDeeperThan(value: unknown, depth: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [node, level] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (level + 1 > depth) return true;
    for (const child of Object.values(node)) if (child !== null && typeof child === 'object') stack.push([child, level + 1]);
  }
  return false;
}

/** The first characters a spreadsheet reads as a formula (OWASP's list: =, +, -, @, tab, carriage return). */
export const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text as a spreadsheet shows it without running it: a text that would start a formula is
 * preceded by an apostrophe (OWASP "CSV Injection"). Only for the files people open in a
 * spreadsheet (the writer of their dialects applies it to every cell, exports/dialects.ts); a file
 * a machine reads keeps its values exact. The values the product generates (logins, passwords)
 * never start that way.
 */
export function neutraliseFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** An apostrophe the guard put before a formula's first character. */
const GUARDED_FORMULA = /^'[=+\-@\t\r]/;

/**
 * A cell of a file the product exported, as it was before the guard (neutraliseFormula): the
 * import reads it so, and an export sent back unchanged changes nothing (`'=1+2` stays `=1+2`,
 * never `''=1+2`).
 */
export function removeFormulaGuard(value: string): string {
  return GUARDED_FORMULA.test(value) ? value.slice(1) : value;
}
