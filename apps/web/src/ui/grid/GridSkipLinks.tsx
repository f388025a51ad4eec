import type { GridApi } from 'ag-grid-community';
import { useId, useRef, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './GridSkipLinks.module.css';

type GridSkipLinksProps<Row> = {
  /** The grid's API, null until the grid is ready; the grid registers `ColumnApiModule` (its first column is asked for). */
  api: GridApi<Row> | null;
  /** What the list holds, as the links name it: 'utilisateurs', 'établissements'. */
  name: string;
  /** The grid, with its region if it has one. */
  children: ReactNode;
};

/**
 * Skip links around a grid (issue 12): 'Aller à la liste des …' moves focus to the grid's first
 * header, from where arrows reach the headers, filters and cells; 'Passer la liste des …' moves it
 * to the end-of-list mark right after the grid, from where Tab goes on to what follows. The links
 * and the mark show only while focused, over the grid's corner and under it, so that the layout
 * does not move.
 */
export function GridSkipLinks<Row>({ api, name, children }: GridSkipLinksProps<Row>) {
  const { t } = useTranslation();
  const listId = useId();
  const endId = useId();
  const endRef = useRef<HTMLDivElement>(null);

  const handleSkipTo = (event: MouseEvent<HTMLAnchorElement>) => {
    const firstColumn = api && !api.isDestroyed() ? api.getAllDisplayedColumns()[0] : undefined;
    // Before the grid is ready the link only scrolls to it, as a plain in-page link does.
    if (!api || !firstColumn) return;
    event.preventDefault();
    api.setFocusedHeader(firstColumn);
  };
  const handleSkipPast = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    endRef.current?.focus();
  };

  return (
    <div id={listId} className={classes.root}>
      <a href={`#${listId}`} className={classes.link} onClick={handleSkipTo}>
        {t('grid.keyboard.skip_to', { name })}
      </a>
      <a href={`#${endId}`} className={classes.link} onClick={handleSkipPast}>
        {t('grid.keyboard.skip_past', { name })}
      </a>
      {children}
      <div id={endId} ref={endRef} tabIndex={-1} className={classes.end}>
        {t('grid.keyboard.end', { name })}
      </div>
    </div>
  );
}
