import { workflows } from '@console/contract';

/** A sub-step being edited, with a key that stays stable while its name changes. */
export type EditableSubStep = workflows.SubStepDraft & { key: string };

/** The tracker's edit of one step: what `buildSaveActions` takes, with keyed sub-steps. */
export type StepDraft = Omit<workflows.StepEdit, 'subSteps' | 'deletedSubSteps'> & {
  subSteps: EditableSubStep[];
  deletedSubSteps: EditableSubStep[];
};

/** The draft of a step as the server has it: nothing changed yet. */
export function draftOf(step: workflows.WorkflowStep): StepDraft {
  const status = workflows.normaliseStatusId(step.statusId);
  return {
    isNotNeeded: status === 5,
    isCompleted: status === 1,
    comment: step.eventComment ?? '',
    subSteps: [...step.subLevels]
      .sort((first, second) => first.orderInLevel - second.orderInLevel)
      .map((subStep) => ({
        key: `saved-${subStep.itemId}`,
        itemId: subStep.itemId,
        eventId: subStep.eventId,
        value: subStep.itemLabel,
        isDone: workflows.normaliseStatusId(subStep.statusId) === 1,
      })),
    deletedSubSteps: [],
  };
}

let newSubStepCount = 0;

/** A new, unnamed and unticked sub-step. */
export function newSubStep(): EditableSubStep {
  newSubStepCount += 1;
  return { key: `new-${newSubStepCount}`, itemId: null, eventId: null, value: '', isDone: false };
}

/**
 * Adds an empty sub-step, unless one already has an empty name: then the contract's warning
 * (the duplicate-name one, spec 1 §5) and the draft unchanged.
 */
export function addSubStep(draft: StepDraft): { draft: StepDraft; warning: workflows.SubStepProblem | null } {
  const warning = workflows.checkCanAddSubStep(draft.subSteps);
  if (warning) return { draft, warning };
  return { draft: { ...draft, subSteps: [...draft.subSteps, newSubStep()] }, warning: null };
}

/**
 * Removes a sub-step. An empty name blocks deleting (spec 1 §5): the deletion is refused while
 * another sub-step has no name; the unnamed one itself may always go.
 */
export function removeSubStep(draft: StepDraft, key: string): { draft: StepDraft; warning: workflows.SubStepProblem | null } {
  const remaining = draft.subSteps.filter((subStep) => subStep.key !== key);
  const warning = workflows.checkCanRemoveSubStep(remaining);
  if (warning) return { draft, warning };
  const removed = draft.subSteps.find((subStep) => subStep.key === key);
  const deletedSubSteps = removed && removed.itemId !== null ? [...draft.deletedSubSteps, removed] : draft.deletedSubSteps;
  return { draft: { ...draft, subSteps: remaining, deletedSubSteps }, warning: null };
}

/** Changes one sub-step. */
export function updateSubStep(
  draft: StepDraft,
  key: string,
  change: Partial<Pick<EditableSubStep, 'value' | 'isDone'>>,
): StepDraft {
  return { ...draft, subSteps: draft.subSteps.map((subStep) => (subStep.key === key ? { ...subStep, ...change } : subStep)) };
}

/** Whether two drafts would save the same thing. */
export function isSameDraft(first: StepDraft, second: StepDraft): boolean {
  const comparable = (draft: StepDraft) =>
    JSON.stringify({
      isNotNeeded: draft.isNotNeeded,
      isCompleted: draft.subSteps.length === 0 ? draft.isCompleted : null,
      comment: draft.comment.trim(),
      subSteps: draft.subSteps.map(({ itemId, value, isDone }) => [itemId, value, isDone]),
      deleted: draft.deletedSubSteps.map(({ itemId }) => itemId),
    });
  return comparable(first) === comparable(second);
}

/**
 * The actions saving a draft sends, or the naming warning that blocks the save (spec 1 §5).
 * Throws for 'Devis signé' (read-only), as the contract's rule does.
 */
export function prepareSave(
  step: workflows.WorkflowStep,
  draft: StepDraft,
): { actions: workflows.WorkflowAction[]; warning: null } | { actions: null; warning: workflows.SubStepProblem } {
  const warning = workflows.checkSubStepNames(draft.subSteps);
  if (warning) return { actions: null, warning };
  return { actions: workflows.buildSaveActions(step, draft), warning: null };
}
