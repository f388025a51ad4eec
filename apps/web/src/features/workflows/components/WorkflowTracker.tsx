import { workflows, type SessionUser } from '@console/contract';
import { Alert, Button, Grid, Group, Paper, Stack, Text, Title, type TitleOrder } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconRefresh } from '@tabler/icons-react';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '#lib/abilities';
import { useQuoteStatus, useSchoolWorkflow } from '../api';
import { useSchoolLiveWorkflow } from '../hooks/useSchoolLiveWorkflow';
import { quoteSignedStatusOf } from '../status-appearance';
import { summariseWorkflow } from '../workflow-summary';
import { LiveStatusBadge } from './LiveStatusBadge';
import { QuoteStepDetail } from './QuoteStepDetail';
import { ResetWorkflowButton } from './ResetWorkflowButton';
import { StepDetailPanel } from './StepDetailPanel';
import { TimelineSkeleton } from './TimelineSkeleton';
import { stepTabId, WorkflowTimeline, type TimelineStep } from './WorkflowTimeline';

type WorkflowTrackerProps = {
  uai: string;
  user: SessionUser;
  schoolName: string | null;
  headingLevel?: TitleOrder;
  /** Shown at the end of the title line (the panel's close button). */
  headerAction?: ReactNode;
};

/** The status a step shows: 'Devis signé' follows the quote status, the others their own rule. */
function displayedStatusOf(step: workflows.WorkflowStep, quote: workflows.QuoteStatus | undefined): workflows.DisplayedStatus {
  const own = workflows.computeDisplayedStatus(step);
  return step.itemLabel === workflows.QUOTE_SIGNED_STEP ? quoteSignedStatusOf(quote, own) : own;
}

/**
 * One school's workflow tracker (spec 1 §2): the timeline of its steps, the detail panel of the
 * selected one, 'Synchroniser' and 'Remise à zéro'. Follows other users' saves live.
 */
export function WorkflowTracker({ uai, user, schoolName, headingLevel = 2, headerAction }: WorkflowTrackerProps) {
  const { t } = useTranslation();
  const idPrefix = useId();
  const panelId = `${idPrefix}-panel`;
  const workflow = useSchoolWorkflow(uai);
  const quote = useQuoteStatus(uai);
  const live = useSchoolLiveWorkflow(uai, user.id);
  const [selectedName, setSelectedName] = useState<string | null>(null);
  // Bumped by a synchronisation or a reset: the detail panel starts again from the server's data.
  const [generation, setGeneration] = useState(0);
  const [isSynchronising, setIsSynchronising] = useState(false);
  const canEdit = can(user, 'Monitoring', 'Ecriture');

  const steps = [...(workflow.data?.data ?? [])].sort((first, second) => first.orderInLevel - second.orderInLevel);
  const quoteStatus = quote.data?.status;
  const timelineSteps: TimelineStep[] = steps.map((step) => ({
    name: step.itemLabel,
    status: displayedStatusOf(step, quoteStatus),
    hasComment: Boolean(step.eventComment?.trim()),
  }));
  const firstOpen = timelineSteps.find((step) => step.status !== 1 && step.status !== 5) ?? timelineSteps[0];
  const selected =
    steps.find((step) => step.itemLabel === selectedName) ?? steps.find((step) => step.itemLabel === firstOpen?.name);
  const selectedIndex = selected ? steps.indexOf(selected) + 1 : 0;

  const follower =
    (workflow.data && summariseWorkflow(uai, '', workflow.data.data).by) || `${user.firstname} ${user.lastname}`.trim();
  const schoolLabel = schoolName ? t('workflow.school', { name: schoolName, uai }) : uai;

  const handleSynchronise = async () => {
    setIsSynchronising(true);
    live.requestFresh();
    const [fresh] = await Promise.all([workflow.refetch(), quote.refetch()]);
    setIsSynchronising(false);
    setGeneration((current) => current + 1);
    if (fresh.isSuccess) notifications.show({ color: 'green', message: t('workflow.synchronised') });
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Title order={headingLevel} fz="h3">
            {t('workflow.tracker_title', { name: follower })}
          </Title>
          <Text size="sm" c="dimmed">
            {schoolLabel}
          </Text>
        </Stack>
        <Group gap="sm">
          <LiveStatusBadge status={live.status} />
          {headerAction}
        </Group>
      </Group>
      {workflow.isError && !workflow.data ? (
        <Alert color="red" variant="light" title={t('workflow.load_failed')}>
          <Button variant="light" color="red.9" size="xs" mt="xs" onClick={() => workflow.refetch()}>
            {t('workflow.retry')}
          </Button>
        </Alert>
      ) : (
        <Grid gap="lg" align="flex-start">
          <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
            <Stack gap="md">
              <Group gap="xs">
                <Button
                  variant="default"
                  leftSection={<IconRefresh size={16} />}
                  loading={isSynchronising}
                  onClick={handleSynchronise}
                >
                  {t('workflow.synchronise')}
                </Button>
                {canEdit && (
                  <ResetWorkflowButton
                    uai={uai}
                    schoolLabel={schoolLabel}
                    isDisabled={!workflow.data}
                    onReset={() => setGeneration((current) => current + 1)}
                  />
                )}
              </Group>
              {workflow.data ? (
                <WorkflowTimeline
                  idPrefix={idPrefix}
                  panelId={panelId}
                  steps={timelineSteps}
                  selectedName={selected?.itemLabel ?? ''}
                  onSelect={setSelectedName}
                />
              ) : (
                <TimelineSkeleton />
              )}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
            {selected && (
              <Paper
                withBorder
                radius="md"
                p="lg"
                shadow="xs"
                role="tabpanel"
                id={panelId}
                aria-labelledby={stepTabId(idPrefix, selectedIndex)}
                tabIndex={0}
                mah="70vh"
                style={{ overflowY: 'auto' }}
              >
                {selected.itemLabel === workflows.QUOTE_SIGNED_STEP ? (
                  <QuoteStepDetail
                    step={selected}
                    index={selectedIndex}
                    status={displayedStatusOf(selected, quoteStatus)}
                    quote={quoteStatus}
                  />
                ) : (
                  <StepDetailPanel
                    key={`${selected.itemLabel}-${generation}`}
                    uai={uai}
                    step={selected}
                    index={selectedIndex}
                    canEdit={canEdit}
                  />
                )}
              </Paper>
            )}
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}
