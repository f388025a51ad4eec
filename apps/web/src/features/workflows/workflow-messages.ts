import type { workflows } from '@console/contract';

/** The translation of each sub-step naming problem the contract's rules find (spec 1 §5). */
export const SUB_STEP_PROBLEM_KEYS: Readonly<Record<workflows.SubStepProblem, string>> = {
  emptySubStep: 'workflow.messages.empty_sub_step',
  duplicateSubStep: 'workflow.messages.duplicate_sub_step',
};
