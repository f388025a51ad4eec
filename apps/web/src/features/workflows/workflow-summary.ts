import { workflows } from '@console/contract';

/**
 * A school's grid row from its full workflow (as 'workflow.uai.data' or a save answers it):
 * the displayed status per step name, and the latest change with its author.
 */
export function summariseWorkflow(uai: string, name: string, steps: workflows.WorkflowStep[]): workflows.SchoolWorkflowSummary {
  let lastUpdate: string | null = null;
  let by: string | null = null;
  const consider = (date: string | null, author: string | null) => {
    if (date !== null && (lastUpdate === null || Date.parse(date) > Date.parse(lastUpdate))) {
      lastUpdate = date;
      by = author;
    }
  };
  for (const step of steps) {
    consider(step.modifiedDate, step.modifiedBy);
    for (const subStep of step.subLevels) consider(subStep.modifiedDate, subStep.modifiedBy);
  }
  return {
    uai,
    name,
    steps: Object.fromEntries(steps.map((step) => [step.itemLabel, workflows.computeDisplayedStatus(step)])),
    lastUpdate,
    by,
  };
}

/** Whether two rows show the same thing (a live event repeating what the row shows is no update). */
export function isSameSummary(first: workflows.SchoolWorkflowSummary, second: workflows.SchoolWorkflowSummary): boolean {
  if (first.name !== second.name || first.lastUpdate !== second.lastUpdate || first.by !== second.by) return false;
  return workflows.WORKFLOW_STEPS.every((step) => first.steps[step] === second.steps[step]);
}
