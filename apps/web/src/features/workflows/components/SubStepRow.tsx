import { ActionIcon, Checkbox, Group, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { EditableSubStep } from '../step-draft';

type SubStepRowProps = {
  subStep: EditableSubStep;
  index: number;
  canEdit: boolean;
  autoFocus: boolean;
  onChange: (change: Partial<Pick<EditableSubStep, 'value' | 'isDone'>>) => void;
  onDelete: () => void;
};

/** One sub-step: done or not, its editable name, and a delete button. */
export function SubStepRow({ subStep, index, canEdit, autoFocus, onChange, onDelete }: SubStepRowProps) {
  const { t } = useTranslation();
  return (
    <Group gap="sm" wrap="nowrap" component="li">
      <Checkbox
        aria-label={t('workflow.sub_step_done', { index })}
        checked={subStep.isDone}
        disabled={!canEdit}
        onChange={(event) => onChange({ isDone: event.currentTarget.checked })}
      />
      <TextInput
        aria-label={t('workflow.sub_step_name', { index })}
        value={subStep.value}
        readOnly={!canEdit}
        variant={canEdit ? 'default' : 'filled'}
        autoFocus={autoFocus}
        maxLength={200}
        flex={1}
        styles={subStep.isDone ? { input: { textDecoration: 'line-through', color: 'var(--mantine-color-dimmed)' } } : undefined}
        onChange={(event) => onChange({ value: event.currentTarget.value })}
      />
      {canEdit && (
        <ActionIcon
          variant="subtle"
          color="red.9"
          size="lg"
          aria-label={t('workflow.delete_sub_step', { index })}
          onClick={onDelete}
        >
          <IconTrash size={18} stroke={1.6} />
        </ActionIcon>
      )}
    </Group>
  );
}
