import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { auth, PROFILE_NAMES, users as contract, type ProfileName } from '@console/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moveUsersToBin } from '#features/users/status/users-bin.repository.js';
import type { DatabaseHandle } from '#platform/db/client.js';
import { users } from '#platform/db/schema/index.js';
import { createTestDatabase, createTestEnv, injectAs, requestOf, signInEach } from './context.js';
import { buildSchool, buildUser, type BuildUserOptions, type BuiltUser } from './factories.js';
import { buildMessagingApp } from './messaging-factories.js';

/**
 * Who may act on whom (security issue §2): every route that acts on another user, for every
 * caller profile × target profile, the targets all within the caller's reach. A caller acts only
 * on a user whose profile they may give, and on a Gestionnaire only when every school it manages
 * is within their reach; otherwise 403 and nothing changes. Pupils and teachers are refused
 * every such route by their rights.
 */

type TargetKind = ProfileName | 'Gestionnaire of two schools';
const TARGET_KINDS: TargetKind[] = [...PROFILE_NAMES, 'Gestionnaire of two schools'];
const LINK_PROFILES: TargetKind[] = ['Eleve', 'Enseignant'];

/** The targets each caller may act on; every other pair answers 403. */
const MAY_ACT: Record<ProfileName, TargetKind[]> = {
  Administrateur: TARGET_KINDS,
  Gestionnaire: ['Eleve', 'Enseignant', 'Administrateur établissement', 'Gestionnaire'],
  'Administrateur établissement': ['Eleve', 'Enseignant', 'Administrateur établissement'],
  Enseignant: [],
  Eleve: [],
};

let handle: DatabaseHandle;
let app: FastifyInstance;
let dataDir: string;
let home: string;
let other: string;
let key: Buffer;
let cookies: Record<ProfileName, string>;

beforeAll(async () => {
  handle = await createTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), 'console-matrix-'));
  app = await buildMessagingApp(handle, { PUBLIC_URL: 'https://console.example.fr' }, dataDir);
  key = createTestEnv().encryptionKey;
  home = (await buildSchool(handle.db)).uai;
  other = (await buildSchool(handle.db)).uai;
  const callers = {} as Record<ProfileName, BuiltUser>;
  callers.Administrateur = await buildUser(handle.db, key, { profile: 'Administrateur' });
  callers.Gestionnaire = await buildUser(handle.db, key, { profile: 'Gestionnaire', managedSchools: [home] });
  callers['Administrateur établissement'] = await buildUser(handle.db, key, {
    profile: 'Administrateur établissement',
    uai: home,
  });
  callers.Enseignant = await buildUser(handle.db, key, { profile: 'Enseignant', uai: home });
  callers.Eleve = await buildUser(handle.db, key, { profile: 'Eleve', uai: home });
  cookies = await signInEach(app, callers);
});

afterAll(async () => {
  await app.close();
  await handle.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** One user of the home school of each kind, disabled and locked so that every action applies. */
async function buildTargets(values: Partial<BuildUserOptions> = {}): Promise<Record<TargetKind, BuiltUser>> {
  const built = {} as Record<TargetKind, BuiltUser>;
  for (const kind of TARGET_KINDS) {
    const profile = kind === 'Gestionnaire of two schools' ? 'Gestionnaire' : kind;
    const managedSchools = kind === 'Gestionnaire of two schools' ? [home, other] : kind === 'Gestionnaire' ? [home] : [];
    built[kind] = await buildUser(handle.db, key, {
      profile,
      uai: home,
      managedSchools,
      email: `${profile.replace(/\W/g, '').toLowerCase()}@example.fr`,
      disabled: true,
      locked: true,
      ...values,
    });
  }
  return built;
}

/** What an action could change of a user: their row (live or in the bin) and their audit entries. */
async function stateOf(id: number): Promise<unknown> {
  const result = await handle.db.execute(sql`
    select (select to_jsonb(u) from users u where u.id = ${id}) as live,
      (select count(*) from deleted_users d where d.user_id = ${id})::int as binned,
      (select count(*) from audit_log a where a.entity_id = ${String(id)})::int as audits,
      (select count(*) from user_options uo where uo.user_id = ${id})::int as options`);
  return result.rows[0];
}

type ActionRoute = {
  name: string;
  request: (target: BuiltUser) => InjectOptions;
  /** Prepares the targets (the restore needs them in the bin). */
  prepare?: (targets: BuiltUser[]) => Promise<void>;
  /** The status when the caller may act on the target (default 200). */
  allowedStatus?: (caller: ProfileName, kind: TargetKind) => number;
};

const ROUTES: ActionRoute[] = [
  {
    name: 'PUT /users/:id (page edit: names, login, password, e-mail)',
    request: (target) => ({
      ...requestOf(contract.updateUser, { id: target.id }),
      payload: {
        informations: {
          firstName: target.firstname,
          lastName: 'Changé',
          login: `${target.login}.new`,
          password: target.passwordEncrypted ? target.password : 'Nouveau#2027',
          email: target.email,
        },
        applications: [],
      },
    }),
  },
  {
    name: 'PATCH /users/:id (grid edit)',
    request: (target) => ({
      ...requestOf(contract.patchUser, { id: target.id }),
      payload: { key: 'informations', value: { comment: 'changé' } },
    }),
  },
  {
    name: 'POST /auth/link-token/:id',
    request: (target) => requestOf(auth.regenerateLinkToken, { userId: target.id }),
    // Staff sign in by password only: no link is issued for them, whoever asks.
    allowedStatus: (_caller, kind) => (LINK_PROFILES.includes(kind) ? 200 : 403),
  },
  {
    name: 'POST /auth/unlock/:id',
    request: (target) => requestOf(auth.unlockAccount, { userId: target.id }),
    allowedStatus: (caller) => (caller === 'Administrateur' ? 200 : 403),
  },
  {
    name: 'PATCH /users/deactivate (enable)',
    request: (target) => ({ ...requestOf(contract.setUsersDisabled), payload: { users: [{ id: target.id }], disable: false } }),
  },
  {
    name: 'DELETE /users (to the bin)',
    request: (target) => ({ ...requestOf(contract.deleteUsers), payload: [target.id] }),
  },
  {
    name: 'POST /users/bin/restore',
    prepare: async (targets) =>
      moveUsersToBin(
        handle.db,
        targets.map((target) => target.id),
        'test',
        new Date(),
      ),
    request: (target) => ({ ...requestOf(contract.restoreUsers), payload: { ids: [target.id] } }),
  },
  {
    name: 'POST /users/mails (credentials)',
    request: (target) => ({ ...requestOf(contract.mailUsers), payload: { users: [{ idUser: target.id }], templateId: 165 } }),
    // A school administrator has no buttonBulkEdit_bulkNotification right (docs/rights.md).
    allowedStatus: (caller) => (caller === 'Administrateur établissement' ? 403 : 200),
  },
  {
    name: 'PATCH /users/ (bulk comment)',
    request: (target) => ({
      ...requestOf(contract.bulkUpdateUsers),
      payload: { type: 'std', ids: [target.id], column: 'comment', value: 'changé' },
    }),
  },
  {
    name: 'PATCH /users/ (bulk option)',
    request: (target) => ({
      ...requestOf(contract.bulkUpdateUsers),
      payload: { type: 'opt', ids: [target.id], column: 'insert', value: { optionCible: 'Latin' } },
    }),
  },
  {
    name: 'POST /users/platforms (credentials for the bulk form)',
    request: (target) => ({ ...requestOf(contract.getUsersPlatforms), payload: { userIds: [target.id] } }),
  },
  {
    name: 'POST /users/pne (PNE keys)',
    request: (target) => ({ ...requestOf(contract.activatePneKeys), payload: [{ username: target.login }] }),
    // Past the access rule, the service refuses users without an Educadhoc code.
    allowedStatus: () => 400,
  },
];

describe.each(ROUTES)('$name', (route) => {
  it.each(PROFILE_NAMES)(
    'as %s: acts only on the accounts the caller may act on; otherwise 403 and nothing changes',
    async (caller) => {
      const targets = await buildTargets();
      await route.prepare?.(Object.values(targets));
      const outcomes: Record<string, number> = {};
      const expected: Record<string, number> = {};
      for (const kind of TARGET_KINDS) {
        const target = targets[kind];
        const before = await stateOf(target.id);
        const response = await injectAs(app, cookies[caller], route.request(target));
        outcomes[kind] = response.statusCode;
        const mayAct = MAY_ACT[caller].includes(kind);
        expected[kind] = mayAct ? (route.allowedStatus?.(caller, kind) ?? 200) : 403;
        if (response.statusCode === 403) expect({ kind, state: await stateOf(target.id) }).toEqual({ kind, state: before });
      }
      expect(outcomes).toEqual(expected);
    },
  );
});

describe('the user page (GET /users/:id)', () => {
  it.each(['Administrateur', 'Gestionnaire', 'Administrateur établissement'] as const)(
    'as %s: shows every reachable user, with the sign-in QR code and edits only for users the caller may act on',
    async (caller) => {
      const targets = await buildTargets({ disabled: false, locked: false });
      for (const kind of TARGET_KINDS) {
        const response = await injectAs(app, cookies[caller], requestOf(contract.getUser, { id: targets[kind].id }));
        expect({ kind, status: response.statusCode }).toEqual({ kind, status: 200 });
        const page = response.json();
        const mayAct = MAY_ACT[caller].includes(kind);
        expect({ kind, qrCode: page.informations.qrCode }).toEqual({
          kind,
          qrCode: mayAct && LINK_PROFILES.includes(kind) ? targets[kind].linkToken : null,
        });
        expect({ kind, canEdit: page.abilities.canEditProfile }).toEqual({ kind, canEdit: mayAct });
        if (!mayAct) expect(response.body).not.toContain(targets[kind].linkToken);
      }
    },
  );
});

describe('undoing a bulk change', () => {
  it('is refused (403, nothing put back) once a user of it is above the caller', async () => {
    const teacher = await buildUser(handle.db, key, { profile: 'Enseignant', uai: home, comment: 'avant' });
    const bulk = (cookie: string, payload: object) => injectAs(app, cookie, { ...requestOf(contract.bulkUpdateUsers), payload });
    const changed = await bulk(cookies['Administrateur établissement'], {
      type: 'std',
      ids: [teacher.id],
      column: 'comment',
      value: 'après',
    });
    expect(changed.statusCode).toBe(200);
    const promoted = await injectAs(app, cookies.Administrateur, {
      ...requestOf(contract.patchUser, { id: teacher.id }),
      payload: { key: 'informations', value: { profile: 'Gestionnaire', email: 'promu@example.fr' } },
    });
    expect(promoted.statusCode).toBe(200);
    const undo = await injectAs(app, cookies['Administrateur établissement'], {
      ...requestOf(contract.undoBulkUpdate),
      payload: { token: changed.json().undoToken },
    });
    expect(undo.statusCode).toBe(403);
    const [row] = await handle.db.select({ comment: users.comment }).from(users).where(eq(users.id, teacher.id));
    expect(row?.comment).toBe('après');
  });
});
