import type { SchoolUser, UserPage, UserPageUpdate } from '@console/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { schoolsQueryKeys } from '#features/schools/api';
import { useMergeUserRows, usersQueryKeys, useUpdateUser } from '../api';
import { mergePageIntoRow } from './grid-row';

/**
 * Saves a user page (`PUT /users/{id}`): the answer replaces the page shown and refreshes the
 * user's row in the grid, in place. Rejects with the call's ApiError.
 */
export function useUserPageUpdate(userId: number) {
  const update = useUpdateUser();
  const queryClient = useQueryClient();
  const mergeUserRows = useMergeUserRows();
  const { mutateAsync } = update;

  const save = useCallback(
    async (body: UserPageUpdate): Promise<UserPage> => {
      const page = await mutateAsync({ id: userId, body });
      queryClient.setQueryData(usersQueryKeys.page(userId), page);
      const uai = page.informations.uai;
      const row = uai
        ? queryClient.getQueryData<{ users: SchoolUser[] }>(schoolsQueryKeys.users(uai))?.users.find((user) => user.id === userId)
        : undefined;
      if (uai && row) mergeUserRows(uai, [mergePageIntoRow(row, page)]);
      return page;
    },
    [mutateAsync, queryClient, mergeUserRows, userId],
  );
  return { save, isSaving: update.isPending };
}

/** The access part of a page as the update sends it when only applications change (the password left out is kept). */
export function unchangedAccessOf(page: UserPage): UserPageUpdate['informations'] {
  const { firstName, lastName, login, email } = page.informations;
  return { firstName, lastName, login, email };
}
