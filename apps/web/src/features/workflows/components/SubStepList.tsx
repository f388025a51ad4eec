import { Button, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { EditableSubStep } from '../step-draft';
import { SubStepRow } from './SubStepRow';

type SubStepListProps = {
  subSteps: EditableSubStep[];
  canEdit: boolean;
  /** The key of the sub-step just added, which takes the focus. */
  focusKey: string | null;
  onChange: (key: string, change: Partial<Pick<EditableSubStep, 'value' | 'isDone'>>) => void;
  onDelete: (key: string) => void;
  onAdd: () => void;
};

/** The sub-steps of a step, and 'Ajouter une sous-étape'. */
export function SubStepList({ subSteps, canEdit, focusKey, onChange, onDelete, onAdd }: SubStepListProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Title order={4} fz="sm">
        {t('workflow.sub_steps')}
      </Title>
      {subSteps.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('workflow.no_sub_steps')}
        </Text>
      ) : (
        <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {subSteps.map((subStep, position) => (
            <SubStepRow
              key={subStep.key}
              subStep={subStep}
              index={position + 1}
              canEdit={canEdit}
              autoFocus={subStep.key === focusKey}
              onChange={(change) => onChange(subStep.key, change)}
              onDelete={() => onDelete(subStep.key)}
            />
          ))}
        </Stack>
      )}
      {canEdit && (
        <Button variant="light" leftSection={<IconPlus size={16} />} onClick={onAdd} style={{ alignSelf: 'flex-start' }}>
          {t('workflow.add_sub_step')}
        </Button>
      )}
    </Stack>
  );
}
