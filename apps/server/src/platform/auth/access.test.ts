import { PROFILE_NAMES, PROFILES, type ProfileName } from '@console/contract';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import type { Executor } from '#platform/db/client.js';
import {
  canReachSchool,
  canReachUser,
  listActionableUserIds,
  reachesEverySchool,
  schoolScopeOf,
  scopeCondition,
  type SchoolScope,
} from './access.js';

/** A database that must not be asked: these cases are decided without a query. */
const noDatabase = new Proxy({} as Executor, {
  get() {
    throw new Error('the database was asked');
  },
});

const dialect = new PgDialect();
const render = (condition: SQL) => {
  const query = dialect.sqlToQuery(condition);
  return { sql: query.sql, params: query.params };
};

describe('schoolScopeOf', () => {
  it.each([
    ['Administrateur', { kind: 'all' }],
    ['Gestionnaire', { kind: 'assigned', managerId: 7 }],
    ['Administrateur établissement', { kind: 'own', uai: '0691234A' }],
    ['Enseignant', { kind: 'none' }],
    ['Eleve', { kind: 'none' }],
  ] as const)('%s → %j', (profile, expected) => {
    expect(schoolScopeOf({ id: 7, profile, uai: '0691234A' })).toEqual(expected);
  });

  it('only an Administrateur reaches every school', () => {
    expect(PROFILE_NAMES.filter((profile) => reachesEverySchool({ id: 7, profile, uai: null }))).toEqual(['Administrateur']);
  });
});

describe('scopeCondition', () => {
  it.each<[SchoolScope, string, unknown[]]>([
    [{ kind: 'all' }, 'true', []],
    [{ kind: 'assigned', managerId: 7 }, 'u.uai in (select ms.uai from manager_schools ms where ms.user_id = $1)', [7]],
    [{ kind: 'own', uai: '0691234A' }, 'u.uai = $1', ['0691234A']],
    [{ kind: 'own', uai: null }, 'false', []],
    [{ kind: 'none' }, 'false', []],
  ])('%j → %s', (scope, text, params) => {
    expect(render(scopeCondition(scope, sql`u.uai`))).toEqual({ sql: text, params });
  });
});

describe('canReachSchool without a query', () => {
  it.each<[ProfileName, string | null, string | null, boolean]>([
    ['Administrateur', null, '0691234A', true],
    ['Administrateur', null, null, true],
    ['Administrateur établissement', '0691234A', '0691234A', true],
    ['Administrateur établissement', '0691234A', '0690000B', false],
    ['Administrateur établissement', '0691234A', null, false],
    ['Administrateur établissement', null, null, false],
    ['Enseignant', '0691234A', '0691234A', false],
    ['Eleve', '0691234A', '0691234A', false],
  ])('%s of %s reaching %s → %s', async (profile, own, uai, expected) => {
    expect(await canReachSchool({ db: noDatabase, actor: { id: 7, profile, uai: own } }, uai)).toBe(expected);
  });

  it('a Gestionnaire reaches no school-less user but themself', async () => {
    const ctx = { db: noDatabase, actor: { id: 7, profile: 'Gestionnaire' as const, uai: null } };
    expect(await canReachSchool(ctx, null)).toBe(false);
    expect(await canReachUser(ctx, { id: 7, uai: null })).toBe(true);
  });
});

describe('listActionableUserIds without a query', () => {
  // One target of each profile, none of them the caller.
  const targets = PROFILE_NAMES.map((name) => ({ id: 100 + PROFILES[name], profileId: PROFILES[name] }));
  const namesOf = (ids: Set<number>) => PROFILE_NAMES.filter((name) => ids.has(100 + PROFILES[name]));

  it.each<[ProfileName, ProfileName[]]>([
    ['Administrateur', ['Administrateur', 'Gestionnaire', 'Administrateur établissement', 'Enseignant', 'Eleve']],
    ['Administrateur établissement', ['Administrateur établissement', 'Enseignant', 'Eleve']],
    ['Enseignant', []],
    ['Eleve', []],
  ])('%s acts on %j', async (profile, expected) => {
    const actionable = await listActionableUserIds(noDatabase, { id: 7, profile, uai: '0691234A' }, targets);
    expect(namesOf(actionable).sort()).toEqual([...expected].sort());
  });

  it('a Gestionnaire acting on themself asks nothing of their schools', async () => {
    const actor = { id: 7, profile: 'Gestionnaire' as const, uai: null };
    expect(await listActionableUserIds(noDatabase, actor, [{ id: 7, profileId: PROFILES.Gestionnaire }])).toEqual(new Set([7]));
  });

  it('an unknown profile id is never actionable', async () => {
    const actor = { id: 7, profile: 'Administrateur' as const, uai: null };
    expect(await listActionableUserIds(noDatabase, actor, [{ id: 9, profileId: 999 }])).toEqual(new Set());
  });
});
