import type { SessionUser } from '@console/contract';
import { Stack, Tabs, Title } from '@mantine/core';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '#lib/abilities';
import { useSendNotification, type NotificationDraftBody } from '../api';
import { NotificationHistory } from '../history/NotificationHistory';
import { useNotificationSend } from '../hooks/useNotificationSend';
import { NotificationWizard } from '../wizard/NotificationWizard';

type NotificationsTab = 'new' | 'history';

/**
 * The notifications view (spec 3 §2.5), right notifications: a new notification (the wizard:
 * filters and audience, texts, summary and send) and the history. Computing an audience and the
 * history need Lecture; sending needs Ecriture. A send goes on whichever tab shows; once sent, the
 * view turns to the history and the wizard starts afresh.
 */
export function NotificationsView({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const canWrite = can(user, 'notifications', 'Ecriture');
  const [tab, setTab] = useState<NotificationsTab>('new');
  const [wizardKey, setWizardKey] = useState(0);
  const handleSent = useCallback(() => {
    setTab('history');
    setWizardKey((current) => current + 1);
  }, []);
  const { state, send } = useNotificationSend(user.id, handleSent);
  const { mutateAsync: recordAndSend } = useSendNotification();
  const sendDraft = useCallback(
    (draft: NotificationDraftBody, expectedTokens: number) => send(() => recordAndSend(draft), expectedTokens),
    [send, recordAndSend],
  );

  return (
    <Stack gap="lg">
      <Title order={1} fz="h2">
        {t('views.titles.notifications')}
      </Title>
      <Tabs
        value={tab}
        onChange={(next) => setTab(next === 'history' ? 'history' : 'new')}
        keepMounted={false}
        keepMountedMode="display-none"
      >
        <Tabs.List aria-label={t('views.titles.notifications')} mb="lg">
          <Tabs.Tab value="new">{t('notifications.tabs.new')}</Tabs.Tab>
          <Tabs.Tab value="history">{t('notifications.tabs.history')}</Tabs.Tab>
        </Tabs.List>
        {/* Kept (hidden) while the history shows: the draft stays as it was. */}
        <Tabs.Panel value="new" keepMounted>
          <NotificationWizard key={wizardKey} user={user} canWrite={canWrite} sendState={state} onSend={sendDraft} />
        </Tabs.Panel>
        <Tabs.Panel value="history">
          <NotificationHistory />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
