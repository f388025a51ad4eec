import type { SessionUser } from '@console/contract';
import { Button, Group, Stack, Stepper, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconSend } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '#lib/abilities';
import { ConfirmDialog } from '#ui/ConfirmDialog';
import { SendingProgress } from '#ui/SendingProgress';
import { useNotificationAudience, type NotificationDraftBody } from '../api';
import type { SendState } from '../hooks/useNotificationSend';
import { audienceTextOf } from '../notification-text';
import {
  audienceBodyOf,
  draftBodyOf,
  filtersKeyOf,
  INITIAL_FILTERS,
  INITIAL_TEXTS,
  textIssuesOf,
  type AudienceCounts,
  type Filters,
  type TextField,
  type Texts,
} from './draft';
import { FiltersStep } from './FiltersStep';
import { SummaryStep } from './SummaryStep';
import { WriteStep } from './WriteStep';

const UNTOUCHED: Record<TextField, boolean> = { title: false, bodyInput: false, linkInput: false };
const LAST_STEP = 2;

type NotificationWizardProps = {
  user: SessionUser;
  /** Whether the user may send (notifications at Ecriture): without it, 'Envoyer' stays off. */
  canWrite: boolean;
  sendState: SendState;
  onSend: (draft: NotificationDraftBody, expectedTokens: number) => void;
};

/**
 * The new notification (spec 3 §2.5), three steps one may go back through: the filters and their
 * audience, the texts with a preview, the summary and the send. Going on from the filters needs
 * their audience computed; from the texts, a title and a description. The send itself (and its
 * progress) is the view's, so that it goes on while the history tab shows.
 */
export function NotificationWizard({ user, canWrite, sendState, onSend }: NotificationWizardProps) {
  const { t, i18n } = useTranslation();
  const hintId = useId();
  const audienceCall = useNotificationAudience();
  const [active, setActive] = useState(0);
  const [filters, setFilters] = useState<Filters>(INITIAL_FILTERS);
  const [texts, setTexts] = useState<Texts>(INITIAL_TEXTS);
  const [touched, setTouched] = useState(UNTOUCHED);
  const [computed, setComputed] = useState<{ key: string; counts: AudienceCounts } | null>(null);
  const [isConfirming, setIsConfirming] = useState(false);
  const canReadCatalogue = can(user, 'Config');
  const filtersKey = filtersKeyOf(filters);
  // An audience holds for the filters it was computed for only.
  const audience = computed?.key === filtersKey ? computed.counts : null;
  const issues = textIssuesOf(texts);
  const isWritten = Object.keys(issues).length === 0;
  const isBusy = sendState.phase !== 'idle';
  const hasNoUser = audience?.nbUsers === 0;

  const computeAudience = () => {
    const key = filtersKey;
    audienceCall.mutate(audienceBodyOf(filters), {
      onSuccess: (counts) => {
        setComputed({ key, counts });
        if (counts.nbTokens === 0) notifications.show({ color: 'orange', message: t('notifications.filters.no_token') });
      },
      onError: () => {
        setComputed(null);
        notifications.show({ color: 'red', message: t('notifications.filters.no_token') });
        notifications.show({ color: 'red', message: t('notifications.filters.no_user') });
      },
    });
  };

  const goNext = () => {
    if (active === 0 && audience) setActive(1);
    if (active !== 1) return;
    if (!isWritten) {
      setTouched({ title: true, bodyInput: true, linkInput: true });
      notifications.show({ color: 'red', message: t('notifications.write.missing') });
      return;
    }
    if (audience) setActive(2);
  };

  const confirmSend = () => {
    setIsConfirming(false);
    if (audience && canWrite && !isBusy) onSend(draftBodyOf(filters, texts), audience.nbTokens);
  };

  const isNextOff = (active === 0 && !audience) || (active === 1 && !isWritten);

  return (
    <Stack gap="lg">
      <Stepper active={active} onStepClick={isBusy ? undefined : setActive} allowNextStepsSelect={false} size="sm">
        <Stepper.Step label={t('notifications.steps.filters')}>
          <FiltersStep
            filters={filters}
            onChange={setFilters}
            audience={audience}
            isComputing={audienceCall.isPending}
            onCompute={computeAudience}
            canReadCatalogue={canReadCatalogue}
          />
        </Stepper.Step>
        <Stepper.Step label={t('notifications.steps.write')}>
          {audience && (
            <WriteStep
              texts={texts}
              onChange={setTexts}
              issues={issues}
              touched={touched}
              onTouch={(field) => setTouched((current) => ({ ...current, [field]: true }))}
              audience={audience}
            />
          )}
        </Stepper.Step>
        <Stepper.Step label={t('notifications.steps.summary')}>
          {audience && (
            <SummaryStep
              filters={filters}
              texts={texts}
              audience={audience}
              canReadCatalogue={canReadCatalogue}
              canWrite={canWrite}
            />
          )}
        </Stepper.Step>
      </Stepper>

      {sendState.phase === 'idle' ? (
        <Stack gap="xs">
          <Group justify="space-between">
            {active > 0 ? (
              <Button variant="default" onClick={() => setActive(active - 1)}>
                {t('notifications.actions.back')}
              </Button>
            ) : (
              <span />
            )}
            {active < LAST_STEP ? (
              <Button onClick={goNext} disabled={isNextOff} aria-describedby={active === 0 && !audience ? hintId : undefined}>
                {t('notifications.actions.next')}
              </Button>
            ) : (
              <Button
                leftSection={<IconSend size={16} aria-hidden />}
                color={hasNoUser ? 'red' : undefined}
                disabled={!canWrite || !audience || hasNoUser}
                onClick={() => setIsConfirming(true)}
              >
                {t('notifications.actions.send')}
              </Button>
            )}
          </Group>
          {active === 0 && !audience && (
            <Text id={hintId} size="sm" c="dimmed" ta="right">
              {t('notifications.filters.compute_first')}
            </Text>
          )}
        </Stack>
      ) : (
        <SendingProgress
          sent={sendState.phase === 'starting' ? 0 : sendState.sent}
          total={sendState.total}
          isDone={sendState.phase === 'sent'}
          label={t('notifications.sending.label')}
          maw={480}
        />
      )}

      <ConfirmDialog
        isOpen={isConfirming}
        title={t('notifications.confirm.title')}
        text={t('notifications.confirm.text', {
          title: texts.title.trim(),
          audience: audience ? audienceTextOf(t, i18n.language, audience) : '',
        })}
        confirmLabel={t('notifications.confirm.confirm')}
        onConfirm={confirmSend}
        onClose={() => setIsConfirming(false)}
      />
    </Stack>
  );
}
