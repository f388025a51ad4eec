import { users } from '@console/contract';
import type { GridApi } from 'ag-grid-community';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDecryptPasswords } from '../api';
import { PASSWORD_COLUMN } from './grid-columns';
import type { UsersGridRow } from './grid-rows';
import { notifyFailure } from '#ui/notify-failure';

/**
 * The passwords shown in the Password column (issue 4 §4): asked with `POST /users/passwords/decrypt`
 * on demand, kept in this component's state only — never in the query cache or local storage —
 * and forgotten with the grid (another school mounts another grid).
 */
export function usePasswordReveal(api: GridApi<UsersGridRow> | null) {
  const { t } = useTranslation();
  const decrypt = useDecryptPasswords();
  const [revealed, setRevealed] = useState<ReadonlyMap<number, string | null>>(() => new Map());

  useEffect(() => {
    if (api && !api.isDestroyed()) api.refreshCells({ columns: [PASSWORD_COLUMN], force: true });
  }, [api, revealed]);

  const reveal = async (ids: readonly number[]) => {
    const wanted = ids.filter((id) => !revealed.has(id));
    if (wanted.length === 0) return;
    try {
      const found = new Map<number, string | null>();
      for (let start = 0; start < wanted.length; start += users.MAX_USERS_PER_ACTION) {
        const answer = await decrypt.mutateAsync(wanted.slice(start, start + users.MAX_USERS_PER_ACTION));
        for (const { id, password } of answer.passwords) found.set(id, password);
      }
      setRevealed((previous) => new Map([...previous, ...found]));
    } catch (error) {
      notifyFailure(error, t);
    } finally {
      decrypt.reset();
    }
  };

  return { passwordOf: (id: number) => revealed.get(id), reveal, isRevealing: decrypt.isPending };
}
