import { PROFILES, workflows as contract } from '@console/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgetProfileRights } from '#platform/auth/rights-cache.js';
import { auditLog, workflowEvents, workflowItems } from '#platform/db/schema/index.js';
import { createTestContext, injectAs, requestOf, signIn, type TestContext } from '#test/context.js';
import { buildSchool, buildUser, nextUai } from '#test/factories.js';

type WorkflowAction = contract.WorkflowAction;
type WorkflowStep = contract.WorkflowStep;

let t: TestContext;
let home: string;
let managed: string;
let other: string;
let empty: string;
const cookies = {} as Record<'admin' | 'manager' | 'direction' | 'pupil', string>;

beforeAll(async () => {
  t = await createTestContext();
  const key = t.env.encryptionKey;
  home = (await buildSchool(t.db, { name: 'Collège Jean Moulin' })).uai;
  managed = (await buildSchool(t.db, { name: 'Lycée Victor Hugo' })).uai;
  other = (await buildSchool(t.db, { name: 'Collège Pasteur' })).uai;
  empty = (await buildSchool(t.db, { name: 'École sans élève' })).uai;
  const admin = await buildUser(t.db, key, { profile: 'Administrateur' });
  const manager = await buildUser(t.db, key, { profile: 'Gestionnaire', managedSchools: [managed, empty] });
  const direction = await buildUser(t.db, key, { profile: 'Administrateur établissement', uai: home });
  const pupil = await buildUser(t.db, key, { profile: 'Eleve', uai: home });
  for (const uai of [managed, other]) await buildUser(t.db, key, { profile: 'Eleve', uai });
  await buildUser(t.db, key, { profile: 'Enseignant', uai: empty });
  cookies.admin = await signIn(t.app, admin.login, admin.password);
  cookies.manager = await signIn(t.app, manager.login, manager.password);
  cookies.direction = await signIn(t.app, direction.login, direction.password);
  cookies.pupil = await signIn(t.app, pupil.login, pupil.password);
});
afterAll(() => t.close());

const send = (who: keyof typeof cookies, request: InjectOptions) => injectAs(t.app, cookies[who], request);
const put = (who: keyof typeof cookies, uai: string, payload: WorkflowAction[]) =>
  injectAs(t.app, cookies[who], { ...requestOf(contract.updateSchoolWorkflow, { uai }), payload });

async function workflowOf(uai: string): Promise<WorkflowStep[]> {
  const response = await send('admin', requestOf(contract.getSchoolWorkflow, { uai }));
  expect(response.statusCode).toBe(200);
  return contract.getSchoolWorkflow.answer.parse(response.json()).data;
}

const stepOf = (steps: WorkflowStep[], label: string) => steps.find((step) => step.itemLabel === label)!;

function stepAction(
  step: WorkflowStep,
  statusId: number,
  eventComment: string | null = null,
  action: 'insert' | 'delete' = 'insert',
): WorkflowAction {
  return {
    action,
    data: {
      itemLabel: step.itemLabel,
      itemId: step.itemId,
      eventId: step.eventId,
      parentId: null,
      level: 1,
      statusId,
      eventComment,
    },
  };
}

function subAction(
  parentId: number,
  itemLabel: string,
  statusId: number,
  itemId: number | null = null,
  action: 'insert' | 'delete' = 'insert',
): WorkflowAction {
  return { action, data: { itemLabel, itemId, eventId: null, parentId, level: 2, statusId, eventComment: null } };
}

/** What a refused PUT must leave untouched: the school's items and events. */
async function snapshotRows(uai: string) {
  const [items, events] = await Promise.all([
    t.db.select().from(workflowItems).where(eq(workflowItems.uai, uai)).orderBy(workflowItems.id),
    t.db.select().from(workflowEvents).where(eq(workflowEvents.uai, uai)).orderBy(workflowEvents.id),
  ]);
  return { items, events };
}

describe('GET /workflows/:uai', () => {
  it('answers the 13 steps in order with the status list, nothing started', async () => {
    const response = await send('admin', requestOf(contract.getSchoolWorkflow, { uai: home }));
    expect(response.statusCode).toBe(200);
    const answer = contract.getSchoolWorkflow.answer.parse(response.json());
    expect(answer.data.map((step) => step.itemLabel)).toEqual([...contract.WORKFLOW_STEPS]);
    expect(answer.data.map((step) => step.orderInLevel)).toEqual(contract.WORKFLOW_STEPS.map((_, index) => index + 1));
    expect(
      answer.data.every(
        (step) => step.statusId === 2 && step.itemStatus === 2 && step.eventId === null && step.subLevels.length === 0,
      ),
    ).toBe(true);
    expect(answer.statusList).toEqual([
      { statusId: 1, statusLabel: 'Complété' },
      { statusId: 2, statusLabel: 'Non commencé' },
      { statusId: 5, statusLabel: 'Non nécessaire' },
    ]);
  });

  it('answers 401 without a session, 403 without the right, 404 out of reach or unknown, 400 for a malformed UAI', async () => {
    expect((await t.app.inject(requestOf(contract.getSchoolWorkflow, { uai: home }))).statusCode).toBe(401);
    expect((await send('pupil', requestOf(contract.getSchoolWorkflow, { uai: home }))).statusCode).toBe(403);
    expect((await send('direction', requestOf(contract.getSchoolWorkflow, { uai: managed }))).statusCode).toBe(404);
    expect((await send('manager', requestOf(contract.getSchoolWorkflow, { uai: home }))).statusCode).toBe(404);
    expect((await send('admin', requestOf(contract.getSchoolWorkflow, { uai: nextUai() }))).statusCode).toBe(404);
    expect((await send('admin', requestOf(contract.getSchoolWorkflow, { uai: '12AB' }))).statusCode).toBe(400);
    expect((await send('direction', requestOf(contract.getSchoolWorkflow, { uai: home }))).statusCode).toBe(200);
    expect((await send('manager', requestOf(contract.getSchoolWorkflow, { uai: managed.toLowerCase() }))).statusCode).toBe(200);
  });
});

describe('PUT /workflows/:uai', () => {
  it('answers 401, 403 without the write right, 404 out of reach, 400 for a malformed body', async () => {
    const steps = await workflowOf(home);
    const action = stepAction(stepOf(steps, 'Sources'), 1);
    expect(
      (await t.app.inject({ ...requestOf(contract.updateSchoolWorkflow, { uai: home }), payload: [action] })).statusCode,
    ).toBe(401);
    expect((await put('direction', home, [action])).statusCode).toBe(403);
    expect((await put('manager', managed, [action])).statusCode).toBe(403);
    expect((await put('admin', nextUai(), [action])).statusCode).toBe(404);
    const malformed = await put('admin', home, [{ action: 'update', data: {} } as never]);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe('validation_failed');
    expect((await put('admin', home, [])).statusCode).toBe(400);
  });

  it('sets a step done with a comment, and answers the fresh workflow', async () => {
    const steps = await workflowOf(home);
    const response = await put('admin', home, [stepAction(stepOf(steps, 'Liste des manuels'), 1, 'Liste reçue')]);
    expect(response.statusCode).toBe(200);
    const answer = contract.updateSchoolWorkflow.answer.parse(response.json());
    expect(answer.status).toBe(200);
    const step = stepOf(answer.data.data, 'Liste des manuels');
    expect(step).toMatchObject({
      statusId: 1,
      itemStatus: 1,
      eventComment: 'Liste reçue',
      modifiedBy: expect.stringMatching(/^Prénom\d+ Nom\d+$/),
    });
    expect(step.eventId).toEqual(expect.any(Number));
    expect(Date.parse(step.modifiedDate!)).toBeGreaterThan(Date.now() - 60_000);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'workflow_step'), eq(auditLog.uai, home)));
    expect(audit.at(-1)).toMatchObject({
      action: 'update',
      entityId: String(step.itemId),
      after: { label: 'Liste des manuels', statusId: 1, comment: 'Liste reçue' },
    });
  });

  it('creates, ticks, renames and deletes sub-steps; the parent shows in progress, then done', async () => {
    let steps = await workflowOf(home);
    const deployment = stepOf(steps, 'Déploiement');
    let response = await put('admin', home, [
      stepAction(deployment, 2),
      subAction(deployment.itemId, ' Tablettes ', 1),
      subAction(deployment.itemId, 'Comptes', 2, 0),
    ]);
    expect(response.statusCode).toBe(200);
    steps = contract.updateSchoolWorkflow.answer.parse(response.json()).data.data;
    expect(steps).toEqual(await workflowOf(home));
    let step = stepOf(steps, 'Déploiement');
    expect(step.subLevels.map((subStep) => [subStep.itemLabel, subStep.statusId, subStep.orderInLevel])).toEqual([
      ['Tablettes', 1, 1],
      ['Comptes', 2, 2],
    ]);
    expect(step.itemStatus).toBe(0);
    const [tablets, accounts] = step.subLevels as [WorkflowStep['subLevels'][0], WorkflowStep['subLevels'][0]];

    response = await put('admin', home, [stepAction(step, 1), subAction(step.itemId, 'Comptes ENT', 1, accounts.itemId)]);
    step = stepOf(contract.updateSchoolWorkflow.answer.parse(response.json()).data.data, 'Déploiement');
    expect(step.subLevels.map((subStep) => subStep.itemLabel)).toEqual(['Tablettes', 'Comptes ENT']);
    expect(step.itemStatus).toBe(1);
    expect(step.subLevels[1]!.itemId).toBe(accounts.itemId);

    // The answer mirrors what was written: a fresh read gives the same workflow.
    expect(contract.updateSchoolWorkflow.answer.parse(response.json()).data.data).toEqual(await workflowOf(home));

    response = await put('admin', home, [subAction(step.itemId, 'Tablettes', 1, tablets.itemId, 'delete')]);
    expect(contract.updateSchoolWorkflow.answer.parse(response.json()).data.data).toEqual(await workflowOf(home));
    step = stepOf(contract.updateSchoolWorkflow.answer.parse(response.json()).data.data, 'Déploiement');
    expect(step.subLevels.map((subStep) => subStep.itemLabel)).toEqual(['Comptes ENT']);
    expect(await t.db.select().from(workflowEvents).where(eq(workflowEvents.itemId, tablets.itemId))).toEqual([]);
    expect(await t.db.select().from(workflowItems).where(eq(workflowItems.id, tablets.itemId))).toEqual([]);
  });

  it('does not touch the date, author or audit of an unchanged item', async () => {
    const before = stepOf(await workflowOf(home), 'Liste des manuels');
    const audits = await t.db.$count(auditLog);
    const response = await put('admin', home, [stepAction(before, before.statusId, before.eventComment)]);
    expect(response.statusCode).toBe(200);
    expect(stepOf(response.json().data.data, 'Liste des manuels').modifiedDate).toBe(before.modifiedDate);
    expect(await t.db.$count(auditLog)).toBe(audits);
  });

  it('applies a reset (buildResetActions) and keeps not-needed steps, comments and sub-steps', async () => {
    let steps = await workflowOf(home);
    const quoteSent = stepOf(steps, 'Devis envoyé');
    await put('admin', home, [
      stepAction(stepOf(steps, 'Sources'), 5),
      stepAction(quoteSent, 2),
      subAction(quoteSent.itemId, 'Envoi', 1),
    ]);
    steps = await workflowOf(home);
    const response = await put('admin', home, contract.buildResetActions(steps));
    expect(response.statusCode).toBe(200);
    steps = contract.updateSchoolWorkflow.answer.parse(response.json()).data.data;
    expect(steps).toEqual(await workflowOf(home));
    expect(stepOf(steps, 'Sources').statusId).toBe(5);
    expect(stepOf(steps, 'Liste des manuels')).toMatchObject({ statusId: 2, eventComment: 'Liste reçue' });
    expect(stepOf(steps, 'Devis envoyé').subLevels).toEqual([]);
    expect(stepOf(steps, 'Déploiement').subLevels.map((subStep) => [subStep.itemLabel, subStep.statusId])).toEqual([
      ['Comptes ENT', 2],
    ]);
    expect(steps.filter((step) => step.itemStatus === 1)).toEqual([]);
  });

  describe('refuses, changing nothing, and lists the reasons in data.errors', () => {
    it.each<[string, (steps: WorkflowStep[]) => WorkflowAction[], string]>([
      [
        'an unknown step',
        () => [
          {
            action: 'insert',
            data: {
              itemLabel: 'Fantôme',
              itemId: 999_999,
              eventId: null,
              parentId: null,
              level: 1,
              statusId: 1,
              eventComment: null,
            },
          },
        ],
        'Étape inconnue',
      ],
      ['a bad status', (steps) => [stepAction(stepOf(steps, 'Sources'), 3)], 'Statut inconnu (3)'],
      [
        'an empty sub-step name',
        (steps) => [subAction(stepOf(steps, 'Sources').itemId, '   ', 1)],
        contract.WORKFLOW_MESSAGES.emptySubStep,
      ],
      [
        'a duplicate sub-step name',
        (steps) => [subAction(stepOf(steps, 'Déploiement').itemId, 'comptes ent ', 1)],
        contract.WORKFLOW_MESSAGES.duplicateSubStep,
      ],
      [
        'two new sub-steps of one name',
        (steps) => [subAction(stepOf(steps, 'Sources').itemId, 'A', 1), subAction(stepOf(steps, 'Sources').itemId, 'a', 2)],
        contract.WORKFLOW_MESSAGES.duplicateSubStep,
      ],
      ['a change to Devis signé', (steps) => [stepAction(stepOf(steps, 'Devis signé'), 1)], 'Devis signé'],
      [
        'a sub-step under Devis signé',
        (steps) => [subAction(stepOf(steps, 'Devis signé').itemId, 'Signature', 1)],
        'Devis signé',
      ],
      [
        'the deletion of a step',
        (steps) => [stepAction(stepOf(steps, 'Sources'), 2, null, 'delete')],
        'ne peut pas être supprimée',
      ],
      [
        'a level-1 action with a parent',
        (steps) => [
          {
            ...stepAction(stepOf(steps, 'Sources'), 1),
            data: { ...stepAction(stepOf(steps, 'Sources'), 1).data, parentId: stepOf(steps, 'PDF envoyé').itemId },
          },
        ],
        'incohérents',
      ],
      [
        'a sub-step under the wrong parent',
        (steps) => [
          subAction(stepOf(steps, 'Sources').itemId, 'Comptes ENT', 1, stepOf(steps, 'Déploiement').subLevels[0]!.itemId),
        ],
        'incohérents',
      ],
    ])('%s', async (_name, build, message) => {
      const steps = await workflowOf(home);
      const before = await snapshotRows(home);
      const actions = [stepAction(stepOf(steps, 'Facturation'), 1, 'ne doit pas rester'), ...build(steps)];
      const response = await put('admin', home, actions);
      expect(response.statusCode).toBe(400);
      const body = contract.workflowUpdateRejectionSchema.parse(response.json());
      expect(body.code).toBe('validation_failed');
      expect(body.data.errors.some((error) => error.includes(message))).toBe(true);
      expect(await snapshotRows(home)).toEqual(before);
    });

    it("another school's sub-step", async () => {
      const theirs = await workflowOf(other);
      const sources = stepOf(theirs, 'Sources');
      const created = await put('admin', other, [subAction(sources.itemId, 'Leur sous-étape', 1)]);
      const theirSubStep = stepOf(created.json().data.data, 'Sources').subLevels[0]!;
      const before = await snapshotRows(home);
      const response = await put('admin', home, [subAction(sources.itemId, 'Renommée', 2, theirSubStep.itemId)]);
      expect(response.statusCode).toBe(400);
      expect(response.json().data.errors).toEqual([expect.stringContaining('Sous-étape inconnue')]);
      expect(await snapshotRows(home)).toEqual(before);
      expect(stepOf(await workflowOf(other), 'Sources').subLevels[0]!.itemLabel).toBe('Leur sous-étape');
    });
  });
});

describe('GET /workflows', () => {
  it('answers one summary per reachable school with pupils, by name', async () => {
    const response = await send('admin', requestOf(contract.listWorkflows));
    expect(response.statusCode).toBe(200);
    const summaries = contract.listWorkflows.answer.parse(response.json());
    const uais = summaries.map((summary) => summary.uai);
    expect(uais).toEqual(expect.arrayContaining([home, managed, other]));
    expect(uais).not.toContain(empty);
    const mine = summaries.find((summary) => summary.uai === home)!;
    expect(Object.keys(mine.steps)).toEqual([...contract.WORKFLOW_STEPS]);
    expect(mine.steps).toMatchObject({ Sources: 5, 'Liste des manuels': 2, 'Devis signé': 2, Déploiement: 2 });
    expect(mine.by).toMatch(/^Prénom\d+ Nom\d+$/);
    expect(Date.parse(mine.lastUpdate!)).toBeGreaterThan(Date.now() - 60_000);
    expect(summaries.find((summary) => summary.uai === managed)).toMatchObject({
      name: 'Lycée Victor Hugo',
      lastUpdate: null,
      by: null,
    });
  });

  it('is scoped: a Gestionnaire sees their schools with pupils; 401 and 403 otherwise', async () => {
    // Not granted by default: an operator may give Gestionnaires the grid.
    await t.db.execute(
      sql`update profile_rights set lecture = 1 where area = 'GlobalMonitoring' and profile_id = ${PROFILES.Gestionnaire}`,
    );
    forgetProfileRights(t.db);
    const manager = await buildUser(t.db, t.env.encryptionKey, { profile: 'Gestionnaire', managedSchools: [managed, empty] });
    const response = await injectAs(
      t.app,
      await signIn(t.app, manager.login, manager.password),
      requestOf(contract.listWorkflows),
    );
    expect(response.json().map((summary: { uai: string }) => summary.uai)).toEqual([managed]);
    expect((await send('direction', requestOf(contract.listWorkflows))).statusCode).toBe(403);
    expect((await t.app.inject(requestOf(contract.listWorkflows))).statusCode).toBe(401);
  });
});
