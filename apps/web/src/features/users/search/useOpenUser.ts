import type { UserSearchResult } from '@console/contract';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useShell } from '#app/shell/ShellContext';
import { focusUser } from '#features/schools/focused-user';
import { useSelectSchool } from '#features/schools/hooks/useSelectSchool';

/**
 * Opens a found user: their school becomes active and the users view shows them first (the user
 * page comes with the users grid). Answers false for a user without a school, who cannot be opened.
 */
export function useOpenUser(): (user: Pick<UserSearchResult, 'id' | 'uai'>) => boolean {
  const { t } = useTranslation();
  const { setView } = useShell();
  const selectSchool = useSelectSchool();
  return (user) => {
    if (!user.uai) {
      notifications.show({ color: 'yellow', message: t('user_search.no_school') });
      return false;
    }
    selectSchool(user.uai);
    focusUser({ uai: user.uai, userId: user.id });
    setView('users');
    return true;
  };
}
