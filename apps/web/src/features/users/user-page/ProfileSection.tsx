import type { NameRules, UserPage } from '@console/contract';
import { Button, Group, Stack, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AccessEditForm } from './AccessEditForm';
import { AccountLockAlert } from './AccountLockAlert';
import { DetailList, type Detail } from './DetailList';
import { NewSignInLinkButton } from './NewSignInLinkButton';
import { SecretText } from './SecretText';
import { SignInQrCode } from './SignInQrCode';

/** What the access edit form needs from the school; absent when the page may not be edited. */
export type AccessEditing = {
  rules: NameRules;
  /** Whether the user's school requires an e-mail of every user (its settings). */
  schoolRequiresEmail: boolean;
  isLoginTaken: (login: string) => boolean;
};

/**
 * The profile and access of a user (spec 3 §2.3): login, password, names, e-mail, level and the
 * QR code of the sign-in link; an edit form and a new sign-in link with FicheUser_profil at
 * Ecriture; a locked account says so, and an Administrateur unlocks it.
 */
export function ProfileSection({ page, editing }: { page: UserPage; editing: AccessEditing | null }) {
  const { t } = useTranslation();
  const [isEditing, setIsEditing] = useState(false);
  const { informations } = page;
  const canEdit = page.abilities.canEditProfile && editing !== null;
  const none = t('users.page.none');

  const details: Detail[] = [
    { label: t('users.page.fields.login'), value: informations.login },
    ...(informations.password !== null
      ? [
          {
            label: t('users.page.fields.password'),
            value: <SecretText value={informations.password} label={t('users.page.fields.password')} />,
          },
        ]
      : []),
    { label: t('users.page.fields.first_name'), value: informations.firstName },
    { label: t('users.page.fields.last_name'), value: informations.lastName },
    { label: t('users.page.fields.email'), value: informations.email ?? none },
    { label: t('users.page.fields.level'), value: informations.level ?? none },
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={3} fz="h4">
          {t('users.page.sections.profile')}
        </Title>
        {canEdit && !isEditing && (
          <Button variant="light" size="xs" leftSection={<IconPencil size={14} aria-hidden />} onClick={() => setIsEditing(true)}>
            {t('users.page.profile.edit')}
          </Button>
        )}
      </Group>
      <AccountLockAlert page={page} />
      {canEdit && isEditing ? (
        <AccessEditForm
          page={page}
          rules={editing.rules}
          schoolRequiresEmail={editing.schoolRequiresEmail}
          isLoginTaken={editing.isLoginTaken}
          onDone={() => setIsEditing(false)}
        />
      ) : (
        <Group align="flex-start" justify="space-between" gap="xl">
          <div style={{ flex: 1, minWidth: 240 }}>
            <DetailList details={details} />
          </div>
          {informations.qrCode !== null && (
            <Stack gap="xs" align="center">
              <SignInQrCode qrCode={informations.qrCode} />
              {page.abilities.canEditProfile && <NewSignInLinkButton userId={informations.userId} />}
            </Stack>
          )}
        </Group>
      )}
    </Stack>
  );
}
