import type { workflows } from '@console/contract';
import type { QuoteSource, QuoteStatus } from '#adapters/quotes/index.js';
import { writeAudit } from '#platform/audit/audit.js';
import { canReachSchool, requireReachableSchool, schoolNotFound } from '#platform/auth/access.js';
import type { ServiceContext } from '#platform/context.js';
import { AppError } from '#platform/errors/app-error.js';
import type { RealtimeHub } from '#platform/realtime/realtime.js';
import { planWorkflowUpdate } from './workflows.policy.js';
import { presentSummaries, presentWorkflows } from './workflows.presenter.js';
import { applyChange, rowsOf, stateOf } from './workflows.apply.js';
import {
  listMonitoredSchools,
  listWorkflowRows,
  lockSchool,
  lockWorkflowRows,
  oneSchool,
  schoolsInScope,
  someSchools,
} from './workflows.repository.js';

type SchoolWorkflow = workflows.SchoolWorkflow;

/** What the workflow services need besides the database and the caller. */
export type WorkflowDeps = { quotes: QuoteSource; realtime: RealtimeHub };
export type WorkflowContext = ServiceContext & WorkflowDeps;

/** A PUT refused by the rules: answered 400 with the messages in `data.errors`, nothing changed. */
export class WorkflowUpdateRejected extends AppError {
  readonly errors: string[];
  constructor(errors: string[]) {
    // The client shows `data.errors` (spec 1 §7); the rest is the shape every error answer shares.
    super('validation_failed', errors.join(' '), { errors }, { data: { errors } });
    this.errors = errors;
  }
}

/** Up to this many schools, bulk reads list their UAIs; past it, they read the caller's scope. */
const UAIS_LISTED_UP_TO = 200;

/** The quote statuses of many schools in one read, where the source allows; none otherwise. */
async function readQuoteStatuses(quotes: QuoteSource, uais: string[]): Promise<Map<string, QuoteStatus>> {
  return quotes.getStatuses ? quotes.getStatuses(uais) : new Map();
}

/** One school's workflow, without a reach or existence check (callers make them). */
async function loadSchoolWorkflow(ctx: WorkflowContext, uai: string): Promise<SchoolWorkflow> {
  const [rows, quote] = await Promise.all([listWorkflowRows(ctx.db, oneSchool(uai)), ctx.quotes.getStatus(uai)]);
  return presentWorkflows([uai], rows, new Map([[uai, quote]])).get(uai)!;
}

export async function getSchoolWorkflow(ctx: WorkflowContext, uai: string): Promise<SchoolWorkflow> {
  await requireReachableSchool(ctx, uai);
  return loadSchoolWorkflow(ctx, uai);
}

/**
 * The workflows of reachable schools (already checked by the caller) for the sockets, in two
 * set-based reads (the rows of all of them in one round trip, then their quotes). 'Devis signé'
 * comes from the source's bulk read when it has one (the database); Dolibarr is never called
 * here — a grid of 2,000 schools would mean 2,000 calls — so it reads to do until the client asks
 * 'workflow.uai.propal', as spec 1 §7 has it.
 */
export async function loadWorkflows(ctx: WorkflowContext, uais: string[]): Promise<Map<string, SchoolWorkflow>> {
  if (uais.length === 0) return new Map();
  // Many UAIs (the global grid): the caller's scope as one condition, rows of other schools
  // being dropped by the presenter; a few: the list itself, so as not to read every school.
  const filter = uais.length > UAIS_LISTED_UP_TO ? schoolsInScope(ctx.actor) : someSchools(uais);
  const [rows, quotes] = await Promise.all([listWorkflowRows(ctx.db, filter), readQuoteStatuses(ctx.quotes, uais)]);
  return presentWorkflows(uais, rows, quotes);
}

/** The global grid: one summary per reachable school with at least one pupil, by name. */
export async function listWorkflowSummaries(ctx: WorkflowContext): Promise<workflows.SchoolWorkflowSummary[]> {
  const schools = await listMonitoredSchools(ctx.db, ctx.actor);
  if (schools.length === 0) return [];
  const [rows, quotes] = await Promise.all([
    listWorkflowRows(ctx.db, schoolsInScope(ctx.actor)),
    readQuoteStatuses(
      ctx.quotes,
      schools.map((school) => school.uai),
    ),
  ]);
  return presentSummaries(schools, rows, quotes);
}

/**
 * Applies a PUT's actions to a school's workflow in one transaction, under a lock on the school
 * row (so that two saves never check names against a state the other is changing). Throws
 * `not_found` out of reach, WorkflowUpdateRejected (nothing changed) when the rules refuse any
 * action. Then emits the fresh workflow to the school's room and answers it.
 */
export async function updateSchoolWorkflow(
  ctx: WorkflowContext,
  uai: string,
  actions: workflows.WorkflowAction[],
): Promise<SchoolWorkflow> {
  // Scope first (no query for an Administrateur or a school administrator); the lock then tells an unknown school.
  if (!(await canReachSchool(ctx, uai))) throw schoolNotFound();
  // Read before the change (which leaves it as it is): once the change commits, nothing can fail the answer.
  const quote = await ctx.quotes.getStatus(uai);
  const rows = await ctx.db.transaction(async (tx) => {
    const current = await lockWorkflowRows(tx, uai);
    if (!current) throw schoolNotFound();
    const plan = planWorkflowUpdate(actions, {
      steps: current.steps,
      subSteps: current.subSteps.map((subStep) => ({ id: subStep.id, parentId: subStep.parentId, label: subStep.label })),
    });
    if (!plan.ok) throw new WorkflowUpdateRejected(plan.errors);
    const state = stateOf(uai, current);
    const now = new Date();
    for (const change of plan.changes) await applyChange(tx, ctx.actor, state, change, now);
    return rowsOf(state);
  });
  const fresh = presentWorkflows([uai], rows, new Map([[uai, quote]])).get(uai)!;
  ctx.realtime.emitToSchool(uai, 'workflow.uai.data', { uai, ...fresh });
  return fresh;
}

export async function getQuoteStatus(ctx: WorkflowContext, uai: string): Promise<{ uai: string; status: QuoteStatus }> {
  await requireReachableSchool(ctx, uai);
  return { uai, status: await ctx.quotes.getStatus(uai) };
}

/**
 * Sets a school's quote status where the database is the source (audited, one transaction).
 * Throws `not_found` out of reach, `conflict` when Dolibarr is the source. Emits the new status
 * and the school's workflow ('Devis signé' follows it) to the school's room.
 */
export async function setQuoteStatus(
  ctx: WorkflowContext,
  uai: string,
  status: QuoteStatus,
): Promise<{ uai: string; status: QuoteStatus }> {
  await requireReachableSchool(ctx, uai);
  const setStatus = ctx.quotes.setStatus;
  if (!setStatus)
    throw new AppError('conflict', 'The quote status comes from Dolibarr and cannot be set here', {
      reason: 'quote_source_external',
    });
  // The workflow the rooms are sent is read inside the transaction: once it commits, nothing can fail the answer.
  const rows = await ctx.db.transaction(async (tx) => {
    if (!(await lockSchool(tx, uai))) throw schoolNotFound();
    const { before } = await setStatus(tx, uai, status, ctx.actor);
    await writeAudit(tx, {
      actor: ctx.actor,
      action: 'update',
      entity: 'workflow_quote',
      entityId: uai,
      uai,
      before: { status: before },
      after: { status },
    });
    return listWorkflowRows(tx, oneSchool(uai));
  });
  ctx.realtime.emitToSchool(uai, 'workflow.uai.propal.status', { uai, status });
  ctx.realtime.emitToSchool(uai, 'workflow.uai.data', {
    uai,
    ...presentWorkflows([uai], rows, new Map([[uai, status]])).get(uai)!,
  });
  return { uai, status };
}
