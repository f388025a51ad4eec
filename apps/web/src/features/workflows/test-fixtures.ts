import { workflows } from '@console/contract';

type StepOverrides = Partial<Omit<workflows.WorkflowStep, 'subLevels'>> & { subLevels?: Partial<workflows.WorkflowSubStep>[] };

/**
 * A school's workflow as GET /workflows/{uai} answers it: the 13 steps (item ids 1 to 13), to do,
 * with the given changes by step name. Test data only.
 */
export function buildWorkflow(
  changes: Partial<Record<workflows.WorkflowStepName, StepOverrides>> = {},
): workflows.SchoolWorkflow {
  const data = workflows.WORKFLOW_STEPS.map((name, index): workflows.WorkflowStep => {
    const { subLevels = [], ...overrides } = changes[name] ?? {};
    const itemId = index + 1;
    const subSteps = subLevels.map((subStep, position): workflows.WorkflowSubStep => ({
      itemId: 100 + itemId * 10 + position,
      itemLabel: `Sous-étape ${position + 1}`,
      level: 2,
      parentId: itemId,
      orderInLevel: position + 1,
      eventId: 1000 + itemId * 10 + position,
      statusId: 2,
      modifiedDate: null,
      modifiedBy: null,
      ...subStep,
    }));
    const step = {
      itemId,
      itemLabel: name,
      level: 1 as const,
      parentId: null,
      orderInLevel: itemId,
      eventId: 500 + itemId,
      statusId: 2 as const,
      eventComment: null,
      modifiedDate: null,
      modifiedBy: null,
      ...overrides,
      subLevels: subSteps,
    };
    return { ...step, itemStatus: workflows.computeDisplayedStatus(step) };
  });
  return { data, statusList: [...workflows.STATUS_LIST] };
}
