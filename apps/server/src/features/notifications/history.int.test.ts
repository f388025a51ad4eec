// Recording notifications (`POST /devices/notifications/save`) and the history
// (`GET /devices/notifications/historique`): what is kept, its checks, who sees which.
import { notifications as contract } from '@console/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, notifications } from '#platform/db/schema/index.js';
import { createTestContext, injectAs, requestOf, type TestContext } from '#test/context.js';
import { buildApplication, buildSchool, buildSignedInUsers } from '#test/factories.js';
import { giveStaffTheNotificationsView } from './notifications.test-support.js';

type Caller = 'admin' | 'manager' | 'direction' | 'outsider' | 'pupil';

let t: TestContext;
let cookies: Record<Caller, string>;
let home: string;
let other: string;
let manuals: { id: number; name: string };

beforeAll(async () => {
  t = await createTestContext();
  await giveStaffTheNotificationsView(t.db);
  home = (await buildSchool(t.db, { name: 'Collège Jean Moulin' })).uai;
  other = (await buildSchool(t.db, { name: 'Collège Pasteur' })).uai;
  ({ cookies } = await buildSignedInUsers(t, {
    admin: { profile: 'Administrateur', firstname: 'Anne', lastname: 'Martin' },
    manager: { profile: 'Gestionnaire', managedSchools: [home, other] },
    direction: { profile: 'Administrateur établissement', uai: home, firstname: 'Paul', lastname: 'Durand' },
    outsider: { profile: 'Administrateur établissement', uai: other },
    pupil: { profile: 'Eleve', uai: home },
  }));
  manuals = await buildApplication(t.db, { name: 'Manuels numériques' });
});
afterAll(() => t.close());

const draft = (values: Record<string, unknown> = {}) => ({
  title: 'Sortie au musée',
  bodyInput: 'Rendez-vous à 8 h devant le collège.',
  ...values,
});
const save = (who: Caller, body: object) =>
  injectAs(t.app, cookies[who], { ...requestOf(contract.saveNotification), payload: body });
async function saved(who: Caller, body: object): Promise<number> {
  const response = await save(who, body);
  expect(response.statusCode, response.body).toBe(200);
  return contract.savedNotificationSchema.parse(response.json()).idNotification;
}
async function history(who: Caller, limit?: number) {
  const response = await injectAs(t.app, cookies[who], {
    ...requestOf(contract.notificationHistory),
    ...(limit === undefined ? {} : { query: { limit: String(limit) } }),
  });
  expect(response.statusCode, response.body).toBe(200);
  return contract.historySchema.parse(response.json());
}

describe('recording a notification', () => {
  it('keeps its texts, link, filters and author; the history shows it first, not yet sent', async () => {
    const id = await saved(
      'direction',
      draft({
        arrayUai: [home],
        subject: 'Mathématiques; physique',
        logicalOperator: 'and',
        searchOperator: 'startsWith',
        arrayProfiles: ['Eleve', 'Enseignant'],
        arrayApplications: [manuals.id],
        linkInput: 'edulib://agenda',
      }),
    );
    const [first] = (await history('direction')).notifications;
    expect(first).toEqual({
      idNotification: id,
      labelNotification: 'Sortie au musée',
      createdBy: 'Paul Durand',
      createdDate: expect.any(String),
      descriptionNotification: 'Rendez-vous à 8 h devant le collège.',
      linkNotification: 'edulib://agenda',
      parametersNotification: {
        arrayUai: [home],
        schools: [{ uai: home, name: 'Collège Jean Moulin' }],
        subject: ['Mathématiques', 'physique'],
        logicalOperator: 'and',
        searchOperator: 'startsWith',
        arrayProfiles: ['Eleve', 'Enseignant'],
        arrayApplications: [{ id: manuals.id, name: 'Manuels numériques' }],
        userCount: null,
      },
      reportNotification: null,
      statusNotification: 'draft',
    });
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'save_notification'));
    expect(entry).toMatchObject({ entity: 'notification' });
  });

  it("keeps every school as 'all' for an Administrateur, as the schools reached for the others", async () => {
    const everywhere = await saved('admin', draft({ arrayUai: ['all'] }));
    const managed = await saved('manager', draft());
    const rows = new Map((await t.db.select().from(notifications)).map((row) => [row.id, row]));
    expect(rows.get(everywhere)).toMatchObject({ allSchools: true, uais: [] });
    expect(rows.get(managed)).toMatchObject({ allSchools: false, uais: [home, other].sort() });
    const listed = (await history('admin')).notifications.find((item) => item.idNotification === everywhere);
    expect(listed?.parametersNotification.arrayUai).toEqual(['all']);
  });

  it('refuses a missing title or description with their messages, a school out of reach, an unknown application; records nothing', async () => {
    const before = (await t.db.select().from(notifications)).length;
    const noTitle = await save('direction', draft({ title: '  ' }));
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.body).toContain(contract.TITLE_REQUIRED);
    const noBody = await save('direction', { title: 'Titre' });
    expect(noBody.statusCode).toBe(400);
    expect(noBody.body).toContain(contract.DESCRIPTION_REQUIRED);
    expect((await save('direction', draft({ linkInput: 'javascript:alert(1)' }))).statusCode).toBe(400);
    expect((await save('direction', draft({ title: 'x'.repeat(contract.TITLE_MAX + 1) }))).statusCode).toBe(400);
    expect((await save('direction', draft({ arrayUai: [other] }))).statusCode).toBe(404);
    expect((await save('direction', draft({ arrayApplications: [999_999] }))).statusCode).toBe(404);
    expect((await save('pupil', draft())).statusCode).toBe(403);
    expect((await t.db.select().from(notifications)).length).toBe(before);
  });
});

describe('the history', () => {
  it('shows a school administrator theirs and those for their school only, never one for every school or another school', async () => {
    const mine = await saved('direction', draft({ title: 'Mine' }));
    const forHome = await saved('manager', draft({ title: 'Pour Jean Moulin', arrayUai: [home] }));
    const forBoth = await saved('manager', draft({ title: 'Pour les deux', arrayUai: [home, other] }));
    const forAll = await saved('admin', draft({ title: 'Pour tous' }));
    const seen = (await history('direction', 1000)).notifications.map((item) => item.idNotification);
    expect(seen).toEqual(expect.arrayContaining([mine, forHome]));
    expect(seen).not.toContain(forBoth);
    expect(seen).not.toContain(forAll);
    const outsider = (await history('outsider', 1000)).notifications.map((item) => item.idNotification);
    expect(outsider).not.toContain(mine);
    expect(outsider).not.toContain(forHome);
    const managerSees = (await history('manager', 1000)).notifications.map((item) => item.idNotification);
    expect(managerSees).toEqual(expect.arrayContaining([mine, forHome, forBoth]));
    expect(managerSees).not.toContain(forAll);
  });

  it('answers the latest first, 20 then as many as asked, saying whether more remain, with the operators', async () => {
    for (let index = 0; index < contract.HISTORY_FIRST_PAGE + 3; index += 1)
      await saved('admin', draft({ title: `N° ${index}` }));
    const first = await history('admin');
    expect(first.notifications).toHaveLength(contract.HISTORY_FIRST_PAGE);
    expect(first.notifications[0]?.labelNotification).toBe(`N° ${contract.HISTORY_FIRST_PAGE + 2}`);
    expect(first.hasMore).toBe(true);
    expect(first.operators).toEqual({ search: ['contains', 'startsWith', 'equals'], logical: ['or', 'and'] });
    const all = await history('admin', 1000);
    expect(all.hasMore).toBe(false);
    expect((await injectAs(t.app, cookies.pupil, requestOf(contract.notificationHistory))).statusCode).toBe(403);
  });
});
