import type { SchoolUser, SessionUser } from '@console/contract';
import { Stack, Text, Title } from '@mantine/core';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '#lib/abilities';
import { useSchoolUsers } from '#features/schools/api';
import { useShell } from '#app/shell/ShellContext';
import { useColumnDefinitions } from '../api';
import { clearImportFilter, useImportFilterRequest } from '../import-filter';
import type { UsersGridHandle } from '../users-view';
import { BinPanel } from '../status/BinPanel';
import { UserPageDrawer } from '../user-page/UserPageDrawer';
import { UsersButtonBar } from './UsersButtonBar';
import { UsersGrid } from './UsersGrid';
import { translateColumns } from '../grid/column-labels';
import { LoadingBlock } from '#ui/LoadingBlock';
import { ErrorAlert } from '#ui/ErrorAlert';

const NO_USERS: readonly SchoolUser[] = [];

/**
 * The users view of the active school (spec 3 §2.1): the button bar, the grid (or the bin), and
 * the user page opened from a Login cell or from the user search. Each block shows only with its
 * right at Lecture.
 */
export function UsersView({ uai, user }: { uai: string; user: SessionUser }) {
  const { t } = useTranslation();
  const school = useSchoolUsers(uai);
  const columns = useColumnDefinitions(uai);
  const grid = useRef<UsersGridHandle | null>(null);
  // The selection belongs to the school it was made in: another school's grid starts with none.
  const [selection, setSelection] = useState<{ uai: string; users: readonly SchoolUser[] }>({ uai, users: [] });
  const selected = selection.uai === uai ? selection.users : NO_USERS;
  const handleSelectionChange = useCallback((rows: readonly SchoolUser[]) => setSelection({ uai, users: rows }), [uai]);
  const [isBinShown, setIsBinShown] = useState(false);

  // The open user page is part of the address (`/schools/{uai}/users/{id}`): opening one is a step
  // in the history, so Back returns to the grid; stepping to the previous or next user is not.
  const { place, go } = useShell();
  // The grid's filters and sort are the address's query: the user page keeps them, for Back and for a link.
  const isHere = place.view === 'users' && place.uai === uai;
  const openedUserId = isHere ? (place.userId ?? null) : null;
  const query = isHere ? (place.query ?? null) : null;
  const openUser = useCallback((userId: number) => go({ view: 'users', uai, userId, query }), [go, uai, query]);
  const stepToUser = useCallback(
    (userId: number) => go({ view: 'users', uai, userId, query }, { replace: true }),
    [go, uai, query],
  );
  const closeUser = useCallback(() => go({ view: 'users', uai, query }), [go, uai, query]);
  const address = useMemo(
    () => ({
      query,
      // Written once the grid has opened, maybe after the user has left for another view: only while here.
      onQueryChange: (next: string) =>
        go(
          { view: 'users', uai, userId: openedUserId, query: next },
          { replace: true, onlyFrom: { view: 'users', uai, userId: openedUserId } },
        ),
    }),
    [go, uai, openedUserId, query],
  );

  // A confirmed import asks for its users: the grid filters on its number once, then forgets the request.
  const importFilter = useImportFilterRequest(uai);

  // The server's headers are French: the grid shows them in the reader's language.
  const gridColumns = useMemo(() => columns.data && translateColumns(columns.data, t), [columns.data, t]);

  const getOrderedIds = useCallback(() => grid.current?.getOrderedIds() ?? [], []);
  const canSeeTable = can(user, 'Table');
  const canSeeUserPage = can(user, 'FicheUser');

  return (
    <Stack gap="md">
      <div>
        <Title order={1} fz="h2">
          {t('views.titles.users')}
        </Title>
        {school.data && (
          <Text c="dimmed" mt={4}>
            {t('schools.users.subtitle', { name: school.data.informations.name, count: school.data.users.length })}
          </Text>
        )}
      </div>
      {school.isPending || (canSeeTable && columns.isPending) ? (
        <LoadingBlock />
      ) : school.isError || columns.isError ? (
        <ErrorAlert />
      ) : (
        <>
          {can(user, 'ButtonBar') && (
            <UsersButtonBar
              school={school.data}
              user={user}
              selected={selected}
              grid={grid}
              isBinShown={isBinShown}
              onBinShownChange={setIsBinShown}
            />
          )}
          {isBinShown && <BinPanel uai={uai} />}
          {/* Kept mounted under the bin, so that its filters, selection and scroll stay. */}
          {canSeeTable && gridColumns && (
            <div hidden={isBinShown}>
              <UsersGrid
                school={school.data}
                columns={gridColumns}
                user={user}
                onSelectionChange={handleSelectionChange}
                onOpenUser={canSeeUserPage ? openUser : () => undefined}
                handleRef={grid}
                importFilter={importFilter?.importNumber ?? null}
                onImportFilterApplied={clearImportFilter}
                address={address}
              />
            </div>
          )}
        </>
      )}
      {canSeeUserPage && (
        <UserPageDrawer
          userId={openedUserId}
          user={user}
          getOrderedIds={getOrderedIds}
          onNavigate={stepToUser}
          onClose={closeUser}
        />
      )}
    </Stack>
  );
}
