import { hasRight, workflows, type RightsMap } from '@console/contract';

type WorkflowAction = workflows.WorkflowAction;
type StoredStatusId = workflows.StoredStatusId;

/** Messages of a refused PUT, shown to the user as they are (data.errors). */
export const UPDATE_MESSAGES = {
  emptySubStep: workflows.WORKFLOW_MESSAGES.emptySubStep,
  duplicateSubStep: workflows.WORKFLOW_MESSAGES.duplicateSubStep,
  unknownStep: (label: string) => `Étape inconnue : « ${label} ».`,
  unknownSubStep: (label: string) => `Sous-étape inconnue pour cet établissement : « ${label} ».`,
  badStatus: (label: string, statusId: number) => `Statut inconnu (${statusId}) pour « ${label} » : 1, 2 ou 5 attendu.`,
  levelMismatch: (label: string) => `« ${label} » : niveau ou étape parente incohérents.`,
  quoteSignedReadOnly: `L'étape « ${workflows.QUOTE_SIGNED_STEP} » suit le statut du devis et ne se modifie pas.`,
  stepDelete: (label: string) => `Une étape ne peut pas être supprimée : « ${label} ».`,
} as const;

const STORED_STATUSES: readonly number[] = [1, 2, 5];

/** What a school's workflow holds before a PUT: the global steps and the school's sub-steps. */
export type WorkflowItems = {
  steps: { id: number; label: string }[];
  subSteps: { id: number; parentId: number; label: string }[];
};

/** One change to apply, in the order of the actions. */
export type PlannedChange =
  | { kind: 'set-step'; itemId: number; label: string; statusId: StoredStatusId; comment: string | null }
  | { kind: 'create-sub-step'; parentId: number; label: string; statusId: StoredStatusId; comment: string | null }
  | { kind: 'update-sub-step'; itemId: number; parentId: number; label: string; statusId: StoredStatusId; comment: string | null }
  | { kind: 'delete-sub-step'; itemId: number; parentId: number; label: string };

export type UpdatePlan = { ok: true; changes: PlannedChange[] } | { ok: false; errors: string[] };

function emptyToNull(comment: string | null): string | null {
  return comment === null || comment.trim() === '' ? null : comment;
}

/**
 * Checks a PUT's actions against the school's items and answers the changes to make, or every
 * reason to refuse (then nothing may change). Refused: an unknown step or sub-step (including
 * another school's), a status other than 1, 2 or 5, a level or parent that does not match,
 * an empty sub-step name (insert or delete), two sub-steps with one name under a step (after all
 * the actions), any change to 'Devis signé', the deletion of a step.
 */
export function planWorkflowUpdate(actions: WorkflowAction[], items: WorkflowItems): UpdatePlan {
  const errors = new Set<string>();
  const changes: PlannedChange[] = [];
  const steps = new Map(items.steps.map((step) => [step.id, step]));
  // The school's sub-steps as the actions leave them, for the duplicate-name check at the end.
  const subSteps = new Map(items.subSteps.map((subStep) => [subStep.id, { ...subStep }]));
  const created: { parentId: number; label: string }[] = [];
  const touchedParents = new Set<number>();

  for (const { action, data } of actions) {
    const step = data.level === 1 && data.itemId ? steps.get(data.itemId) : undefined;
    const label = step?.label ?? data.itemLabel;
    if (!STORED_STATUSES.includes(data.statusId)) {
      errors.add(UPDATE_MESSAGES.badStatus(label, data.statusId));
      continue;
    }
    const statusId = data.statusId as StoredStatusId;
    if (data.level === 1) {
      if (data.parentId !== null) errors.add(UPDATE_MESSAGES.levelMismatch(label));
      else if (!step)
        errors.add(subSteps.has(data.itemId ?? -1) ? UPDATE_MESSAGES.levelMismatch(label) : UPDATE_MESSAGES.unknownStep(label));
      else if (step.label === workflows.QUOTE_SIGNED_STEP) errors.add(UPDATE_MESSAGES.quoteSignedReadOnly);
      else if (action === 'delete') errors.add(UPDATE_MESSAGES.stepDelete(step.label));
      else
        changes.push({ kind: 'set-step', itemId: step.id, label: step.label, statusId, comment: emptyToNull(data.eventComment) });
      continue;
    }
    const parent = data.parentId === null ? undefined : steps.get(data.parentId);
    const subLabel = data.itemLabel.trim();
    if (!parent) {
      errors.add(
        data.parentId === null ? UPDATE_MESSAGES.levelMismatch(data.itemLabel) : UPDATE_MESSAGES.unknownStep(data.itemLabel),
      );
      continue;
    }
    if (parent.label === workflows.QUOTE_SIGNED_STEP) {
      errors.add(UPDATE_MESSAGES.quoteSignedReadOnly);
      continue;
    }
    if (subLabel === '') {
      errors.add(UPDATE_MESSAGES.emptySubStep);
      continue;
    }
    touchedParents.add(parent.id);
    if (!data.itemId) {
      if (action === 'delete') errors.add(UPDATE_MESSAGES.unknownSubStep(subLabel));
      else {
        created.push({ parentId: parent.id, label: subLabel });
        changes.push({
          kind: 'create-sub-step',
          parentId: parent.id,
          label: subLabel,
          statusId,
          comment: emptyToNull(data.eventComment),
        });
      }
      continue;
    }
    const subStep = subSteps.get(data.itemId);
    if (!subStep) {
      errors.add(steps.has(data.itemId) ? UPDATE_MESSAGES.levelMismatch(subLabel) : UPDATE_MESSAGES.unknownSubStep(subLabel));
    } else if (subStep.parentId !== parent.id) {
      errors.add(UPDATE_MESSAGES.levelMismatch(subLabel));
    } else if (action === 'delete') {
      subSteps.delete(subStep.id);
      changes.push({ kind: 'delete-sub-step', itemId: subStep.id, parentId: parent.id, label: subStep.label });
    } else {
      subStep.label = subLabel;
      changes.push({
        kind: 'update-sub-step',
        itemId: subStep.id,
        parentId: parent.id,
        label: subLabel,
        statusId,
        comment: emptyToNull(data.eventComment),
      });
    }
  }

  for (const parentId of touchedParents) {
    const names = [...subSteps.values(), ...created]
      .filter((subStep) => subStep.parentId === parentId)
      .map((subStep) => ({ value: subStep.label }));
    const problem = workflows.checkSubStepNames(names);
    if (problem) errors.add(UPDATE_MESSAGES[problem]);
  }
  return errors.size > 0 ? { ok: false, errors: [...errors] } : { ok: true, changes };
}

/** Who may follow workflows live: the tracker's or the global grid's readers. */
export function canFollowWorkflows(rights: RightsMap): boolean {
  return hasRight(rights, 'Monitoring', 'Lecture') || hasRight(rights, 'GlobalMonitoring', 'Lecture');
}
