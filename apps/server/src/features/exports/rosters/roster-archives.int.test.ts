import { userExports as contract } from '@console/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#test/context.js';
import { buildUser } from '#test/factories.js';
import { schools } from '#platform/db/schema/index.js';
import { arrangeArchiveSchool, postArchive, readZip } from './roster-archives.test-support.js';

let t: TestContext;
let arranged: Awaited<ReturnType<typeof arrangeArchiveSchool>>;

beforeAll(async () => {
  t = await createTestContext({ SESSION_CACHE_MS: '0' });
  arranged = await arrangeArchiveSchool(t);
});
afterAll(() => t.close());

const exportOf = (kind: 'asm' | 'oneroster', userIds = arranged.selectedIds) =>
  postArchive(t, arranged.cookies.manager, kind, { uai: arranged.home, userIds });

describe('the Apple School Manager archive', () => {
  it('holds the six files at its root with Apple’s headers, UTF-8 without BOM, LF, and passes the validator', async () => {
    const response = await exportOf('asm');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(contract.ZIP_MEDIA_TYPE);
    expect(response.headers['content-disposition']).toMatch(new RegExp(`filename="asm_${arranged.home}_\\d{8}-\\d{6}\\.zip"`));
    const files = await readZip(response.rawPayload);
    expect(Object.keys(files).sort()).toEqual(Object.keys(contract.ASM_HEADERS).sort());
    for (const [name, text] of Object.entries(files)) {
      expect(text.split('\n')[0], name).toBe(contract.ASM_HEADERS[name as contract.AsmFileName].join(','));
      expect(text.startsWith('\uFEFF')).toBe(false);
      expect(text).not.toContain('\r');
    }
    expect(contract.validateAsmArchive(files)).toEqual([]);
  });

  it('writes the pupils with password policy 4, the teacher as staff, a class per class name with its teacher and pupils', async () => {
    const files = await readZip((await exportOf('asm')).rawPayload);
    const [zoe, luc, lea, sans] = arranged.pupils;
    expect(files['locations.csv']).toBe('location_id,location_name\nLYON-MOULIN,"Collège Jean Moulin, Lyon"\n');
    expect(files['students.csv']!.split('\n').slice(1, 3)).toEqual([
      `U${zoe!.id},zoe.dupre,Zoé,,Dupré,6e,,zoe.dupre,4,LYON-MOULIN`,
      `U${luc!.id},luc.oneil,"Luc Marie",,O'Neil,6e,,luc.oneil,4,LYON-MOULIN`,
    ]);
    expect(files['students.csv']).toContain(`U${sans!.id},sans.classe`);
    expect(files['staff.csv']).toBe(
      `${contract.ASM_HEADERS['staff.csv'].join(',')}\nU${arranged.teacher.id},ada.prof,Ada,,Prof,ada@example.fr,ada.prof,LYON-MOULIN\n`,
    );
    const classes = files['classes.csv']!.trim()
      .split('\n')
      .slice(1)
      .map((line) => line.split(','));
    expect(classes.map((cells) => cells[1])).toEqual(['"5e Bleu"', '"6e A"']);
    expect(classes.every((cells) => cells[3] === `U${arranged.teacher.id}`)).toBe(true);
    const rosters = files['rosters.csv']!.trim().split('\n').slice(1);
    expect(rosters.map((line) => line.split(',')[2]).sort()).toEqual([`U${zoe!.id}`, `U${luc!.id}`, `U${lea!.id}`].sort());
  });
});

describe('the OneRoster archive', () => {
  it('holds the manifest and the 1.1 files with their headers, status and dates empty, and passes the validator', async () => {
    const response = await exportOf('oneroster');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(
      new RegExp(`filename="oneroster_${arranged.home}_\\d{8}-\\d{6}\\.zip"`),
    );
    const files = await readZip(response.rawPayload);
    expect(Object.keys(files).sort()).toEqual(
      ['manifest.csv', 'orgs.csv', 'users.csv', 'academicSessions.csv', 'courses.csv', 'classes.csv', 'enrollments.csv'].sort(),
    );
    expect(files['manifest.csv']).toContain('oneroster.version,1.1\n');
    expect(files['manifest.csv']).toContain('file.users,bulk\n');
    expect(files['manifest.csv']).toContain('file.demographics,absent\n');
    expect(files['users.csv']!.split('\n')[0]).toBe(
      [...contract.ONEROSTER_HEADERS['users.csv'], contract.ONEROSTER_PASSWORD_POLICY_COLUMN].join(','),
    );
    expect(files['users.csv']).toContain(
      `U${arranged.teacher.id},,,true,LYON-MOULIN,teacher,ada.prof,,Ada,Prof,,ada.prof,ada@example.fr,,,,,,8\n`,
    );
    expect(files['users.csv']).toContain(`,student,zoe.dupre,,Zoé,Dupré,`);
    expect(files['classes.csv']).toMatch(/,homeroom,,LYON-MOULIN,\d{7}[A-Z]-\d{4},/);
    expect(contract.validateOneRosterArchive(files)).toEqual([]);
  });
});

describe('refusals', () => {
  it('answers 409 export_location_missing without a location id, and no file', async () => {
    await t.db
      .update(schools)
      .set({ deployment: { asmInformations: { locationId: '  ' } } })
      .where(eq(schools.uai, arranged.home));
    try {
      for (const kind of ['asm', 'oneroster'] as const) {
        const response = await exportOf(kind);
        expect(response.statusCode).toBe(409);
        expect(response.json().details.reason).toBe('export_location_missing');
        expect(response.headers['content-disposition']).toBeUndefined();
      }
    } finally {
      await t.db
        .update(schools)
        .set({ deployment: { asmInformations: { locationId: 'LYON-MOULIN' } } })
        .where(eq(schools.uai, arranged.home));
    }
  });

  it('refuses an archive the validator rejects (a location id Apple would not read) with its first problem', async () => {
    await t.db
      .update(schools)
      .set({ deployment: { asmInformations: { locationId: 'Lyon Moulin' } } })
      .where(eq(schools.uai, arranged.home));
    try {
      const response = await exportOf('asm');
      expect(response.statusCode).toBe(409);
      expect(response.json().details).toMatchObject({
        reason: 'export_archive_invalid',
        params: { problem: expect.stringContaining('location_id') },
      });
    } finally {
      await t.db
        .update(schools)
        .set({ deployment: { asmInformations: { locationId: 'LYON-MOULIN' } } })
        .where(eq(schools.uai, arranged.home));
    }
  });

  it('a manager exporting users of a school out of reach gets 404; the ASM right is needed (403)', async () => {
    const strangerUai = arranged.other;
    const stranger = await buildUser(t.db, t.env.encryptionKey, { profile: 'Eleve', uai: strangerUai });
    for (const kind of ['asm', 'oneroster'] as const) {
      expect(
        (await postArchive(t, arranged.cookies.manager, kind, { uai: strangerUai, userIds: [stranger.id] })).statusCode,
      ).toBe(404);
      expect((await exportOf(kind, [...arranged.selectedIds, stranger.id])).statusCode).toBe(404);
      for (const who of ['direction', 'pupil'] as const) {
        const response = await postArchive(t, arranged.cookies[who], kind, { uai: arranged.home, userIds: arranged.selectedIds });
        expect(response.statusCode).toBe(403);
      }
    }
  });
});
