import { notifications, type SchoolUser, type SessionUser } from '@console/contract';
import { Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '#lib/abilities';
import { formatCount } from '#lib/format';
import { firstMessages, translateMessage } from '#lib/forms';
import { useNotificationSend } from '#features/notifications/api';
import { useNotifyUsers } from '../api';
import { BulkModal } from '../bulk/BulkModal';
import { SendingProgress } from '#ui/SendingProgress';

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
      {state.phase !== 'idle' && (
        <SendingProgress
          sent={state.phase === 'starting' ? 0 : state.sent}
          total={state.total}
          isDone={state.phase === 'sent'}
          label={t('notifications.sending.label')}
        />
      )}
    </BulkModal>
  );
}
