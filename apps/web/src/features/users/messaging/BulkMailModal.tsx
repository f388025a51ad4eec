import { users, type SchoolUser } from '@console/contract';
import { NativeSelect } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newActionKey, wasAlreadyReceived } from '#lib/api';
import { useMailUsers } from '../api';
import { BulkModal } from '../bulk/BulkModal';
import { notifyFailure } from '#ui/notify-failure';

type MailTemplateId = (typeof users.MAIL_TEMPLATE_IDS)[number];

type BulkMailModalProps = { selected: readonly SchoolUser[]; onClose: () => void };

const TEMPLATE_KEYS: Record<MailTemplateId, string> = {
  165: 'users.bulk.mail.templates.access',
  198: 'users.bulk.mail.templates.school_administrator_access',
  197: 'users.bulk.mail.templates.manager_access',
};

/** Mails the selected users who have an e-mail their access, by one of three templates (spec 3 §9). */
export function BulkMailModal({ selected, onClose }: BulkMailModalProps) {
  const { t } = useTranslation();
  const mail = useMailUsers();
  // One action per dialog and template: sending again after an error never mails twice.
  const [actionKey] = useState(newActionKey);
  const [templateId, setTemplateId] = useState<MailTemplateId>(users.MAIL_TEMPLATES.access);
  const recipients = users.mailRecipients(selected);

  const handleSend = () => {
    mail.mutate(
      {
        body: {
          users: recipients.map((user) => ({ idUser: user.id, email: user.email ?? undefined, login: user.login })),
          templateId,
        },
        actionKey: `${actionKey}-${templateId}`,
      },
      {
        onSuccess: ({ sent }) => {
          notifications.show({ color: 'teal', message: t('users.bulk.mail.sent', { count: sent }) });
          onClose();
        },
        onError: (error) =>
          wasAlreadyReceived(error)
            ? notifications.show({ color: 'red', message: t('users.bulk.mail.already_received') })
            : notifyFailure(error, t),
      },
    );
  };

  return (
    <BulkModal
      title={t('users.bulk.titles.mail')}
      intro={t('users.bulk.mail.recipients', {
        count: recipients.length,
        selected: t('users.grid.status.selected', { count: selected.length }),
      })}
      confirmLabel={t('users.bulk.mail.send')}
      canConfirm={recipients.length > 0}
      isPending={mail.isPending}
      onConfirm={handleSend}
      onClose={onClose}
    >
      <NativeSelect
        label={t('users.bulk.mail.template')}
        value={String(templateId)}
        data={users.MAIL_TEMPLATE_IDS.map((id) => ({ value: String(id), label: t(TEMPLATE_KEYS[id]) }))}
        onChange={(event) => setTemplateId(Number(event.currentTarget.value) as MailTemplateId)}
      />
    </BulkModal>
  );
}
