import { users, type GridColumn } from '@console/contract';
import type { TFunction } from 'i18next';

/**
 * The columns with headers in the reader's language. The server names each column (`ColonneBDD`)
 * and gives its French header; the key names the translation: a field its own
 * (`users.grid.columns.lastname`), an option column its position, a code column its
 * application's name. An application's name is its own in every language; a key this browser does
 * not know keeps the server's header.
 */
export function translateColumns(columns: readonly GridColumn[], t: TFunction): GridColumn[] {
  const applicationNames = new Map<number, string>();
  for (const column of columns) {
    if (users.parseColumnKey(column.key)?.kind === 'application' && column.idApplication !== undefined)
      applicationNames.set(column.idApplication, column.label);
  }
  return columns.map((column) => ({ ...column, label: labelOf(column, applicationNames, t) }));
}

function labelOf(column: GridColumn, applicationNames: ReadonlyMap<number, string>, t: TFunction): string {
  const parsed = users.parseColumnKey(column.key);
  switch (parsed?.kind) {
    case 'field':
      return t(`users.grid.columns.${parsed.field}`, { defaultValue: column.label });
    case 'option':
      return t('users.grid.columns.option', { position: parsed.position, defaultValue: column.label });
    case 'code': {
      const name = applicationNames.get(parsed.applicationId);
      return name === undefined ? column.label : t('users.grid.columns.code', { name, defaultValue: column.label });
    }
    default:
      return column.label;
  }
}
