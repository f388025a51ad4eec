import { workflows } from '@console/contract';
import { Alert, Button, Divider, Group, Stack, Switch, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveWorkflow } from '../api';
import { useStepDraft } from '../hooks/useStepDraft';
import { notifySaveError } from '../save-feedback';
import { addSubStep, prepareSave, removeSubStep, updateSubStep, type StepDraft } from '../step-draft';
import { SUB_STEP_PROBLEM_KEYS } from '../workflow-messages';
import { LastModifiedLine } from './LastModifiedLine';
import { StepStateBadge } from './StepStateBadge';
import { SubStepList } from './SubStepList';

type StepDetailPanelProps = {
  uai: string;
  step: workflows.WorkflowStep;
  index: number;
  canEdit: boolean;
};

/**
 * The selected step: state and name, last change, the not-needed and completed toggles, the
 * sub-steps and the comment, saved with the contract's actions.
 */
export function StepDetailPanel({ uai, step, index, canEdit }: StepDetailPanelProps) {
  const { t } = useTranslation();
  const { draft, isDirty, setDraft, resetTo } = useStepDraft(step);
  const [warning, setWarning] = useState<workflows.SubStepProblem | null>(null);
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const save = useSaveWorkflow(uai);

  const edit = (update: (current: StepDraft) => StepDraft) => {
    setWarning(null);
    setDraft(update);
  };
  const attempt = (result: { draft: StepDraft; warning: workflows.SubStepProblem | null }) => {
    setWarning(result.warning);
    if (!result.warning) setDraft(() => result.draft);
  };

  const handleAdd = () => {
    const result = addSubStep(draft);
    attempt(result);
    setFocusKey(result.warning ? null : (result.draft.subSteps.at(-1)?.key ?? null));
  };

  const handleSave = () => {
    const prepared = prepareSave(step, draft);
    if (prepared.warning !== null) {
      setWarning(prepared.warning);
      return;
    }
    save.mutate(prepared.actions, {
      onSuccess: (workflow) => {
        notifications.show({ color: 'green', message: t('workflow.messages.updated') });
        const saved = workflow.data.find((candidate) => candidate.itemId === step.itemId);
        if (saved) resetTo(saved);
      },
      onError: (error) => notifySaveError(error, t),
    });
  };

  return (
    <Stack gap="md">
      <Stack gap={6}>
        <Group gap="sm" wrap="nowrap" align="center">
          <StepStateBadge status={workflows.computeDisplayedStatus(step)} />
          <Title order={3} fz="h4">
            {index}. {step.itemLabel}
          </Title>
        </Group>
        <LastModifiedLine date={step.modifiedDate} author={step.modifiedBy} />
      </Stack>
      <Divider />
      {!canEdit && (
        <Text size="sm" c="dimmed">
          {t('workflow.read_only')}
        </Text>
      )}
      <Stack gap="sm">
        <Switch
          label={t('workflow.not_needed')}
          checked={draft.isNotNeeded}
          disabled={!canEdit}
          onChange={(event) => {
            const isNotNeeded = event.currentTarget.checked;
            edit((current) => ({ ...current, isNotNeeded }));
          }}
        />
        {draft.subSteps.length === 0 && (
          <Switch
            label={t('workflow.completed')}
            checked={draft.isCompleted && !draft.isNotNeeded}
            disabled={!canEdit || draft.isNotNeeded}
            onChange={(event) => {
              const isCompleted = event.currentTarget.checked;
              edit((current) => ({ ...current, isCompleted }));
            }}
          />
        )}
      </Stack>
      <SubStepList
        subSteps={draft.subSteps}
        canEdit={canEdit}
        focusKey={focusKey}
        onChange={(key, change) => edit((current) => updateSubStep(current, key, change))}
        onDelete={(key) => attempt(removeSubStep(draft, key))}
        onAdd={handleAdd}
      />
      {canEdit || draft.comment ? (
        <Textarea
          label={t('workflow.comment')}
          value={draft.comment}
          readOnly={!canEdit}
          autosize
          minRows={3}
          maxRows={8}
          maxLength={5000}
          onChange={(event) => {
            const comment = event.currentTarget.value;
            edit((current) => ({ ...current, comment }));
          }}
        />
      ) : (
        <Stack gap={4}>
          <Title order={4} fz="sm">
            {t('workflow.comment')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('workflow.no_comment')}
          </Text>
        </Stack>
      )}
      {warning && (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
          {t(SUB_STEP_PROBLEM_KEYS[warning])}
        </Alert>
      )}
      {canEdit && (
        <Group justify="flex-end" gap="md">
          {isDirty && (
            <Text size="sm" c="dimmed">
              {t('workflow.unsaved')}
            </Text>
          )}
          <Button onClick={handleSave} loading={save.isPending} disabled={!isDirty}>
            {t('workflow.save')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
