import type { UserSearchResult } from '@console/contract';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useShell } from '#app/shell/ShellContext';
import { clearGridFilters } from '#features/schools/grid-filters';

/**
 * Opens a found user's page, over the users view of their school, which becomes active (the grid's
 * filters cleared if the school changes). Answers false for a user without a school, who cannot be opened.
 */
export function useOpenUser(): (user: Pick<UserSearchResult, 'id' | 'uai'>) => boolean {
  const { t } = useTranslation();
  const { activeSchoolUai, go } = useShell();
  return (user) => {
    if (!user.uai) {
      notifications.show({ color: 'yellow', message: t('user_search.no_school') });
      return false;
    }
    if (user.uai !== activeSchoolUai) clearGridFilters();
    go({ view: 'users', uai: user.uai, userId: user.id });
    return true;
  };
}
