import type { SessionUser } from '@console/contract';
import { Group } from '@mantine/core';
import { can } from '#lib/abilities';
import { AddSchoolButton } from '#features/schools/components/AddSchoolButton';
import { SchoolPickerButton } from '#features/schools/components/SchoolPickerButton';
import { UserSearchBox } from '#features/users/search/UserSearchBox';

/**
 * The top bar's school tools, each with its right: user search (NavBar_searchUser), add-school
 * button (NavBar_addEtablissement at Ecriture) and school picker (NavBar_searchEtablissement, Ctrl/Cmd+E).
 */
export function TopBarSchoolTools({ user }: { user: SessionUser }) {
  const canSearchUsers = can(user, 'NavBar_searchUser');
  const canAddSchools = can(user, 'NavBar_addEtablissement', 'Ecriture');
  const canPickSchools = can(user, 'NavBar_searchEtablissement');
  if (!canSearchUsers && !canAddSchools && !canPickSchools) return null;
  return (
    <Group gap="xs" wrap="nowrap">
      {canSearchUsers && <UserSearchBox />}
      {canAddSchools && <AddSchoolButton />}
      {canPickSchools && <SchoolPickerButton user={user} />}
    </Group>
  );
}
