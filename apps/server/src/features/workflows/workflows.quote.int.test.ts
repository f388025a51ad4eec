import { workflows as contract } from '@console/contract';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, workflowQuotes } from '#platform/db/schema/index.js';
import { createTestContext, injectAs, requestOf, signIn, type TestContext } from '#test/context.js';
import { buildSchool, buildUser, nextUai } from '#test/factories.js';
import { startFakeDolibarr, type FakeDolibarr } from '#test/fakes/dolibarr.js';

type Who = 'admin' | 'manager' | 'direction';

async function setUp(t: TestContext) {
  const key = t.env.encryptionKey;
  const home = (await buildSchool(t.db)).uai;
  const other = (await buildSchool(t.db)).uai;
  for (const uai of [home, other]) await buildUser(t.db, key, { profile: 'Eleve', uai });
  const admin = await buildUser(t.db, key, { profile: 'Administrateur' });
  const manager = await buildUser(t.db, key, { profile: 'Gestionnaire', managedSchools: [home] });
  const direction = await buildUser(t.db, key, { profile: 'Administrateur établissement', uai: home });
  const cookies: Record<Who, string> = {
    admin: await signIn(t.app, admin.login, admin.password),
    manager: await signIn(t.app, manager.login, manager.password),
    direction: await signIn(t.app, direction.login, direction.password),
  };
  const call = (who: Who, request: InjectOptions, payload?: unknown) =>
    injectAs(t.app, cookies[who], { ...request, ...(payload !== undefined && { payload: payload as object }) });
  const quoteSigned = async (uai: string) => {
    const response = await call('admin', requestOf(contract.getSchoolWorkflow, { uai }));
    return contract.getSchoolWorkflow.answer.parse(response.json()).data.find((step) => step.itemLabel === 'Devis signé')!;
  };
  return { home, other, call, quoteSigned };
}

describe('quote status kept in the database (embedded default)', () => {
  let t: TestContext;
  let s: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    t = await createTestContext();
    s = await setUp(t);
  });
  afterAll(() => t.close());

  it("reads 'none' before anyone set it, and 'Devis signé' as to do", async () => {
    const response = await s.call('direction', requestOf(contract.getQuoteStatus, { uai: s.home }));
    expect(response.statusCode).toBe(200);
    expect(contract.getQuoteStatus.answer.parse(response.json())).toEqual({ uai: s.home, status: 'none' });
    expect(await s.quoteSigned(s.home)).toMatchObject({ statusId: 2, itemStatus: 2, eventId: null, subLevels: [] });
  });

  it("sets it (audited); 'Devis signé' is done once signed, in the tracker and the grid", async () => {
    const response = await s.call('admin', requestOf(contract.setQuoteStatus, { uai: s.home }), { status: 'signed' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ uai: s.home, status: 'signed' });
    expect((await s.call('manager', requestOf(contract.getQuoteStatus, { uai: s.home }))).json().status).toBe('signed');
    expect(await s.quoteSigned(s.home)).toMatchObject({ statusId: 1, itemStatus: 1 });
    const grid = contract.listWorkflows.answer.parse((await s.call('admin', requestOf(contract.listWorkflows))).json());
    expect(grid.find((row) => row.uai === s.home)!.steps['Devis signé']).toBe(1);
    expect(grid.find((row) => row.uai === s.other)!.steps['Devis signé']).toBe(2);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'workflow_quote'), eq(auditLog.entityId, s.home)));
    expect(audit).toMatchObject({ action: 'update', before: { status: 'none' }, after: { status: 'signed' } });

    await s.call('admin', requestOf(contract.setQuoteStatus, { uai: s.home }), { status: 'refused' });
    expect(await s.quoteSigned(s.home)).toMatchObject({ statusId: 2 });
    expect(
      await t.db.select({ status: workflowQuotes.status }).from(workflowQuotes).where(eq(workflowQuotes.uai, s.home)),
    ).toEqual([{ status: 'refused' }]);
  });

  it('answers 401, 403 without the right, 404 out of reach, 400 for a bad status', async () => {
    expect((await t.app.inject(requestOf(contract.getQuoteStatus, { uai: s.home }))).statusCode).toBe(401);
    expect(
      (await t.app.inject({ ...requestOf(contract.setQuoteStatus, { uai: s.home }), payload: { status: 'signed' } })).statusCode,
    ).toBe(401);
    expect((await s.call('manager', requestOf(contract.setQuoteStatus, { uai: s.home }), { status: 'signed' })).statusCode).toBe(
      403,
    );
    expect((await s.call('direction', requestOf(contract.getQuoteStatus, { uai: s.other }))).statusCode).toBe(404);
    expect((await s.call('admin', requestOf(contract.setQuoteStatus, { uai: nextUai() }), { status: 'signed' })).statusCode).toBe(
      404,
    );
    expect((await s.call('admin', requestOf(contract.setQuoteStatus, { uai: s.home }), { status: 'maybe' })).statusCode).toBe(
      400,
    );
  });
});

describe('quote status from Dolibarr (DOLIBARR_URL set)', () => {
  let t: TestContext;
  let s: Awaited<ReturnType<typeof setUp>>;
  let fake: FakeDolibarr;
  beforeAll(async () => {
    fake = await startFakeDolibarr({ slowMs: 6_000 });
    t = await createTestContext({ DOLIBARR_URL: fake.url, DOLIBARR_API_KEY: fake.apiKey, DOLIBARR_TIMEOUT_MS: '2000' });
    s = await setUp(t);
    fake.addProposal(s.home, 2);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it("reads the school's newest proposal; 'Devis signé' follows it", async () => {
    expect((await s.call('direction', requestOf(contract.getQuoteStatus, { uai: s.home }))).json()).toEqual({
      uai: s.home,
      status: 'signed',
    });
    expect((await s.call('admin', requestOf(contract.getQuoteStatus, { uai: s.other }))).json()).toEqual({
      uai: s.other,
      status: 'none',
    });
    expect(await s.quoteSigned(s.home)).toMatchObject({ statusId: 1 });
  });

  it('refuses to set the status here (409)', async () => {
    const response = await s.call('admin', requestOf(contract.setQuoteStatus, { uai: s.home }), { status: 'refused' });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('conflict');
  });

  it('shows pending, never a 500, when Dolibarr is down or slow', async () => {
    for (const mode of ['down', 'slow'] as const) {
      fake.setMode(mode);
      const response = await s.call('admin', requestOf(contract.getQuoteStatus, { uai: s.home }));
      expect(response.statusCode).toBe(200);
      expect(response.json().status).toBe('pending');
      expect((await s.call('admin', requestOf(contract.getSchoolWorkflow, { uai: s.home }))).statusCode).toBe(200);
    }
    fake.setMode('ok');
  });
});
