import { describe, expect, it } from 'vitest';
import { encodeCopyRow, encodeCopyValue, type CopyValue } from './copy-text.js';

describe('encodeCopyValue', () => {
  it.each<[CopyValue, string]>([
    [null, '\\N'],
    ['plain', 'plain'],
    ['Lycée Émile Zola', 'Lycée Émile Zola'],
    ['tab\there', 'tab\\there'],
    ['line\nbreak\r', 'line\\nbreak\\r'],
    ['back\\slash', 'back\\\\slash'],
    ['\\N', '\\\\N'],
    [42, '42'],
    [true, 't'],
    [false, 'f'],
    [new Date('2026-01-02T03:04:05.678Z'), '2026-01-02T03:04:05.678Z'],
    [{ ecoleDirecteApiKey: 'a\tb' }, '{"ecoleDirecteApiKey":"a\\\\tb"}'],
    [[], '[]'],
  ])('%j → %s', (value, expected) => {
    expect(encodeCopyValue(value)).toBe(expected);
  });
});

describe('encodeCopyRow', () => {
  it('separates by tabs and ends with a newline', () => {
    expect(encodeCopyRow([1, 'a', null, false])).toBe('1\ta\t\\N\tf\n');
  });
});
