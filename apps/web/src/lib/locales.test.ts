import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { imports, settings, sheets } from '@console/contract';
import { describe, expect, it } from 'vitest';
import en from '../../public/locales/en.json';
import fr from '../../public/locales/fr.json';

function keysOf(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? keysOf(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

function sourceFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const file = path.join(directory, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

describe('translations', () => {
  it('hold the same keys in French and English', () => {
    expect(keysOf(en).sort()).toEqual(keysOf(fr).sort());
  });

  it('have no empty text', () => {
    const texts = (tree: object): unknown[] =>
      Object.values(tree).flatMap((value) => (typeof value === 'object' ? texts(value) : [value]));
    expect([...texts(fr), ...texts(en)].filter((text) => typeof text !== 'string' || text.trim() === '')).toEqual([]);
  });

  it('hold every literal key the code translates', () => {
    // A key with plural forms (`…_one`, `…_other`) is translated by its name without them.
    const known = new Set(keysOf(fr).flatMap((key) => [key, key.replace(/_(zero|one|two|few|many|other)$/, '')]));
    const sourceDirectory = path.resolve(import.meta.dirname, '..');
    const used = sourceFiles(sourceDirectory).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/\bt\(\s*'([^'$]+)'/g)].map((match) => match[1]!),
    );
    expect(used.length).toBeGreaterThan(20);
    expect(used.filter((key) => !known.has(key))).toEqual([]);
  });

  it("hold the contract's import problems, purge task and sheet messages", () => {
    const known = new Set(keysOf(fr));
    const keys = [
      ...Object.values(imports.IMPORT_ERRORS),
      settings.PURGE_LABEL_REQUIRED,
      settings.PURGE_START_REQUIRED,
      settings.PURGE_UAIS_REQUIRED,
      settings.UNKNOWN_PURGE_SCHOOL,
      sheets.SHEETS_TOO_MANY,
      sheets.SHEETS_UNITARY_TOO_MANY,
    ];
    expect(keys.filter((key) => !known.has(key))).toEqual([]);
  });
});
