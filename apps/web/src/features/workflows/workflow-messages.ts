import { workflows } from '@console/contract';

const MESSAGE_KEYS: Record<string, string> = {
  [workflows.WORKFLOW_MESSAGES.updated]: 'workflow.messages.updated',
  [workflows.WORKFLOW_MESSAGES.emptySubStep]: 'workflow.messages.empty_sub_step',
  [workflows.WORKFLOW_MESSAGES.duplicateSubStep]: 'workflow.messages.duplicate_sub_step',
};

/** The translation key of one of the contract's workflow messages (spec 1 §5, §8); null for another text. */
export function messageKeyOf(message: string): string | null {
  return MESSAGE_KEYS[message] ?? null;
}
