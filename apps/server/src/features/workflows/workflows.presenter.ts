import { workflows } from '@console/contract';
import type { EventRow, StepRow, SubStepRow, WorkflowRows } from './workflows.repository.js';

type SchoolWorkflow = workflows.SchoolWorkflow;
type WorkflowStep = workflows.WorkflowStep;
type QuoteStatus = workflows.QuoteStatus;

/** The status list every workflow answer carries (spec 1 §3: statusLabel, statusId). */
export const STATUS_LIST = workflows.STATUS_LIST.map((entry) => ({ statusId: entry.statusId, statusLabel: entry.statusLabel }));

/** 'Devis signé' is done once the quote is signed; every other quote status reads as to do. */
export function quoteSignedStatusId(status: QuoteStatus | undefined): 1 | 2 {
  return status === 'signed' ? 1 : 2;
}

function isoOf(date: Date | null | undefined): string | null {
  return date ? date.toISOString() : null;
}

/** The rows of many schools, indexed once (so that building 2,000 workflows stays linear). */
type Indexed = { subStepsByParent: Map<string, SubStepRow[]>; eventByItem: Map<string, EventRow> };

function indexRows(rows: WorkflowRows): Indexed {
  const subStepsByParent = new Map<string, SubStepRow[]>();
  for (const subStep of rows.subSteps) {
    const key = `${subStep.uai}/${subStep.parentId}`;
    const list = subStepsByParent.get(key);
    if (list) list.push(subStep);
    else subStepsByParent.set(key, [subStep]);
  }
  const eventByItem = new Map<string, EventRow>();
  for (const event of rows.events) eventByItem.set(`${event.uai}/${event.itemId}`, event);
  return { subStepsByParent, eventByItem };
}

function presentSteps(uai: string, steps: StepRow[], indexed: Indexed, quote: QuoteStatus | undefined): WorkflowStep[] {
  return steps.map((step) => {
    if (step.label === workflows.QUOTE_SIGNED_STEP) {
      // Read-only: derived from the quote status, never from an event or sub-steps.
      const statusId = quoteSignedStatusId(quote);
      return {
        itemId: step.id,
        itemLabel: step.label,
        level: 1 as const,
        parentId: null,
        orderInLevel: step.orderInLevel,
        eventId: null,
        statusId,
        itemStatus: statusId,
        eventComment: null,
        modifiedDate: null,
        modifiedBy: null,
        subLevels: [],
      };
    }
    const event = indexed.eventByItem.get(`${uai}/${step.id}`);
    const subLevels = (indexed.subStepsByParent.get(`${uai}/${step.id}`) ?? []).map((subStep) => {
      const subEvent = indexed.eventByItem.get(`${uai}/${subStep.id}`);
      return {
        itemId: subStep.id,
        itemLabel: subStep.label,
        level: 2 as const,
        parentId: step.id,
        orderInLevel: subStep.orderInLevel,
        eventId: subEvent?.id ?? null,
        statusId: workflows.normaliseStatusId(subEvent?.statusId ?? 2),
        modifiedDate: isoOf(subEvent?.modifiedAt),
        modifiedBy: subEvent?.modifiedBy ?? null,
      };
    });
    const statusId = workflows.normaliseStatusId(event?.statusId ?? 2);
    return {
      itemId: step.id,
      itemLabel: step.label,
      level: 1 as const,
      parentId: null,
      orderInLevel: step.orderInLevel,
      eventId: event?.id ?? null,
      statusId,
      itemStatus: workflows.computeDisplayedStatus({ statusId, subLevels }),
      eventComment: event?.comment ?? null,
      modifiedDate: isoOf(event?.modifiedAt),
      modifiedBy: event?.modifiedBy ?? null,
      subLevels,
    };
  });
}

/**
 * The workflow of each given school from the rows of all of them: steps in order, each with its
 * sub-steps, stored and displayed status (computeDisplayedStatus), comment and last change.
 */
export function presentWorkflows(
  uais: string[],
  rows: WorkflowRows,
  quotes: Map<string, QuoteStatus>,
): Map<string, SchoolWorkflow> {
  const indexed = indexRows(rows);
  const result = new Map<string, SchoolWorkflow>();
  for (const uai of uais)
    result.set(uai, { data: presentSteps(uai, rows.steps, indexed, quotes.get(uai)), statusList: STATUS_LIST });
  return result;
}

/** A school's row of the global grid: displayed status per step name, and its latest event. */
export function presentSummaries(
  schools: { uai: string; name: string }[],
  rows: WorkflowRows,
  quotes: Map<string, QuoteStatus>,
): workflows.SchoolWorkflowSummary[] {
  const indexed = indexRows(rows);
  const latest = new Map<string, EventRow>();
  for (const event of rows.events) {
    const current = latest.get(event.uai);
    if (!current || event.modifiedAt > current.modifiedAt) latest.set(event.uai, event);
  }
  return schools.map((school) => {
    const steps: Record<string, 0 | 1 | 2 | 5> = {};
    for (const step of presentSteps(school.uai, rows.steps, indexed, quotes.get(school.uai)))
      steps[step.itemLabel] = step.itemStatus;
    const last = latest.get(school.uai);
    return { uai: school.uai, name: school.name, steps, lastUpdate: isoOf(last?.modifiedAt), by: last?.modifiedBy ?? null };
  });
}
