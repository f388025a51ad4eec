/**
 * The small part of Opendatasoft's ODSQL `where` language the console sends, enough for a fake
 * directory to answer as the real one would: `suggest(field, "text")`, `startswith(field, "text")`,
 * `field="text"`, `AND`, `OR`, `NOT` and parentheses; string literals in double quotes with
 * backslash escapes. Anything else throws OdsqlError (the real API answers 400 then).
 */
export class OdsqlError extends Error {}

export type RecordPredicate = (record: Record<string, unknown>) => boolean;

type Token = { kind: 'word' | 'string' | 'symbol'; value: string };

function tokenize(input: string): Token[] {
  const tokens: Token[] = [];
  let index = 0;
  while (index < input.length) {
    const character = input[index]!;
    if (/\s/.test(character)) {
      index++;
    } else if ('(),='.includes(character)) {
      tokens.push({ kind: 'symbol', value: character });
      index++;
    } else if (character === '"') {
      let value = '';
      index++;
      while (index < input.length && input[index] !== '"') {
        if (input[index] === '\\') index++;
        if (index >= input.length) break;
        value += input[index];
        index++;
      }
      if (input[index] !== '"') throw new OdsqlError('Unterminated string literal');
      index++;
      tokens.push({ kind: 'string', value });
    } else {
      const match = /^[A-Za-z_][A-Za-z0-9_]*/.exec(input.slice(index));
      if (!match) throw new OdsqlError(`Unexpected character ${character} at ${index}`);
      tokens.push({ kind: 'word', value: match[0] });
      index += match[0].length;
    }
  }
  return tokens;
}

/** Lower case without accents, as the directory's text search compares. */
export function normalizeText(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/** Parses a `where` clause into a predicate; `fields` are the dataset's field names. */
export function parseWhere(input: string, fields: ReadonlySet<string>): RecordPredicate {
  const tokens = tokenize(input);
  let position = 0;
  const peek = () => tokens[position];
  const isKeyword = (word: string) => peek()?.kind === 'word' && peek()!.value.toUpperCase() === word;
  function expect(kind: Token['kind'], value?: string): Token {
    const token = tokens[position++];
    if (!token || token.kind !== kind || (value !== undefined && token.value !== value)) {
      throw new OdsqlError(`Expected ${value ?? kind} at token ${position}`);
    }
    return token;
  }
  function field(): string {
    const name = expect('word').value;
    if (!fields.has(name)) throw new OdsqlError(`Unknown field: ${name}`);
    return name;
  }
  const textOf = (record: Record<string, unknown>, name: string) =>
    record[name] === null || record[name] === undefined ? '' : String(record[name]);

  function primary(): RecordPredicate {
    if (peek()?.kind === 'symbol' && peek()!.value === '(') {
      position++;
      const inner = orExpression();
      expect('symbol', ')');
      return inner;
    }
    const name = expect('word').value;
    if (peek()?.kind === 'symbol' && peek()!.value === '(') {
      position++;
      const target = field();
      expect('symbol', ',');
      const needle = normalizeText(expect('string').value);
      expect('symbol', ')');
      switch (name.toLowerCase()) {
        case 'suggest':
          return (record) =>
            normalizeText(textOf(record, target))
              .split(/\s+/)
              .some((word) => word.startsWith(needle));
        case 'startswith':
          return (record) => normalizeText(textOf(record, target)).startsWith(needle);
        default:
          throw new OdsqlError(`Unknown function: ${name}`);
      }
    }
    if (!fields.has(name)) throw new OdsqlError(`Unknown field: ${name}`);
    expect('symbol', '=');
    const value = expect('string').value;
    return (record) => textOf(record, name) === value;
  }
  function notExpression(): RecordPredicate {
    if (isKeyword('NOT')) {
      position++;
      const inner = notExpression();
      return (record) => !inner(record);
    }
    return primary();
  }
  function andExpression(): RecordPredicate {
    const parts = [notExpression()];
    while (isKeyword('AND')) {
      position++;
      parts.push(notExpression());
    }
    return (record) => parts.every((part) => part(record));
  }
  function orExpression(): RecordPredicate {
    const parts = [andExpression()];
    while (isKeyword('OR')) {
      position++;
      parts.push(andExpression());
    }
    return (record) => parts.some((part) => part(record));
  }

  const predicate = orExpression();
  if (position !== tokens.length) throw new OdsqlError(`Unexpected ${tokens[position]!.value} at token ${position + 1}`);
  return predicate;
}
