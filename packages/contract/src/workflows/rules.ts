import type { WorkflowAction, WorkflowStep } from './schemas.js';
import { QUOTE_SENT_STEP, QUOTE_SIGNED_STEP, STATUS_IDS, type StoredStatusId, type SubStepProblem } from './steps.js';

/** The named states of spec 1 §4. */
export type StepState = 'TODO' | 'DOING' | 'DONE' | 'NOT_NEEDED';
export type DisplayedStatus = 0 | 1 | 2 | 5;

/** The server's status list mapping: 1 done, 5 not needed, anything else to do. */
export function normaliseStatusId(statusId: number): StoredStatusId {
  if (statusId === STATUS_IDS.done) return 1;
  if (statusId === STATUS_IDS.notNeeded) return 5;
  return 2;
}

/**
 * The displayed status of a step. Not needed stays not needed; with sub-steps: done when all are
 * done, in progress (0) when some are, else to do; without: its own status.
 */
export function computeDisplayedStatus(step: { statusId: number; subLevels: { statusId: number }[] }): DisplayedStatus {
  const own = normaliseStatusId(step.statusId);
  if (own === 5) return 5;
  if (step.subLevels.length === 0) return own;
  const done = step.subLevels.filter((subStep) => normaliseStatusId(subStep.statusId) === 1).length;
  if (done === step.subLevels.length) return 1;
  return done > 0 ? 0 : 2;
}

export function toStepState(status: DisplayedStatus): StepState {
  switch (status) {
    case 0:
      return 'DOING';
    case 1:
      return 'DONE';
    case 5:
      return 'NOT_NEEDED';
    default:
      return 'TODO';
  }
}

/** The label key of a displayed status: Complété, En cours..., Non nécessaire, Non commencé. */
export const STATUS_LABELS: Record<DisplayedStatus, string> = {
  0: 'En cours...',
  1: 'Complété',
  2: 'Non commencé',
  5: 'Non nécessaire',
};

export type SubStepDraft = { itemId: number | null; eventId: number | null; value: string; isDone: boolean };
export type StepEdit = {
  isNotNeeded: boolean;
  isCompleted: boolean;
  comment: string;
  subSteps: SubStepDraft[];
  deletedSubSteps: SubStepDraft[];
};

/**
 * The state a step takes when saved from the tracker: not needed → NOT_NEEDED; with sub-steps,
 * DONE when all are done else TODO; without, DONE when the completed toggle is on, else TODO.
 */
export function computeStateOnEdit(
  edit: Pick<StepEdit, 'isNotNeeded' | 'isCompleted' | 'subSteps'>,
): 'TODO' | 'DONE' | 'NOT_NEEDED' {
  if (edit.isNotNeeded) return 'NOT_NEEDED';
  if (edit.subSteps.length > 0) return edit.subSteps.every((subStep) => subStep.isDone) ? 'DONE' : 'TODO';
  return edit.isCompleted ? 'DONE' : 'TODO';
}

const STATE_STATUS: Record<'TODO' | 'DONE' | 'NOT_NEEDED', StoredStatusId> = { TODO: 2, DONE: 1, NOT_NEEDED: 5 };

/**
 * The sub-step naming rules (spec 1 §5): an empty name blocks saving or deleting; a duplicate
 * label blocks saving. Answers the problem to warn of, or null.
 */
export function checkSubStepNames(subSteps: { value: string }[]): SubStepProblem | null {
  const labels = subSteps.map((subStep) => subStep.value.trim());
  if (labels.some((label) => label === '')) return 'emptySubStep';
  const seen = new Set<string>();
  for (const label of labels) {
    const key = label.toLocaleLowerCase('fr');
    if (seen.has(key)) return 'duplicateSubStep';
    seen.add(key);
  }
  return null;
}

/** Adding a sub-step while one has an empty name gives the duplicate-name warning (spec 1 §5). */
export function checkCanAddSubStep(subSteps: { value: string }[]): SubStepProblem | null {
  return subSteps.some((subStep) => subStep.value.trim() === '') ? 'duplicateSubStep' : null;
}

/** Deleting a sub-step while another has an empty name gives the empty-name warning (spec 1 §5). */
export function checkCanRemoveSubStep(remaining: { value: string }[]): SubStepProblem | null {
  return remaining.some((subStep) => subStep.value.trim() === '') ? 'emptySubStep' : null;
}

/**
 * The actions saving a step sends: the step's event (state and comment), then its sub-steps —
 * as deletes when the step is not needed, otherwise as inserts — and the removed sub-steps as deletes.
 * Throws for 'Devis signé', which is read-only.
 */
export function buildSaveActions(step: Pick<WorkflowStep, 'itemId' | 'eventId' | 'itemLabel'>, edit: StepEdit): WorkflowAction[] {
  if (step.itemLabel === QUOTE_SIGNED_STEP) throw new Error(`${QUOTE_SIGNED_STEP} is read-only`);
  const state = computeStateOnEdit(edit);
  const actions: WorkflowAction[] = [
    {
      action: 'insert',
      data: {
        itemLabel: step.itemLabel,
        itemId: step.itemId,
        eventId: step.eventId,
        parentId: null,
        level: 1,
        statusId: STATE_STATUS[state],
        eventComment: edit.comment.trim() === '' ? null : edit.comment,
      },
    },
  ];
  const subStepAction = edit.isNotNeeded ? 'delete' : 'insert';
  for (const subStep of edit.subSteps) {
    if (subStepAction === 'delete' && subStep.itemId === null) continue;
    actions.push(subStepActionOf(subStepAction, step.itemId, subStep));
  }
  for (const removed of edit.deletedSubSteps) {
    if (removed.itemId !== null) actions.push(subStepActionOf('delete', step.itemId, removed));
  }
  return actions;
}

function subStepActionOf(action: 'insert' | 'delete', parentId: number, subStep: SubStepDraft): WorkflowAction {
  return {
    action,
    data: {
      itemLabel: subStep.value.trim(),
      itemId: subStep.itemId,
      eventId: subStep.eventId,
      parentId,
      level: 2,
      statusId: subStep.isDone ? 1 : 2,
      eventComment: null,
    },
  };
}

/**
 * The actions resetting a school's workflow (spec 1 §4): not-needed statuses kept, completed
 * steps unticked, sub-steps unticked and kept — except those of 'Devis envoyé', deleted —,
 * comments kept, 'Devis signé' untouched.
 */
export function buildResetActions(steps: WorkflowStep[]): WorkflowAction[] {
  const actions: WorkflowAction[] = [];
  for (const step of steps) {
    if (step.itemLabel === QUOTE_SIGNED_STEP) continue;
    const statusId = normaliseStatusId(step.statusId) === 5 ? 5 : 2;
    actions.push({
      action: 'insert',
      data: {
        itemLabel: step.itemLabel,
        itemId: step.itemId,
        eventId: step.eventId,
        parentId: null,
        level: 1,
        statusId,
        eventComment: step.eventComment,
      },
    });
    const subStepAction = step.itemLabel === QUOTE_SENT_STEP ? 'delete' : 'insert';
    for (const subStep of step.subLevels) {
      const unticked = { itemId: subStep.itemId, eventId: subStep.eventId, value: subStep.itemLabel, isDone: false };
      actions.push(subStepActionOf(subStepAction, step.itemId, unticked));
    }
  }
  return actions;
}
