import type { GridColumn, ProfileName, School, SchoolUser } from '@console/contract';
import type { i18n as I18n } from 'i18next';
import { createRef } from 'react';
import { vi } from 'vitest';
import { createTestQueryClient, renderWithProviders } from '#test/render';
import { buildSessionUser } from '#test/users';
import { schoolsQueryKeys, useSchoolUsers } from '#features/schools/api';
import { UsersGrid } from '../components/UsersGrid';
import type { UsersGridHandle } from '../users-view';
import { buildGridColumns, buildGridSchool } from './test-fixtures';

type GridHarnessProps = {
  uai: string;
  columns: GridColumn[];
  onSelectionChange: (rows: SchoolUser[]) => void;
  onOpenUser: (id: number) => void;
  handle: React.RefObject<UsersGridHandle | null>;
  viewer: ProfileName;
};

/** The grid fed from the cached users answer, as the users view feeds it (edits merge into that cache). */
function GridHarness({ uai, columns, onSelectionChange, onOpenUser, handle, viewer }: GridHarnessProps) {
  const school = useSchoolUsers(uai);
  if (!school.data) return null;
  return (
    <UsersGrid
      school={school.data}
      columns={columns}
      user={buildSessionUser(viewer)}
      onSelectionChange={onSelectionChange}
      onOpenUser={onOpenUser}
      handleRef={handle}
    />
  );
}

/** Renders the users grid of a school whose answer is in the cache already, for a caller of `viewer`'s profile (an Administrateur by default). */
export function renderUsersGrid(
  i18n: I18n,
  {
    school = buildGridSchool(),
    columns = buildGridColumns(),
    viewer = 'Administrateur',
  }: { school?: School & { users: SchoolUser[] }; columns?: GridColumn[]; viewer?: ProfileName } = {},
) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(schoolsQueryKeys.users(school.informations.uai), school);
  const handle = createRef<UsersGridHandle>();
  const onSelectionChange = vi.fn<(rows: SchoolUser[]) => void>();
  const onOpenUser = vi.fn<(id: number) => void>();
  const props = { columns, onSelectionChange, onOpenUser, handle, viewer };
  const result = renderWithProviders(<GridHarness uai={school.informations.uai} {...props} />, {
    i18n,
    queryClient,
    withNotifications: true,
  });
  const showSchool = (next: School & { users: SchoolUser[] }) => {
    queryClient.setQueryData(schoolsQueryKeys.users(next.informations.uai), next);
    result.rerender(<GridHarness uai={next.informations.uai} {...props} />);
  };
  return { ...result, queryClient, handle, onSelectionChange, onOpenUser, showSchool };
}
