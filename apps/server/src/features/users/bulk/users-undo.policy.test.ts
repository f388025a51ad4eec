import { describe, expect, it } from 'vitest';
import {
  buildApplicationsUndo,
  buildFieldsUndo,
  buildOptionsUndo,
  undoEntryStateOf,
  undoExpiryOf,
  undoPayloadSchema,
  usersOfUndo,
  type StoredAccess,
} from './users-undo.policy.js';

const access = (values: Partial<StoredAccess> = {}): StoredAccess => ({
  status: 1,
  login: 'login',
  passwordEncrypted: 'v1:iv:tag:data',
  keys: 'CODE',
  validToken: null,
  tokenCheckedAt: null,
  ...values,
});

describe('undo payloads keep the previous values of the users changed, and only theirs', () => {
  it('fields', () => {
    const payload = buildFieldsUndo('className', [
      { id: 1, before: '6A', after: '6B' },
      { id: 2, before: null, after: '6B' },
      { id: 3, before: '6B', after: '6B' },
    ]);
    expect(payload).toEqual({
      kind: 'fields',
      column: 'className',
      users: [
        { id: 1, value: '6A' },
        { id: 2, value: null },
      ],
    });
    expect(usersOfUndo(payload)).toEqual([1, 2]);
    expect(undoPayloadSchema.parse(JSON.parse(JSON.stringify(payload)))).toEqual(payload);
  });

  it('option lists, with the options created', () => {
    const latin = { optionId: 1, name: 'Latin', ordre: 1 };
    const grec = { optionId: 2, name: 'Grec', ordre: 2 };
    const payload = buildOptionsUndo(
      [
        { id: 1, before: [latin], after: [latin, grec] },
        { id: 2, before: [latin, grec], after: [latin, grec] },
        { id: 3, before: [latin, grec], after: [latin, { ...grec, ordre: 3 }] },
      ],
      [2],
    );
    expect(payload).toEqual({
      kind: 'options',
      createdOptionIds: [2],
      users: [
        { id: 1, options: [latin] },
        { id: 3, options: [latin, grec] },
      ],
    });
    expect(undoPayloadSchema.parse(payload)).toEqual(payload);
  });

  it('application accesses: none before, another before, the same', () => {
    const payload = buildApplicationsUndo(7, [
      { id: 1, before: null, after: access() },
      { id: 2, before: access({ status: 0 }), after: access() },
      { id: 3, before: access(), after: access() },
      { id: 4, before: null, after: null },
      { id: 5, before: access(), after: access({ passwordEncrypted: 'v1:other' }) },
    ]);
    expect(payload).toEqual({
      kind: 'applications',
      applicationId: 7,
      users: [
        { id: 1, access: null },
        { id: 2, access: access({ status: 0 }) },
        { id: 5, access: access() },
      ],
    });
    expect(undoPayloadSchema.parse(payload)).toEqual(payload);
  });

  it('refuses a stored payload of another shape', () => {
    expect(undoPayloadSchema.safeParse({ kind: 'fields', column: 'password', users: [] }).success).toBe(false);
  });
});

describe('undo entries', () => {
  const now = new Date('2026-03-01T10:00:00Z');

  it('expire after the undo window', () => {
    expect(undoExpiryOf(now).toISOString()).toBe('2026-03-01T10:00:30.000Z');
  });

  it.each([
    ['missing', undefined, 'unknown'],
    ['another caller’s', { actorId: 8, expiresAt: undoExpiryOf(now) }, 'unknown'],
    ['expired', { actorId: 7, expiresAt: now }, 'expired'],
    ['usable', { actorId: 7, expiresAt: undoExpiryOf(now) }, 'usable'],
  ] as const)('%s', (_label, entry, state) => {
    expect(undoEntryStateOf(entry, 7, now)).toBe(state);
  });
});
