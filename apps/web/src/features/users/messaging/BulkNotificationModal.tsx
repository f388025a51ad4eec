import { notifications, type SchoolUser, type SessionUser } from '@console/contract';
import { Progress, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '#lib/abilities';
import { formatCount } from '#lib/format';
import { firstMessages, translateMessage } from '#lib/forms';
import { useNotificationSend, type SendState } from '#features/notifications/api';
import { useNotifyUsers } from '../api';
import { BulkModal } from '../bulk/BulkModal';

type BulkNotificationModalProps = { user: SessionUser; selected: readonly SchoolUser[]; onClose: () => void };

type Texts = { title: string; message: string; link: string };
type TextField = keyof Texts;

const EMPTY: Texts = { title: '', message: '', link: '' };
const UNTOUCHED: Record<TextField, boolean> = { title: false, message: false, link: false };
const TEXT_FIELDS: readonly TextField[] = ['title', 'message', 'link'];

/** The message key of each text the contract refuses (title and message required, their lengths, a link's form). */
function textIssuesOf(texts: Texts): Partial<Record<TextField, string>> {
  const parsed = notifications.notifyUsersBodySchema.omit({ ids: true }).safeParse(texts);
  if (parsed.success) return {};
  const messages = firstMessages(parsed.error.issues);
  return Object.fromEntries(TEXT_FIELDS.filter((field) => messages[field]).map((field) => [field, messages[field]!]));
}

/** The share of the tokens tried, in whole percent (a send over no token is whole once done). */
function sentPercentOf(sent: number, total: number, isDone: boolean): number {
  if (total <= 0) return isDone ? 100 : 0;
  return Math.min(100, Math.max(0, Math.round((sent / total) * 100)));
}

/** The send's progress: a bar named 'Envoi des notifications', its value the share tried, its text 'sent / total'. */
function NotificationProgress({ state }: { state: Exclude<SendState, { phase: 'idle' }> }) {
  const { t, i18n } = useTranslation();
  const textId = useId();
  const sent = state.phase === 'starting' ? 0 : state.sent;
  const isDone = state.phase === 'sent';
  const percent = sentPercentOf(sent, state.total, isDone);
  const counts = t('notifications.sending.count', {
    sent: formatCount(sent, i18n.language),
    total: formatCount(state.total, i18n.language),
  });
  return (
    <Stack gap={4}>
      <Progress.Root size="lg">
        <Progress.Section
          value={percent}
          color={isDone ? 'teal.9' : undefined}
          animated={!isDone}
          // Mantine's own attributes would read '40%'; the text says how many of how many.
          withAria={false}
          role="progressbar"
          aria-label={t('notifications.sending.label')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={counts}
          aria-describedby={textId}
        />
      </Progress.Root>
      <Text id={textId} size="sm">
        {counts}
      </Text>
    </Stack>
  );
}

/**
 * A push notification to the selected users' devices (the bulk menu's 'Notification', spec 3
 * §7 `POST /devices/notifications/token`): a title and a message (required, as the contract says)
 * and an optional link. Sent, its progress shows as the notifications view's does (the
 * notifications feature's `useNotificationSend`: 'progressBar' events, the history when events
 * were missed and the user may read it); the dialog closes itself a moment after the success toast.
 * A failure leaves it open with its texts, to send again. Closed during the send, the send goes
 * on (the notifications history shows it) but is no longer followed here.
 */
export function BulkNotificationModal({ user, selected, onClose }: BulkNotificationModalProps) {
  const { t, i18n } = useTranslation();
  const notifyUsers = useNotifyUsers();
  const { state, send } = useNotificationSend(user.id, onClose, { canReadHistory: can(user, 'notifications') });
  const [texts, setTexts] = useState<Texts>(EMPTY);
  const [touched, setTouched] = useState(UNTOUCHED);
  const issues = textIssuesOf(texts);
  const isBusy = state.phase !== 'idle';

  const errorOf = (field: TextField) => {
    const issue = issues[field];
    return touched[field] && issue ? translateMessage(i18n, issue) : undefined;
  };
  const touch = (field: TextField) => setTouched((current) => ({ ...current, [field]: true }));
  const change = (field: TextField) => (event: { currentTarget: { value: string } }) => {
    const { value } = event.currentTarget;
    setTexts((current) => ({ ...current, [field]: value }));
  };

  const handleSend = () => {
    const body = {
      ids: selected.map((selectedUser) => selectedUser.id),
      title: texts.title.trim(),
      message: texts.message.trim(),
      link: texts.link.trim(),
    };
    send(() => notifyUsers.mutateAsync(body), 0);
  };

  return (
    <BulkModal
      title={t('users.bulk.titles.notification')}
      intro={t('users.bulk.notification.intro', {
        count: selected.length,
        formatted: formatCount(selected.length, i18n.language),
      })}
      size="lg"
      confirmLabel={t('users.bulk.notification.send')}
      cancelLabel={isBusy ? t('global.close') : undefined}
      isConfirmShown={!isBusy}
      canConfirm={selected.length > 0 && Object.keys(issues).length === 0}
      isPending={isBusy}
      onConfirm={handleSend}
      onClose={onClose}
    >
      <TextInput
        label={t('notifications.write.title')}
        required
        value={texts.title}
        maxLength={notifications.TITLE_MAX}
        readOnly={isBusy}
        error={errorOf('title')}
        onChange={change('title')}
        onBlur={() => touch('title')}
      />
      <Textarea
        label={t('users.bulk.notification.message')}
        required
        value={texts.message}
        maxLength={notifications.DESCRIPTION_MAX}
        autosize
        minRows={3}
        maxRows={8}
        readOnly={isBusy}
        error={errorOf('message')}
        onChange={change('message')}
        onBlur={() => touch('message')}
      />
      <TextInput
        label={t('notifications.write.link')}
        description={t('notifications.write.link_hint')}
        value={texts.link}
        maxLength={2000}
        readOnly={isBusy}
        error={errorOf('link')}
        onChange={change('link')}
        onBlur={() => touch('link')}
      />
      {state.phase !== 'idle' && <NotificationProgress state={state} />}
    </BulkModal>
  );
}
