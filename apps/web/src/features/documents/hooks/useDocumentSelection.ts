import type { documents } from '@console/contract';
import { useMemo, useState } from 'react';

/**
 * The ticked documents, by id. Only documents still listed count (the list may have loaded
 * again since they were ticked); `selected` is in the list's order.
 */
export function useDocumentSelection(files: readonly documents.Document[]) {
  const [ids, setIds] = useState<ReadonlySet<number>>(() => new Set());
  const selected = useMemo(() => files.filter((file) => ids.has(file.id)), [files, ids]);

  const toggle = (id: number) =>
    setIds((previous) => {
      const next = new Set(previous);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  /** Ticks or unticks these documents, the others as they are. */
  const setMany = (changed: readonly number[], isSelected: boolean) =>
    setIds((previous) => {
      const next = new Set(previous);
      for (const id of changed) {
        if (isSelected) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  /** Keeps ticked only those of these documents that were (the rows a search still shows). */
  const keepOnly = (kept: readonly number[]) =>
    setIds((previous) => (previous.size === 0 ? previous : new Set(kept.filter((id) => previous.has(id)))));
  const clear = () => setIds(new Set());

  return { selected, isSelected: (id: number) => ids.has(id), toggle, setMany, keepOnly, clear };
}
