import { users, type School, type SchoolUser, type SessionUser } from '@console/contract';
import { notifications } from '@mantine/notifications';
import { IconUserCheck, IconUserOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { can } from '#lib/abilities';
import { useReloadSchoolUsers, useSetUsersDisabled } from '../api';
import { ReasonedButton } from '#ui/ReasonedButton';
import { deactivationEntryOf } from './user-flags';
import { notifyFailure } from '#ui/notify-failure';

type EnableDisableButtonProps = { school: School; user: SessionUser; selected: readonly SchoolUser[] };

const REASON_KEYS = {
  empty: 'users.actions.reasons.select',
  mixed: 'users.actions.reasons.mixed',
  self: 'users.actions.reasons.self_disable',
} as const;

/**
 * Disables an all-active selection or enables an all-disabled one (spec 3 §4); off for a mixed
 * selection or one holding the signed-in user.
 */
export function EnableDisableButton({ school, user, selected }: EnableDisableButtonProps) {
  const { t } = useTranslation();
  const setDisabled = useSetUsersDisabled();
  const reload = useReloadSchoolUsers();
  const state = users.enableDisableState(selected, user.id);
  const canWrite = can(user, 'ButtonBar_buttonActiveDesactiveUser', 'Ecriture');
  const reason = !canWrite ? t('users.actions.reasons.no_right') : state.action === null ? t(REASON_KEYS[state.reason]) : null;
  const label =
    state.action === 'enable'
      ? t('users.actions.enable')
      : state.action === 'disable'
        ? t('users.actions.disable')
        : t('users.actions.enable_disable');

  const handleClick = () => {
    if (state.action === null || setDisabled.isPending) return;
    const isDisabling = state.action === 'disable';
    setDisabled.mutate(
      { users: selected.map((selectedUser) => deactivationEntryOf(selectedUser, school.applications)), disable: isDisabling },
      {
        onSuccess: ({ count }) => {
          notifications.show({
            color: 'teal',
            message: t(isDisabling ? 'users.actions.disabled_done' : 'users.actions.enabled_done', { count }),
          });
          void reload(school.informations.uai);
        },
        onError: (error) => notifyFailure(error, t),
      },
    );
  };

  return (
    <ReasonedButton
      variant="default"
      leftSection={state.action === 'enable' ? <IconUserCheck size={16} aria-hidden /> : <IconUserOff size={16} aria-hidden />}
      loading={setDisabled.isPending}
      disabledReason={reason}
      onClick={handleClick}
    >
      {label}
    </ReasonedButton>
  );
}
