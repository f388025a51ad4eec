import { describe, expect, it } from 'vitest';
import {
  addClass,
  applyOptionChange,
  auditOfAccess,
  bulkRightAreaOf,
  INVALID_VALUE,
  nextStdValue,
  normaliseStdValue,
  parseClassList,
  PROFILE_CHANGE_REFUSED,
  removeClass,
} from './users-bulk.policy.js';
import type { OptionEntry } from '../options.repository.js';

describe('class lists', () => {
  it.each([
    [null, []],
    ['', []],
    ['5A', ['5A']],
    [' 5A ,5B,, 5C ', ['5A', '5B', '5C']],
  ] as const)('parses %j', (list, classes) => {
    expect(parseClassList(list)).toEqual(classes);
  });

  it.each([
    [null, '5A', '5A'],
    ['5A', '5B', '5A, 5B'],
    ['5A,5B', '5b', '5A, 5B'],
    ['5A', ' 5C ', '5A, 5C'],
  ] as const)('adds to %j the class %j', (list, name, expected) => {
    expect(addClass(list, name)).toBe(expected);
  });

  it.each([
    ['5A, 5B', '5B', '5A'],
    ['5A, 5B', '5a', '5B'],
    ['5A', '5A', null],
    [null, '5A', null],
    ['5A', '5Z', '5A'],
  ] as const)('removes from %j the class %j', (list, name, expected) => {
    expect(removeClass(list, name)).toBe(expected);
  });

  it('leaves a list whose only change would be its spacing as it was', () => {
    expect(nextStdValue('className', '5B', 'add', '5A,5B')).toBe('5A,5B');
    expect(nextStdValue('className', '5Z', 'delete', '5A,5B')).toBe('5A,5B');
    expect(nextStdValue('className', '5C', 'add', '5A,5B')).toBe('5A, 5B, 5C');
    expect(nextStdValue('className', '4D', undefined, '5A,5B')).toBe('4D');
    expect(nextStdValue('comment', 'x', undefined, 'y')).toBe('x');
  });
});

describe('normaliseStdValue', () => {
  it.each([
    ['comment', ' mot ', undefined, { ok: true, value: 'mot' }],
    ['comment', '   ', undefined, { ok: true, value: null }],
    ['comment', null, undefined, { ok: true, value: null }],
    ['comment', 'x'.repeat(501), undefined, { ok: false, error: 'users.errors.too_long' }],
    ['subject', 12, undefined, { ok: true, value: '12' }],
    ['className', '', undefined, { ok: true, value: null }],
    ['className', '', 'add', { ok: false, error: 'global.errors.required' }],
    ['level', ' ', undefined, { ok: false, error: 'global.errors.required' }],
    ['level', '5e', undefined, { ok: true, value: '5e' }],
    ['profile', 'Enseignant', undefined, { ok: true, value: 'Enseignant' }],
    ['profile', 'Gestionnaire', undefined, { ok: false, error: PROFILE_CHANGE_REFUSED }],
    ['adminMode', 1, undefined, { ok: true, value: 1 }],
    ['adminMode', '0', undefined, { ok: true, value: 0 }],
    ['adminMode', 2, undefined, { ok: false, error: INVALID_VALUE }],
    ['adminMode', null, undefined, { ok: false, error: INVALID_VALUE }],
  ] as const)('%s %j (%s)', (column, value, option, expected) => {
    expect(normaliseStdValue(column, value, option)).toEqual(expected);
  });
});

describe('bulkRightAreaOf', () => {
  it.each([
    [{ type: 'std', column: 'comment' }, 'buttonBulkEdit_bulkCommentaire'],
    [{ type: 'std', column: 'className' }, 'buttonBulkEdit_bulkClasse'],
    [{ type: 'std', column: 'adminMode' }, 'buttonBulkEdit_bulkAdmin'],
    [{ type: 'opt', column: 'insert' }, 'buttonBulkEdit_bulkOption'],
    [{ type: 'app', column: 'delete' }, 'buttonBulkEdit_bulkAppli'],
  ] as const)('%j needs %s', (update, area) => {
    expect(bulkRightAreaOf(update)).toBe(area);
  });
});

describe('applyOptionChange', () => {
  const latin = { id: 1, name: 'Latin' };
  const grec = { id: 2, name: 'Grec' };
  const list = (...entries: [number, string, number][]): OptionEntry[] =>
    entries.map(([optionId, name, ordre]) => ({ optionId, name, ordre }));

  it('inserts at the end (ordre max+1), or nothing when present', () => {
    expect(applyOptionChange(list([3, 'Chant', 1], [4, 'Danse', 4]), { action: 'insert', target: latin })).toEqual(
      list([3, 'Chant', 1], [4, 'Danse', 4], [1, 'Latin', 5]),
    );
    expect(applyOptionChange([], { action: 'insert', target: latin })).toEqual(list([1, 'Latin', 1]));
    expect(applyOptionChange(list([1, 'Latin', 1]), { action: 'insert', target: latin })).toBeNull();
  });

  it('deletes, or nothing when absent', () => {
    expect(applyOptionChange(list([1, 'Latin', 1], [2, 'Grec', 2]), { action: 'delete', target: latin })).toEqual(
      list([2, 'Grec', 2]),
    );
    expect(applyOptionChange(list([2, 'Grec', 1]), { action: 'delete', target: latin })).toBeNull();
  });

  it('updates in place; a user with the target loses the source; nothing without the source', () => {
    expect(applyOptionChange(list([3, 'Chant', 1], [1, 'Latin', 2]), { action: 'update', sourceId: 1, target: grec })).toEqual(
      list([3, 'Chant', 1], [2, 'Grec', 2]),
    );
    expect(applyOptionChange(list([1, 'Latin', 1], [2, 'Grec', 2]), { action: 'update', sourceId: 1, target: grec })).toEqual(
      list([2, 'Grec', 2]),
    );
    expect(applyOptionChange(list([3, 'Chant', 1]), { action: 'update', sourceId: 1, target: grec })).toBeNull();
    expect(applyOptionChange(list([1, 'Latin', 1]), { action: 'update', sourceId: 1, target: latin })).toBeNull();
  });
});

describe('auditOfAccess', () => {
  it('never holds the password, only whether one is stored', () => {
    const access = { status: 1, login: 'l', passwordEncrypted: 'v1:a:b:c', keys: 'K', validToken: null, tokenCheckedAt: null };
    expect(auditOfAccess('Manuels', access)).toEqual({
      application: 'Manuels',
      status: 1,
      login: 'l',
      keys: 'K',
      hasPassword: true,
    });
    expect(auditOfAccess('Manuels', null)).toEqual({ application: 'Manuels', status: null });
  });
});
