import { describe, expect, it } from 'vitest';
import type { SchoolUser } from '../schools/schemas.js';
import {
  applicationColumnKey,
  codeColumnKey,
  FIELD_COLUMNS,
  optionColumnKey,
  parseColumnKey,
  readCellValue,
  toColumnDefinition,
  toGridColumn,
  type ColumnDefinition,
  type ParsedColumnKey,
} from './grid.js';

describe('parseColumnKey', () => {
  it.each<[string, ParsedColumnKey | null]>([
    ['login', { kind: 'field', field: 'login' }],
    ['disabledAt', { kind: 'field', field: 'disabledAt' }],
    ['platforms', { kind: 'field', field: 'platforms' }],
    ['option1', { kind: 'option', position: 1 }],
    ['option12', { kind: 'option', position: 12 }],
    ['application:7', { kind: 'application', applicationId: 7 }],
    ['code:123', { kind: 'code', applicationId: 123 }],
    ['option0', null],
    ['option100', null],
    ['option', null],
    ['application:', null],
    ['application:x', null],
    ['code:1234567890', null],
    ['Login', null],
    ['passwordHash', null],
    ['', null],
  ])('%j → %j', (key, expected) => {
    expect(parseColumnKey(key)).toEqual(expected);
  });

  it('reads back every key the builders make', () => {
    expect(parseColumnKey(optionColumnKey(3))).toEqual({ kind: 'option', position: 3 });
    expect(parseColumnKey(applicationColumnKey(42))).toEqual({ kind: 'application', applicationId: 42 });
    expect(parseColumnKey(codeColumnKey(42))).toEqual({ kind: 'code', applicationId: 42 });
    for (const field of FIELD_COLUMNS) expect(parseColumnKey(field)).toEqual({ kind: 'field', field });
  });
});

describe('readCellValue', () => {
  const row: SchoolUser = {
    id: 5,
    importNumber: 3,
    adminMode: 1,
    uai: '0690001A',
    lastname: 'Dupont',
    firstname: 'Léa',
    login: 'lea.dupont',
    level: '6e',
    className: '6A',
    disabled: true,
    disabledAt: '2026-01-02T03:04:05.000Z',
    profile: 'Eleve',
    locked: false,
    lastLoginAt: null,
    tabletNumber: 'T-12',
    comment: null,
    subject: null,
    email: 'lea@example.fr',
    options: ['Latin', 'Grec'],
    applications: { '7': { status: 1, code: 'EDU-1' }, '8': { status: 0, code: null } },
    platforms: ['PNE', 'KNE'],
  };

  it.each<[string, string | number | null]>([
    ['id', 5],
    ['importNumber', 3],
    ['adminMode', 1],
    ['login', 'lea.dupont'],
    ['level', '6e'],
    ['disabledAt', '2026-01-02T03:04:05.000Z'],
    ['lastLoginAt', null],
    ['comment', null],
    ['disabled', 1],
    ['locked', 0],
    ['platforms', 'PNE, KNE'],
    ['password', null],
    ['option1', 'Latin'],
    ['option2', 'Grec'],
    ['option3', null],
    ['application:7', 1],
    ['application:8', 0],
    ['application:9', 0],
    ['code:7', 'EDU-1'],
    ['code:8', null],
    ['code:9', null],
    ['unknown', null],
  ])('%s → %j', (key, expected) => {
    expect(readCellValue(row, key)).toEqual(expected);
  });
});

describe('the grid column mapping', () => {
  const definition: ColumnDefinition = {
    ColonneAffichee: 'Educadhoc-Code',
    Editable: true,
    Visible: false,
    ColonneBDD: 'code:7',
    modificationKey: 'applications',
    TypeColonne: 'text',
    TypeFiltre: 'text',
    idApplication: 7,
  };

  it('reads the wire names once, and writes them back as they were', () => {
    const column = toGridColumn(definition);
    expect(column).toEqual({
      key: 'code:7',
      label: 'Educadhoc-Code',
      editable: true,
      visible: false,
      modificationKey: 'applications',
      cellType: 'text',
      filterType: 'text',
      idApplication: 7,
    });
    expect(toColumnDefinition(column)).toEqual(definition);
    const { idApplication: _left, ...field } = definition;
    expect(toColumnDefinition(toGridColumn(field))).toEqual(field);
  });
});
