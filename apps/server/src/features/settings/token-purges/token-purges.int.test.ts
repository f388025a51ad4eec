import { settings } from '@console/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, tokenPurgeTasks } from '#platform/db/schema/index.js';
import { createTestContext, injectAs, requestOf, type TestContext } from '#test/context.js';
import { signInSettingsCallers } from '../settings.test-support.js';
import { arrangeTokens } from './token-purges.test-support.js';

let t: TestContext;
let cookies: Record<'admin' | 'manager', string>;
let scope: Awaited<ReturnType<typeof arrangeTokens>>;

beforeAll(async () => {
  t = await createTestContext();
  cookies = await signInSettingsCallers(t);
  scope = await arrangeTokens(t.db);
});
afterAll(() => t.close());

const list = (cookie = cookies.admin) => injectAs(t.app, cookie, requestOf(settings.listPurgeTasks));
const create = (payload: object, cookie = cookies.admin) =>
  injectAs(t.app, cookie, { ...requestOf(settings.createPurgeTask), payload });
const update = (eventId: number, payload: object) =>
  injectAs(t.app, cookies.admin, { ...requestOf(settings.updatePurgeTask, { eventId }), payload });
const remove = (id: number) => injectAs(t.app, cookies.admin, requestOf(settings.deletePurgeTask, { eventId: id }));
const taskCount = () => t.db.$count(tokenPurgeTasks);

const START = '2026-12-01T06:30:00.000Z';
function payload(overrides: Record<string, unknown> = {}) {
  return {
    eventName: 'Purge du lundi',
    platformId: scope.purged,
    startDate: START,
    intervalField: 'WEEK',
    uais: [scope.schools[0]],
    ...overrides,
  };
}

describe('scheduled token purges: the calls (spec 2 §2.8, §7)', () => {
  it('creates a task that runs first at its start date, listed with its creator', async () => {
    const response = await create(payload({ uais: [scope.schools[0]!.toLowerCase(), scope.schools[0]] }));
    expect(response.statusCode).toBe(200);
    const task = settings.purgeTaskSchema.parse(response.json());
    expect(task).toMatchObject({
      eventName: 'Purge du lundi',
      createdByFullName: 'Alice Durand',
      enable: true,
      lastExecution: null,
      lastRemoved: null,
      nextRun: START,
      intervalField: 'WEEK',
      procedureParameters: { arrayUai: [scope.schools[0]], arrayPlatforms: [scope.purged] },
    });
    expect((await list()).json()).toContainEqual(task);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(task.eventId)));
    expect(entry).toMatchObject({ action: 'create', entity: 'token_purge', actorLabel: 'Alice Durand' });
  });

  it.each([
    ['no label', { eventName: '  ' }, 'eventName', settings.PURGE_LABEL_REQUIRED],
    ['no start date', { startDate: '' }, 'startDate', settings.PURGE_START_REQUIRED],
    ['MINUTE, which only a stored task may have', { intervalField: 'MINUTE' }, 'intervalField', undefined],
    ['no school', { uais: [] }, 'uais', settings.PURGE_UAIS_REQUIRED],
    ['an unknown platform', { platformId: 'NOPE' }, 'platformId', settings.UNKNOWN_PLATFORM],
    ['a school that does not exist', { uais: ['0000000A'] }, 'uais', settings.UNKNOWN_PURGE_SCHOOL],
  ])('refuses %s (400, nothing written)', async (_case, overrides, field, message) => {
    const before = await taskCount();
    const response = await create(payload(overrides));
    expect(response.statusCode).toBe(400);
    const errors = (response.json() as { details: { fieldErrors: Record<string, string[]> } }).details.fieldErrors;
    expect(Object.keys(errors).some((key) => key === field || key.startsWith(`${field}.`))).toBe(true);
    if (message) expect(Object.values(errors).flat()).toContain(message);
    expect(await taskCount()).toBe(before);
  });

  it('disables (next run ø), keeps a stored MINUTE, and enables again', async () => {
    const task = settings.purgeTaskSchema.parse((await create(payload({ eventName: 'À modifier', uais: 'all' }))).json());
    const disabled = await update(task.eventId, { ...payload({ eventName: 'Modifiée', uais: 'all' }), enable: false });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json()).toMatchObject({
      eventName: 'Modifiée',
      enable: false,
      nextRun: null,
      procedureParameters: { arrayUai: 'all' },
    });
    const minute = await update(task.eventId, {
      ...payload({ intervalField: 'MINUTE', startDate: '2026-12-02T07:00:00+01:00' }),
      enable: true,
    });
    expect(minute.json()).toMatchObject({ enable: true, intervalField: 'MINUTE', nextRun: '2026-12-02T06:00:00.000Z' });
    const [row] = await t.db.select().from(tokenPurgeTasks).where(eq(tokenPurgeTasks.id, task.eventId));
    expect(row?.nextRunAt?.toISOString()).toBe('2026-12-02T06:00:00.000Z');
  });

  it('refuses a bad edit without changing the task, and answers 404 for a task that does not exist', async () => {
    const task = settings.purgeTaskSchema.parse((await create(payload({ eventName: 'Intacte' }))).json());
    expect((await update(task.eventId, { ...payload({ platformId: 'NOPE' }), enable: false })).statusCode).toBe(400);
    expect((await list()).json()).toContainEqual(task);
    expect((await update(999_999, { ...payload(), enable: true })).statusCode).toBe(404);
  });

  it('deletes a task once', async () => {
    const task = settings.purgeTaskSchema.parse((await create(payload({ eventName: 'À supprimer' }))).json());
    expect((await remove(task.eventId)).json()).toEqual({ ok: true });
    expect((await list()).json()).not.toContainEqual(expect.objectContaining({ eventId: task.eventId }));
    expect((await remove(task.eventId)).statusCode).toBe(404);
  });

  it("previews what a purge would clear: the platform's checked tokens in the schools chosen", async () => {
    const preview = (uais: string) =>
      injectAs(t.app, cookies.admin, { ...requestOf(settings.previewPurge), query: { platformId: scope.purged, uais } });
    // 3 pupils a school, 2 applications of the platform each.
    expect((await preview(scope.schools[0]!)).json()).toEqual({ tokens: 6, users: 3 });
    expect((await preview(scope.schools.join(','))).json()).toEqual({ tokens: 12, users: 6 });
    expect((await preview('0000000A')).statusCode).toBe(400);
  });

  it('is for the Config right: a Gestionnaire gets 403 and writes nothing', async () => {
    const before = await taskCount();
    expect((await list(cookies.manager)).statusCode).toBe(403);
    expect((await create(payload(), cookies.manager)).statusCode).toBe(403);
    expect(await taskCount()).toBe(before);
  });
});
