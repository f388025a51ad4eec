import type { workflows } from '@console/contract';
import { useState } from 'react';
import { draftOf, isSameDraft, type StepDraft } from '../step-draft';

type Tracked = { step: workflows.WorkflowStep; draft: StepDraft };

/**
 * The edit of the selected step. When the server's step changes (a save, another user's change
 * arriving live), the draft follows it — unless the user has unsaved edits of this very step,
 * which are kept; selecting another step starts from that step.
 */
export function useStepDraft(step: workflows.WorkflowStep) {
  const [tracked, setTracked] = useState<Tracked>(() => ({ step, draft: draftOf(step) }));
  const isDirty = !isSameDraft(tracked.draft, draftOf(tracked.step));

  let current = tracked;
  if (tracked.step !== step) {
    const keepsEdits = isDirty && tracked.step.itemId === step.itemId;
    current = { step, draft: keepsEdits ? tracked.draft : draftOf(step) };
    setTracked(current);
  }

  const setDraft = (update: (draft: StepDraft) => StepDraft) =>
    setTracked((previous) => ({ ...previous, draft: update(previous.draft) }));
  /** Starts again from a step as saved (the answer of a save). */
  const resetTo = (saved: workflows.WorkflowStep) => setTracked({ step: saved, draft: draftOf(saved) });

  return { draft: current.draft, isDirty: !isSameDraft(current.draft, draftOf(current.step)), setDraft, resetTo };
}
